/**
 * The OpenAPI document the server serves at /api/docs/json, made without a server running: the app
 * built on an empty in-memory PGlite. `tools/api-types` turns it into the web client's types.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest, openDatabase } from '../src/db/client.ts';

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const handle = await openDatabase({});
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ecofoyer-openapi-'));
  try {
    await migrateToLatest(handle);
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'openapi-document-openapi-document-42',
      DEMO: 'false',
      LOG_LEVEL: 'silent',
      RAPPELCONSO_URL: '',
      EPREL_API_URL: 'off',
      OPF_API_URL: 'off',
    });
    const app = await buildApp({ config, db: handle.db, logger: false });
    await app.ready();
    const document = app.swagger() as unknown as Record<string, unknown>;
    await app.close();
    return document;
  } finally {
    await handle.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
