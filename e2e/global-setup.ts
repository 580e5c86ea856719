import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig, REPO_ROOT } from '../packages/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/client.ts';
import { loadReferenceData } from '../packages/server/src/db/reference.ts';
import { dropTestSchemas } from '../packages/server/test/global-setup.ts';
import { cleanDb, workerDb } from '../packages/server/test/test-db.ts';
import { startIdentificationFixtures } from '../packages/server/test/identification-fixtures.ts';
import { rappelConsoServer } from '../packages/server/test/rappelconso-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

/**
 * The real server (built web app + API) on a free port, on a fresh database: a PGlite in a temp
 * folder, or with DATABASE_URL a fresh PostgreSQL schema. Mails land in the temp outbox.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ecofoyer-e2e-'));
  // Mails go through a real SMTP server (reminder mails), which files each one in the
  // outbox the tests read, named after its recipient.
  const outbox = path.join(dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true });
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        for (const rcpt of session.envelope.rcptTo) {
          const safeTo = rcpt.address.replace(/[^a-z0-9@._-]/gi, '_');
          writeFileSync(path.join(outbox, `${Date.now()}-${String(received).padStart(6, '0')}-${safeTo}.eml`), Buffer.concat(chunks));
        }
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const smtpPort = (smtp.server.address() as { port: number }).port;
  // RappelConso's recorded answers: the recall watch reads them when a spec moves the clock.
  const rappelConso = await rappelConsoServer();
  // EPREL and Open Products Facts answering from their fixtures: e2e/energy-label.spec.ts.
  const identification = await startIdentificationFixtures();
  const config = loadConfig({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    EPREL_API_URL: identification.eprelUrl,
    OPF_API_URL: identification.opfUrl,
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    DEMO: 'true',
    // The legal pages name who runs the instance: e2e/legal.spec.ts reads these.
    EDITOR_NAME: 'Association Répare Ton Quartier',
    EDITOR_ADDRESS: '4 rue des Artisans, 69007 Lyon',
    EDITOR_EMAIL: 'contact@repare-ton-quartier.fr',
    SCHEDULER_INTERVAL_SECONDS: '0',
    RAPPELCONSO_URL: rappelConso.url,
    RAPPELCONSO_PAGE_SIZE: '2',
    WEB_DIST: path.join(REPO_ROOT, 'packages/web/dist'),
    // Every browser test signs in from 127.0.0.1: the per-address limit is tested at the API level.
    RATE_LIMIT_SIGNIN_PER_IP: '10000',
    RATE_LIMIT_FORGOT_PER_IP: '10000',
    RATE_LIMIT_SIGNUP_PER_IP: '10000',
    RATE_LIMIT_RESET_PER_IP: '10000',
  });
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  if (process.env.DATABASE_URL) {
    await dropTestSchemas();
    handle = await workerDb();
    await cleanDb(handle);
  } else {
    handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await migrateToLatest(handle);
  }
  await loadReferenceData(handle.db);
  // Real time plus an offset the notification test moves (test-only route below, never in the app).
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const app = await buildApp({ config, db: handle.db, clock, logger: true });
  app.post('/__e2e/clock', async (req) => {
    offsetMs = Number((req.body as { offsetMs?: number }).offsetMs ?? 0);
    const created = await app.services.notifications.tick();
    return { now: clock.now().toISOString(), created: created.length };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The background work runs as in production (the dossier's build): start.ts starts it there.
  app.deps.runner.start();
  const { port } = app.server.address() as { port: number };
  // Mailed links must point at this server.
  (config as { appUrl: string }).appUrl = `http://localhost:${port}`;
  project.provide('baseURL', `http://localhost:${port}`);
  project.provide('dataDir', dataDir);

  return async () => {
    await app.close();
    await identification.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await rappelConso.close();
    await handle.close();
    await dropTestSchemas();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
