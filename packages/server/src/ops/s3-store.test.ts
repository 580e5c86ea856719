import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStore } from '../lib/s3-file-store.ts';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app.ts';
import { multipart, PNG } from '../../test/multipart.ts';
import { startS3 } from '../../test/s3-server.ts';
import { freshSchemaUrl, LIFTED_LIMITS, type ServerProcess, startServer, tempDataDir } from '../../test/server-process.ts';
import { exportHousehold, readArchive } from './household-backup.ts';

/** The app with its files on an S3-compatible store, against a real S3-protocol server. */
let s3: Awaited<ReturnType<typeof startS3>>;

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.close();
});

async function objects(prefix = ''): Promise<string[]> {
  const store = new S3FileStore({ ...s3.settings, prefix });
  const keys: string[] = [];
  for await (const f of store.list()) keys.push(f.key);
  store.close();
  return keys.sort();
}

describe('the app with S3_ENDPOINT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...s3.env, S3_PREFIX: 'api/' });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('stores uploads in the bucket, not on the disk, serves them through signed URLs, sweeps orphans and exports them', async () => {
    const me = await signedInUser(t, 's3@exemple.fr');
    const form = await multipart({ name: 'Buanderie', image: { filename: 'b.png', data: PNG } });
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/V1/profils/users/${me.id}/foyers/univers`,
      headers: { ...me.headers, ...form.headers },
      payload: form.payload,
    });
    expect(created.statusCode).toBe(201);
    const universe = (
      await t.app.inject({ url: `/api/V1/profils/users/${me.id}/foyers/univers/${created.json().univer_id}`, headers: me.headers })
    ).json();
    const key = decodeURIComponent(new URL(universe.image, 'http://x').pathname.replace('/api/V1/files/', ''));
    expect(await objects('api/')).toEqual([key]);
    expect(existsSync(path.join(t.dataDir, 'files')) ? readdirSync(path.join(t.dataDir, 'files')) : []).toEqual([]);
    const served = await t.app.inject({ url: universe.image });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // A file no row names (a process killed between the file and its row) is swept.
    const orphan = `users/${me.id}/00000000-0000-4000-8000-000000000000.png`;
    const store = new S3FileStore({ ...s3.settings, prefix: 'api/' });
    await store.put(orphan, PNG);
    expect(await t.app.services.files.sweepOrphans(new Date(Date.now() + 60_000))).toBe(1);
    expect(await objects('api/')).toEqual([key]);

    // The household backup reads the files from the bucket.
    const { files } = await readArchive(await exportHousehold({ db: t.db, store, clock: t.clock }, me.id));
    expect([...files.keys()]).toEqual([key]);
    store.close();

    // Deleting the universe deletes its object.
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/V1/profils/users/${me.id}/foyers/univers/${created.json().univer_id}`,
          headers: me.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect(await objects('api/')).toEqual([]);
  });
});

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('two server processes on one PostgreSQL and one bucket', () => {
  it('see each other’s uploads, each with its own local disk', async () => {
    const schema = await freshSchemaUrl(databaseUrl!, 's3');
    const dirs = [tempDataDir('s3-a'), tempDataDir('s3-b')];
    const servers: ServerProcess[] = [];
    try {
      const env = {
        DATABASE_URL: schema.url,
        JWT_SECRET: 'replica-secret-replica-secret-replica-42',
        SCHEDULER_INTERVAL_SECONDS: '0',
        ...LIFTED_LIMITS,
        ...s3.env,
        S3_PREFIX: 'replicas/',
      };
      servers.push(...(await Promise.all(dirs.map((DATA_DIR) => startServer({ ...env, DATA_DIR })))));
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const json = (url: string, body: unknown, auth?: string) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
          body: JSON.stringify(body),
        });
      await json(`${a.url}/api/auth/signup`, {
        firstname: 'Camille',
        lastname: 'Durand',
        email: 'replica-s3@exemple.fr',
        password: 'Secret1!ok',
      });
      const session = (await (
        await json(`${b.url}/api/auth/signin`, { username: 'replica-s3@exemple.fr', password: 'Secret1!ok' })
      ).json()) as { id: number; accessToken: string };
      const auth = `Bearer ${session.accessToken}`;
      const form = await multipart({ name: 'Garage', image: { filename: 'g.png', data: PNG } });
      const created = await fetch(`${a.url}/api/V1/profils/users/${session.id}/foyers/univers`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': form.headers['content-type'] },
        body: new Uint8Array(form.payload),
      });
      expect(created.status).toBe(201);
      const universe = (await (
        await fetch(
          `${b.url}/api/V1/profils/users/${session.id}/foyers/univers/${((await created.json()) as { univer_id: number }).univer_id}`,
          { headers: { authorization: auth } },
        )
      ).json()) as { image: string };
      // Uploaded through A, read through B.
      const served = await fetch(`${b.url}${universe.image}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
      expect((await objects('replicas/')).length).toBe(1);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await schema.drop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  }, 60_000);
});
