import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { loadReferenceData } from '../src/db/reference.ts';
import { MailQueue } from '../src/lib/mail-queue.ts';
import { cleanDb, workerDb } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  db: Db;
  clock: ManualClock;
  config: Config;
  /** Sends what the mail queue holds, then reads the mails written to the outbox, oldest first. */
  outbox(): Promise<string[]>;
}

/** The real app on the worker's real database (cleaned first), a temp DATA_DIR and a movable clock. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const handle = await workerDb();
  await cleanDb(handle);
  await loadReferenceData(handle.db);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ecofoyer-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-42',
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    // Every test signs up from 127.0.0.1: the sign-up limit itself is tested in auth.test.ts.
    RATE_LIMIT_SIGNUP_PER_IP: '100000',
    // No test reaches the network: the recall watch is off unless a test points it at its fixture server.
    RAPPELCONSO_URL: '',
    // Nor the energy label's registry or Open Products Facts: identification.test.ts points them at its fixtures.
    EPREL_API_URL: 'off',
    OPF_API_URL: 'off',
    ...env,
  });
  const clock = new ManualClock('2026-11-21T09:00:00Z');
  const app = await buildApp({ config, db: handle.db, clock, logger: false });
  await app.ready();
  const outboxDir = path.join(dataDir, 'outbox');
  return {
    app,
    dataDir,
    db: handle.db,
    clock,
    config,
    async outbox() {
      if (app.deps.mailer instanceof MailQueue) await app.deps.mailer.drain();
      let files: string[] = [];
      try {
        files = readdirSync(outboxDir).sort();
      } catch {
        return [];
      }
      return files.map((f) => readFileSync(path.join(outboxDir, f), 'utf8'));
    },
  };
}

/** The reset link of a mail (quoted-printable soft breaks undone). */
export function resetTokenFromMail(mail: string): string {
  const body = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(body);
  if (!match) throw new Error('no reset link in mail');
  return decodeURIComponent(match[1]);
}

/** A user signed up and signed in through the API. */
export async function signedInUser(t: TestApp, email: string) {
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { firstname: 'Camille', lastname: 'Durand', email, password: 'Secret1!ok' },
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: email, password: 'Secret1!ok' } });
  const body = res.json() as { id: number; accessToken: string };
  return { id: body.id, headers: { authorization: `Bearer ${body.accessToken}` } };
}

/** Every file under DATA_DIR/files (a failed upload must leave none behind). */
export function storedFiles(t: TestApp): string[] {
  const root = path.join(t.dataDir, 'files');
  try {
    return (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.(jpg|png|webp|pdf|part)$/.test(f));
  } catch {
    return [];
  }
}
