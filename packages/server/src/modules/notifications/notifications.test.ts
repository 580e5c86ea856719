import { createECDH, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { workerDb } from '../../../test/test-db.ts';

let t: TestApp;
let me: Awaited<ReturnType<typeof signedInUser>>;

const base = (id: number) => `/api/V1/profils/users/${id}`;
const START = '2026-11-21T09:00:00Z';

beforeAll(async () => {
  t = await createTestApp();
  me = await signedInUser(t, 'moi@exemple.fr');
});
afterAll(async () => {
  await t.app.close();
});

async function plan(user: typeof me, title: string, when: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base(user.id)}/events`,
    headers: user.headers,
    payload: { title, dt_realisation: when },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

async function notifs(user: typeof me) {
  const fresh = await signedInUser(t, user === me ? 'moi@exemple.fr' : 'x@exemple.fr');
  const list = (await t.app.inject({ url: `${base(user.id)}/notifs`, headers: fresh.headers })).json();
  const count = (await t.app.inject({ url: `${base(user.id)}/notifs/count`, headers: fresh.headers })).json();
  return { list, count, headers: fresh.headers };
}

describe('maintenance notifications', () => {
  it('are created the day before and when due, once each, as the clock moves', async () => {
    t.clock.set(START);
    const e = await plan(me, 'Nettoyer le filtre du lave-linge', '2026-11-24T09:00:00Z');
    expect(await t.app.services.notifications.tick()).toHaveLength(0);

    t.clock.set('2026-11-23T10:00:00Z');
    expect(await t.app.services.notifications.tick()).toHaveLength(1);
    expect(await t.app.services.notifications.tick()).toHaveLength(0);
    let state = await notifs(me);
    expect(state.count).toBe(1);
    expect(state.list[0]).toMatchObject({
      type: 'MAINTENANCE',
      status: 'ACTIF',
      title: 'Demain : Nettoyer le filtre du lave-linge',
      event: { id: e.id },
    });

    t.clock.set('2026-11-24T09:30:00Z');
    await t.app.services.notifications.tick();
    await t.app.services.notifications.tick();
    state = await notifs(me);
    expect(state.count).toBe(2);
    expect(state.list[0]).toMatchObject({
      title: 'C’est le jour : Nettoyer le filtre du lave-linge',
      message: expect.stringContaining('prévu aujourd’hui'),
    });

    // ACTIF → READ, and the count falls.
    const read = await t.app.inject({
      method: 'PUT',
      url: `${base(me.id)}/notifs/${state.list[0].id}`,
      headers: state.headers,
      payload: { status: 'read' },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().status).toBe('READ');
    expect((await notifs(me)).count).toBe(1);
  });

  it('say when a task is late, with its own date, never « aujourd’hui » for a task due two days ago', async () => {
    t.clock.set('2026-11-20T09:00:00Z');
    const e = await plan(me, 'Détartrer la bouilloire', '2026-11-22T08:00:00Z');
    // The server was stopped over the weekend: the first tick after is two days late.
    t.clock.set('2026-11-24T07:30:00Z');
    const created = await t.app.services.notifications.tick();
    const late = created.find((n) => n.event_id === e.id && n.dedupe_key.endsWith(':due'))!;
    expect(late).toMatchObject({
      title: 'En retard : Détartrer la bouilloire',
      message: 'L’entretien « Détartrer la bouilloire » était prévu le dimanche 22 novembre 2026 (en retard de 2 jours).',
    });
    // The list and the detail carry the same date: the event's.
    const state = await notifs(me);
    expect(state.list.find((n: { id: number }) => n.id === late.id).event.dt_realisation).toBe('2026-11-22T08:00:00.000Z');
  });

  it('are not created for an event already done', async () => {
    t.clock.set(START);
    const e = await plan(me, 'Déjà fait', '2026-11-21T10:00:00Z');
    await t.app.inject({
      method: 'PUT',
      url: `${base(me.id)}/events/${e.id}`,
      headers: (await signedInUser(t, 'moi@exemple.fr')).headers,
      payload: { done: true },
    });
    t.clock.set('2026-11-21T11:00:00Z');
    const created = await t.app.services.notifications.tick();
    expect(created.filter((n) => n.event_id === e.id)).toHaveLength(0);
  });

  it('are created once even with two app instances ticking at the same time on one database', async () => {
    t.clock.set(START);
    const user = await signedInUser(t, 'deux@exemple.fr');
    for (let i = 0; i < 5; i++) await plan(user, `Entretien ${i}`, `2026-11-21T0${i}:00:00Z`);
    const worker = await workerDb();
    // A second process: its own connection pool on the same database (PostgreSQL), or the same PGlite.
    const second =
      worker.kind === 'postgres'
        ? await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: worker.schema, poolSize: 10 })
        : worker;
    const other: FastifyInstance = await buildApp({ config: t.config, db: second.db, clock: t.clock, logger: false });
    try {
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? other : t.app).services.notifications.tick()));
      const mine = results.flat().filter((n) => n.user_id === user.id);
      expect(mine).toHaveLength(5);
      const rows = await t.db
        .selectFrom('notifications')
        .select('dedupe_key')
        .where('user_id', '=', user.id)
        .where('type', '=', 'MAINTENANCE')
        .execute();
      expect(rows).toHaveLength(5);
    } finally {
      await other.close();
      if (second !== worker) await second.close();
    }
  });

  it("refuses another user's notifications", async () => {
    const other = await signedInUser(t, 'curieux@exemple.fr');
    const fresh = await signedInUser(t, 'moi@exemple.fr');
    const [first] = (await t.app.inject({ url: `${base(me.id)}/notifs`, headers: fresh.headers })).json();
    expect((await t.app.inject({ url: `${base(me.id)}/notifs`, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${base(me.id)}/notifs/count`, headers: other.headers })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${base(me.id)}/notifs/${first.id}`, headers: other.headers, payload: { status: 'read' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${base(other.id)}/notifs/${first.id}`,
          headers: other.headers,
          payload: { status: 'read' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${base(me.id)}/notifs/${first.id}`, headers: fresh.headers, payload: { status: 'lu' } }))
        .statusCode,
    ).toBe(400);
  });

  it('creates a CHALLENGE notification once per key', async () => {
    const user = await signedInUser(t, 'badge@exemple.fr');
    await t.app.services.notifications.challenge(
      user.id,
      'badge:1',
      'Nouveau badge : Premier appareil',
      'Bravo, vous avez ajouté votre premier appareil !',
    );
    await t.app.services.notifications.challenge(user.id, 'badge:1', 'Nouveau badge : Premier appareil', 'Bravo !');
    const list = (await t.app.inject({ url: `${base(user.id)}/notifs`, headers: user.headers })).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: 'CHALLENGE', event: null });
  });

  it('pages the list newest first with limit and before, and still gives all of it without them', async () => {
    const user = await signedInUser(t, 'pages@exemple.fr');
    // Five at the same instant and two later: the order is by date, then by id, both descending.
    for (let i = 1; i <= 7; i++) {
      if (i === 6) t.clock.set('2026-11-21T10:00:00Z');
      await t.app.services.notifications.challenge(user.id, `page:${i}`, `Défi ${i}`, 'Bravo');
    }
    t.clock.set(START);
    const get = async (query: string) => {
      const res = await t.app.inject({ url: `${base(user.id)}/notifs${query}`, headers: user.headers });
      expect(res.statusCode).toBe(200);
      return (res.json() as { title: string; id: number }[]).map((n) => n.title);
    };
    const all = await get('');
    expect(all).toEqual(['Défi 7', 'Défi 6', 'Défi 5', 'Défi 4', 'Défi 3', 'Défi 2', 'Défi 1']);
    const first = (await t.app.inject({ url: `${base(user.id)}/notifs?limit=3`, headers: user.headers })).json() as {
      id: number;
      title: string;
    }[];
    expect(first.map((n) => n.title)).toEqual(['Défi 7', 'Défi 6', 'Défi 5']);
    expect(await get(`?limit=3&before=${first[2]!.id}`)).toEqual(['Défi 4', 'Défi 3', 'Défi 2']);
    const ids = (await t.app.inject({ url: `${base(user.id)}/notifs`, headers: user.headers })).json() as { id: number }[];
    expect(await get(`?limit=3&before=${ids[5]!.id}`)).toEqual(['Défi 1']);
    expect((await t.app.inject({ url: `${base(user.id)}/notifs?limit=0`, headers: user.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${base(user.id)}/notifs?limit=101`, headers: user.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${base(user.id)}/notifs?before=abc`, headers: user.headers })).statusCode).toBe(400);
  });
});

describe('web push', () => {
  const keys = (n: string) => ({ p256dh: n.repeat(20), auth: n.repeat(10) });
  const subscribe = (user: { id: number; headers: Record<string, string> }, endpoint: string, k = keys('x')) =>
    t.app.inject({ method: 'POST', url: `${base(user.id)}/push/subscriptions`, headers: user.headers, payload: { endpoint, keys: k } });

  it('keeps an endpoint with the user who registered it: another user gets 409 and the row stays as it was', async () => {
    const alice = await signedInUser(t, 'alice-push@exemple.fr');
    const bob = await signedInUser(t, 'bob-push@exemple.fr');
    const endpoint = 'https://push.service.invalid/send/alice-browser';
    expect((await subscribe(alice, endpoint, keys('a'))).statusCode).toBe(201);
    const taken = await subscribe(bob, endpoint, keys('b'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Cet abonnement aux notifications appartient à un autre compte.');
    const row = await t.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: alice.id, p256dh: 'a'.repeat(20), auth: 'a'.repeat(10) });
    // Its owner renews the keys of the same browser.
    expect((await subscribe(alice, endpoint, keys('c'))).statusCode).toBe(201);
    expect(await t.db.selectFrom('push_subscriptions').select(['user_id', 'p256dh']).where('endpoint', '=', endpoint).execute()).toEqual([
      { user_id: alice.id, p256dh: 'c'.repeat(20) },
    ]);
  });

  it('keeps at most 10 browsers per user, the newest ones, so one notification makes at most 10 requests', async () => {
    const user = await signedInUser(t, 'many-push@exemple.fr');
    for (let i = 0; i < 13; i++) expect((await subscribe(user, `https://push.service.invalid/send/browser-${i}`)).statusCode).toBe(201);
    const rows = await t.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).orderBy('id').execute();
    expect(rows.map((r) => r.endpoint)).toEqual(Array.from({ length: 10 }, (_, i) => `https://push.service.invalid/send/browser-${i + 3}`));
  });

  it('refuses endpoints that only look public: a trailing dot, another port, an address, credentials', async () => {
    const user = await signedInUser(t, 'ssrf-push@exemple.fr');
    for (const endpoint of [
      'https://localhost./push',
      'https://LOCALHOST../push',
      'https://10.0.0.1.sslip.io:6379/push',
      'https://push.service.invalid:8443/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://[fd00::1]/push',
      'https://2130706433/push',
      'https://0x7f.1/push',
      'https://router.home.arpa/push',
      'https://user:pw@push.service.invalid/push',
    ]) {
      const res = await subscribe(user, endpoint);
      expect(res.statusCode, endpoint).toBe(400);
    }
    expect(await t.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('gives the VAPID public key and pushes each new notification to the subscriptions, dropping gone ones', async () => {
    const plain = await signedInUser(t, 'https@exemple.fr');
    const local = await t.app.inject({
      method: 'POST',
      url: `${base(plain.id)}/push/subscriptions`,
      headers: plain.headers,
      payload: { endpoint: 'http://127.0.0.1:5432/', keys: { p256dh: 'x'.repeat(20), auth: 'y'.repeat(10) } },
    });
    expect(local.statusCode).toBe(400);
    // https is not enough: no IP address, no local or single-label name.
    for (const endpoint of [
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://localhost/push',
      'https://10.0.0.4/push',
      'https://intranet/push',
      'https://nas.local/push',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${base(plain.id)}/push/subscriptions`,
        headers: plain.headers,
        payload: { endpoint, keys: { p256dh: 'x'.repeat(20), auth: 'y'.repeat(10) } },
      });
      expect(res.statusCode, endpoint).toBe(400);
    }
    const real = await t.app.inject({
      method: 'POST',
      url: `${base(plain.id)}/push/subscriptions`,
      headers: plain.headers,
      payload: { endpoint: 'https://push.service.invalid/send/abc', keys: { p256dh: 'x'.repeat(20), auth: 'y'.repeat(10) } },
    });
    expect(real.statusCode).toBe(201);
    const pushApp = await createTestApp({ PUSH_ALLOW_HTTP: 'true' });
    await t.app.close();
    t = pushApp;
    const key = (await t.app.inject({ url: '/api/V1/push/public-key' })).json().publicKey;
    expect(key).toBe(t.config.vapid.publicKey);
    expect(key.length).toBeGreaterThan(80);

    const received: { req: IncomingMessage; body: Buffer }[] = [];
    let answer = 201;
    const pushService = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ req, body: Buffer.concat(chunks) });
        res.writeHead(answer).end();
      });
    });
    pushService.listen(0, '127.0.0.1');
    await once(pushService, 'listening');
    const endpoint = `http://127.0.0.1:${(pushService.address() as { port: number }).port}/push/abc`;
    try {
      t.clock.set(START);
      const user = await signedInUser(t, 'push@exemple.fr');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const subscription = {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      };
      const sub = await t.app.inject({
        method: 'POST',
        url: `${base(user.id)}/push/subscriptions`,
        headers: user.headers,
        payload: subscription,
      });
      expect(sub.statusCode).toBe(201);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `${base(user.id)}/push/subscriptions`,
            headers: user.headers,
            payload: { endpoint: 'pas-une-url', keys: {} },
          })
        ).statusCode,
      ).toBe(400);

      await plan(user, 'Dégivrer le congélateur', '2026-11-21T08:00:00Z');
      await t.app.services.notifications.tick();
      expect(received).toHaveLength(1);
      expect(received[0].req.headers['content-encoding']).toBe('aes128gcm');
      expect(received[0].req.headers.authorization).toContain(`k=${t.config.vapid.publicKey}`);
      expect(Number(received[0].req.headers.ttl)).toBeGreaterThan(0);
      expect(received[0].body.length).toBeGreaterThan(0);

      answer = 410; // the browser unsubscribed
      await plan(user, 'Nettoyer la hotte', '2026-11-21T08:30:00Z');
      await t.app.services.notifications.tick();
      expect(received).toHaveLength(2);
      expect(await t.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    } finally {
      pushService.close();
    }
  });
});
