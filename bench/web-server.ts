import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig, REPO_ROOT } from '../packages/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/client.ts';
import { loadReferenceData } from '../packages/server/src/db/reference.ts';

/**
 * The real server (built web app + API) on a free port of 127.0.0.1, on a fresh PGlite with the
 * reference data and the demo account, as the browser tests run it (e2e/global-setup.ts).
 * Builds the web app first when a source is newer than dist/.
 */
export async function startWebServer(): Promise<{ baseURL: string; close: () => Promise<void> }> {
  execSync('node packages/web/scripts/build-if-needed.mjs', { cwd: REPO_ROOT, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ecofoyer-web-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    DEMO: 'true',
    SCHEDULER_INTERVAL_SECONDS: '0',
    WEB_DIST: path.join(REPO_ROOT, 'packages/web/dist'),
  });
  const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await migrateToLatest(handle);
  await loadReferenceData(handle.db);
  const app = await buildApp({ config, db: handle.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    baseURL: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
