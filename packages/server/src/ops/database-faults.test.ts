import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { API_MSG } from '@ecofoyer/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, REPO_ROOT } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/client.ts';
import { loadReferenceData } from '../db/reference.ts';
import { freePort, freshSchemaUrl, tempDataDir } from '../../test/server-process.ts';

/**
 * A database that stalls or loses its schema under the running server: the
 * API answers 503 within a bounded time and /api/health says so. PostgreSQL only: PGlite lives in
 * the process and cannot be stalled or dropped from outside it.
 */
const databaseUrl = process.env.DATABASE_URL;

async function appOn(url: string, statementTimeoutMs: number) {
  const handle = await openDatabase({ databaseUrl: url, statementTimeoutMs, poolSize: 4 });
  await migrateToLatest(handle);
  await loadReferenceData(handle.db);
  const config = loadConfig({
    DATA_DIR: tempDataDir('dbfaults'),
    JWT_SECRET: 'test-secret-test-secret-test-secret-42',
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SIGNUP_PER_IP: '1000',
  });
  const app = await buildApp({ config, db: handle.db, logger: false });
  await app.ready();
  const email = 'stall@exemple.fr';
  await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { firstname: 'Camille', lastname: 'Durand', email, password: 'Secret1!ok' },
  });
  const me = (
    await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: email, password: 'Secret1!ok' } })
  ).json() as { id: number; accessToken: string };
  return { app, handle, me, headers: { authorization: `Bearer ${me.accessToken}` } };
}

describe.skipIf(!databaseUrl)('database stalled or emptied under the server (PostgreSQL)', () => {
  it('answers 503 within the statement timeout when a statement waits on a lock, instead of hanging', async () => {
    const schema = await freshSchemaUrl(databaseUrl!, 'stall');
    const { app, handle, me, headers } = await appOn(schema.url, 500);
    const blocker = await openDatabase({ databaseUrl: schema.url, poolSize: 1 });
    try {
      await blocker.db.transaction().execute(async (trx) => {
        await sql`lock table appliances in access exclusive mode`.execute(trx);
        const res = await app.inject({ url: `/api/V1/profils/users/${me.id}/appliances`, headers });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ message: API_MSG.dbUnavailable, code: 'DATABASE_UNAVAILABLE' });
      });
      expect((await app.inject({ url: `/api/V1/profils/users/${me.id}/appliances`, headers })).statusCode).toBe(200);
    } finally {
      await blocker.close();
      await app.close();
      await handle.close();
      await schema.drop();
    }
  });

  it('says 503 on /api/health and on every call once the schema is dropped, not 200 and 500', async () => {
    const schema = await freshSchemaUrl(databaseUrl!, 'emptied');
    const { app, handle, me, headers } = await appOn(schema.url, 5000);
    try {
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      await schema.drop();
      expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'degraded', db: 'down', disk: 'ok' });
      const res = await app.inject({ url: `/api/V1/profils/users/${me.id}/appliances`, headers });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(API_MSG.dbUnavailable);
    } finally {
      await app.close();
      await handle.close();
      await schema.drop();
    }
  });

  it('says 503 on /api/health when the schema is behind this version', async () => {
    const schema = await freshSchemaUrl(databaseUrl!, 'behind');
    const { app, handle } = await appOn(schema.url, 5000);
    try {
      await sql`delete from kysely_migration where name = (select max(name) from kysely_migration)`.execute(handle.db);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await app.close();
      await handle.close();
      await schema.drop();
    }
  });
});

describe('starting against a database that does not answer', () => {
  it('exits with one clear line naming the address, no stack trace', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATA_DIR: tempDataDir('noport'),
        PORT: '0',
        DEMO: 'false',
        DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${port}/test`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(`Base de données injoignable (127.0.0.1:${port}/test)`);
    expect(stderr).not.toContain('secret');
  });
});
