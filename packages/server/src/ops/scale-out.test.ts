import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '../db/client.ts';
import { migrations } from '../db/migrations/index.ts';
import { freshSchemaUrl, LIFTED_LIMITS, type ServerProcess, startServer, tempDataDir } from '../../test/server-process.ts';
import { multipart, PNG } from '../../test/multipart.ts';

/**
 * Two real server processes (`node --import tsx src/main.ts`) on one PostgreSQL schema, as
 * several replicas behind a load balancer: requests for the same users alternate between them.
 * PGlite is one process's database, so this needs DATABASE_URL (CI runs the suite on both).
 */
const databaseUrl = process.env.DATABASE_URL;
const PASSWORD = 'Secret1!ok';

interface User {
  id: number;
  auth: string;
  refreshToken: string;
}

describe.skipIf(!databaseUrl)('two server processes on one PostgreSQL (skipped: set DATABASE_URL to run it)', () => {
  let servers: ServerProcess[] = [];
  let schema: Awaited<ReturnType<typeof freshSchemaUrl>>;
  let dataDir: string;
  let handle: DbHandle;
  const replica = (i: number) => servers[i % 2]!;

  async function call(
    i: number,
    path: string,
    init: { method?: string; auth?: string; json?: unknown; form?: Awaited<ReturnType<typeof multipart>> } = {},
  ) {
    const headers: Record<string, string> = {};
    if (init.auth) headers.authorization = init.auth;
    let body: RequestInit['body'];
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = init.form.headers['content-type'];
      body = new Uint8Array(init.form.payload);
    }
    const res = await fetch(`${replica(i).url}${path}`, { method: init.method ?? 'GET', headers, body });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  async function signUp(email: string): Promise<User> {
    expect(
      (await call(0, '/api/auth/signup', { method: 'POST', json: { firstname: 'Camille', lastname: 'Durand', email, password: PASSWORD } }))
        .status,
    ).toBe(201);
    const signin = await call(1, '/api/auth/signin', { method: 'POST', json: { username: email, password: PASSWORD } });
    expect(signin.status).toBe(200);
    return { id: signin.body.id, auth: `Bearer ${signin.body.accessToken}`, refreshToken: signin.body.refreshToken };
  }

  beforeAll(async () => {
    schema = await freshSchemaUrl(databaseUrl!, 'scale');
    // What replicas share besides the database: the signing key, the push keys and the files.
    dataDir = tempDataDir('scale');
    const vapid = webPush.generateVAPIDKeys();
    const env = {
      DATABASE_URL: schema.url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'replica-secret-replica-secret-replica-42',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      SCHEDULER_INTERVAL_SECONDS: '1',
      // An open session is trusted 200 ms per process: a sign-out reaches the other replica by then.
      SESSION_CHECK_CACHE_MS: '200',
      ...LIFTED_LIMITS,
    };
    // Started together: both migrate and load the reference data at the same moment.
    servers = await Promise.all([startServer(env), startServer(env)]);
    handle = await openDatabase({ databaseUrl: schema.url, poolSize: 2 });
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await handle?.close();
    await schema?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates once and lets a session opened on one replica work on the other', async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(handle.db);
    expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(migrations).sort());
    const user = await signUp('session@exemple.fr');
    expect((await call(0, `/api/V1/profils/users/${user.id}/appliances`, { auth: user.auth })).status).toBe(200);
    // A refresh token issued by replica 1 renews on replica 0, once (rotation is in the database).
    const renewed = await call(0, '/api/auth/refreshtoken', { method: 'POST', json: { refreshToken: user.refreshToken } });
    expect(renewed.status).toBe(200);
    // The other replica, asked again at once (a second tab), answers the same successor: one rotation.
    const again = await call(1, '/api/auth/refreshtoken', { method: 'POST', json: { refreshToken: user.refreshToken } });
    expect(again.status).toBe(200);
    expect(again.body.refreshToken).toBe(renewed.body.refreshToken);
  });

  it('refuses on the other replica, within SESSION_CHECK_CACHE_MS, an access token signed out through one', async () => {
    const user = await signUp('signout@exemple.fr');
    const tablet = (await call(0, '/api/auth/signin', { method: 'POST', json: { username: 'signout@exemple.fr', password: PASSWORD } }))
      .body;
    const appliances = `/api/V1/profils/users/${user.id}/appliances`;
    // Both replicas have seen the session open (and cache that answer).
    for (const i of [0, 1]) expect((await call(i, appliances, { auth: user.auth })).status).toBe(200);

    expect((await call(0, '/api/auth/signout', { method: 'POST', json: { refreshToken: user.refreshToken } })).status).toBe(204);
    const here = await call(0, appliances, { auth: user.auth });
    expect([here.status, here.body.code], 'at once on the replica that signed out').toEqual([401, 'SESSION_REVOKED']);
    const signedOutAt = Date.now();
    let there = await call(1, appliances, { auth: user.auth });
    while (there.status === 200 && Date.now() - signedOutAt < 3000) {
      await new Promise((r) => setTimeout(r, 25));
      there = await call(1, appliances, { auth: user.auth });
    }
    expect([there.status, there.body.code], 'on the other replica within the cache time').toEqual([401, 'SESSION_REVOKED']);
    for (const i of [0, 1])
      expect((await call(i, appliances, { auth: `Bearer ${tablet.accessToken}` })).status, 'another session lives on').toBe(200);
  });

  it('keeps every event and appliance added concurrently through both replicas (no lost update)', async () => {
    const user = await signUp('concurrent@exemple.fr');
    const base = `/api/V1/profils/users/${user.id}`;
    const kitchen = await call(0, `${base}/foyers/univers`, {
      method: 'POST',
      auth: user.auth,
      form: await multipart({ name: 'Cuisine', description: '' }),
    });
    expect(kitchen.status).toBe(201);
    const appliances = await Promise.all(
      Array.from({ length: 10 }, async (_, i) =>
        call(i, `${base}/foyers/univers/${kitchen.body.univer_id}/appliances`, {
          method: 'POST',
          auth: user.auth,
          form: await multipart({
            data: JSON.stringify({ prod_id: 1, marque: `Marque ${i}`, modele: `M${i}` }),
            image: { filename: 'a.png', data: PNG, type: 'image/png' },
          }),
        }),
      ),
    );
    expect(appliances.map((r) => r.status)).toEqual(Array(10).fill(201));
    const events = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i, `${base}/events`, {
          method: 'POST',
          auth: user.auth,
          json: { title: `Entretien ${i}`, dt_realisation: '2027-01-15T09:00:00Z', applianceId: appliances[i % 10]!.body.id },
        }),
      ),
    );
    expect(events.map((r) => r.status)).toEqual(Array(20).fill(201));
    for (const i of [0, 1]) {
      expect((await call(i, `${base}/appliances`, { auth: user.auth })).body).toHaveLength(10);
      expect((await call(i, `${base}/events`, { auth: user.auth })).body.map((e: { title: string }) => e.title).sort()).toEqual(
        Array.from({ length: 20 }, (_, k) => `Entretien ${k}`).sort(),
      );
    }
    // Concurrent notes on different events of one appliance: each keeps its own.
    const notes = await Promise.all(
      events
        .slice(0, 6)
        .map((e, i) => call(i, `${base}/events/${e.body.id}`, { method: 'PUT', auth: user.auth, json: { note: `Note ${i}` } })),
    );
    expect(notes.map((r) => r.body.note)).toEqual(Array.from({ length: 6 }, (_, i) => `Note ${i}`));
    const stored = await handle.db
      .selectFrom('events')
      .select(['id', 'note'])
      .where('foyer_id', '=', user.id)
      .where('note', 'is not', null)
      .execute();
    expect(stored).toHaveLength(6);
  });

  it('awards a badge once when both replicas see the rule met at the same moment', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, (_, i) => signUp(`badge${i}@exemple.fr`)));
    await Promise.all(
      users.map(async (user) => {
        const base = `/api/V1/profils/users/${user.id}`;
        const room = await call(0, `${base}/foyers/univers`, {
          method: 'POST',
          auth: user.auth,
          form: await multipart({ name: 'Salon', description: '' }),
        });
        // Two first appliances at once, one on each replica: "Premier appareil" is earned by both requests.
        const created = await Promise.all(
          [0, 1].map(async (i) =>
            call(i, `${base}/foyers/univers/${room.body.univer_id}/appliances`, {
              method: 'POST',
              auth: user.auth,
              form: await multipart({ data: JSON.stringify({ prod_id: 2, marque: 'B', modele: `X${i}` }) }),
            }),
          ),
        );
        expect(created.map((r) => r.status)).toEqual([201, 201]);
      }),
    );
    for (const user of users) {
      const badges = await handle.db.selectFrom('user_badges').select('ref_badge_id').where('user_id', '=', user.id).execute();
      expect(new Set(badges.map((b) => b.ref_badge_id)).size).toBe(badges.length);
      expect(badges.length).toBeGreaterThanOrEqual(1);
      const challenges = await handle.db
        .selectFrom('notifications')
        .select('dedupe_key')
        .where('user_id', '=', user.id)
        .where('type', '=', 'CHALLENGE')
        .execute();
      expect(challenges).toHaveLength(badges.length);
      expect((await call(1, `/api/V1/profils/users/${user.id}/badges`, { auth: user.auth })).body).toHaveLength(badges.length);
    }
  });

  it('creates each due maintenance notification once with the scheduler ticking in both processes, and marks it read once', async () => {
    const user = await signUp('scheduler@exemple.fr');
    const base = `/api/V1/profils/users/${user.id}`;
    const hour = 3_600_000;
    const now = Date.now();
    // Due an hour ago ("due") and in 12 hours ("eve"): each gets exactly one notification.
    const dates = [now - hour, now - 2 * hour, now - 3 * hour, now + 12 * hour, now + 13 * hour];
    const events = await Promise.all(
      dates.map((t, i) =>
        call(i, `${base}/events`, {
          method: 'POST',
          auth: user.auth,
          json: { title: `Entretien ${i}`, dt_realisation: new Date(t).toISOString() },
        }),
      ),
    );
    expect(events.map((r) => r.status)).toEqual(Array(5).fill(201));
    // Both schedulers tick every second: wait for the notifications, then for a few more ticks.
    const deadline = Date.now() + 15_000;
    const maintenance = () =>
      handle.db
        .selectFrom('notifications')
        .select(['id', 'dedupe_key', 'event_id'])
        .where('user_id', '=', user.id)
        .where('type', '=', 'MAINTENANCE')
        .execute();
    while ((await maintenance()).length < dates.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 2500));
    const rows = await maintenance();
    expect(rows).toHaveLength(dates.length);
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(dates.length);
    for (const s of servers) expect(s.output()).not.toMatch(/tick failed/);

    // "Mark read" sent to both replicas at once: both answer READ, the unread count drops by one.
    const before = (await call(0, `${base}/notifs/count`, { auth: user.auth })).body as number;
    const target = rows[0]!.id;
    const marks = await Promise.all(
      [0, 1, 0, 1].map((i) => call(i, `${base}/notifs/${target}`, { method: 'PUT', auth: user.auth, json: { status: 'READ' } })),
    );
    expect(marks.map((r) => [r.status, r.body.status])).toEqual(Array(4).fill([200, 'READ']));
    expect((await call(1, `${base}/notifs/count`, { auth: user.auth })).body).toBe(before - 1);
  });
});
