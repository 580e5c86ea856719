import { API_MSG } from '@ecofoyer/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinFoyer } from '../../test/foyer.ts';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app.ts';
import { JPEG, multipart, PNG } from '../../test/multipart.ts';
import { HEALTH_TIMEOUT_MS } from '../db/client.ts';
import { idempotent, purgeIdempotencyKeys, requestTransaction } from './idempotency.ts';

let t: TestApp;
let me: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
let universeId: number;

const base = (userId: number) => `/api/V1/profils/users/${userId}`;
const keyed = (user: { headers: Record<string, string> }, key: string) => ({ ...user.headers, 'idempotency-key': key });
const eventsTitled = async (title: string) => (await t.db.selectFrom('events').select('id').where('title', '=', title).execute()).length;

async function newAppliance(marque: string) {
  const form = await multipart({ data: JSON.stringify({ prod_id: 1, marque, modele: 'X' }) });
  const res = await t.app.inject({
    method: 'POST',
    url: `${base(me.id)}/foyers/univers/${universeId}/appliances`,
    headers: { ...me.headers, ...form.headers },
    payload: form.payload,
  });
  return res.json().id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  me = await signedInUser(t, 'cle@exemple.fr');
  other = await signedInUser(t, 'autre-cle@exemple.fr');
  const form = await multipart({ name: 'Cave' });
  universeId = (
    await t.app.inject({
      method: 'POST',
      url: `${base(me.id)}/foyers/univers`,
      headers: { ...me.headers, ...form.headers },
      payload: form.payload,
    })
  ).json().univer_id;
});
afterAll(async () => {
  await t.app.close();
});

describe('Idempotency-Key', () => {
  const maintenance = (title: string) => ({
    title,
    dt_realisation: '2026-12-05T09:00:00Z',
    note: null,
    applianceId: null,
    maintenanceCardId: null,
  });

  it('a write sent again with its key (its answer was lost) is answered as the first time and stored once', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `${base(me.id)}/events`,
        headers: keyed(me, 'cle-1'),
        payload: maintenance('Purger la chaudière'),
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await eventsTitled('Purger la chaudière')).toBe(1);
  });

  it('five copies sent at once make one change, and each gets its answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: `${base(me.id)}/events`, headers: keyed(me, 'cle-rafale'), payload: maintenance('Détartrer') }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await eventsTitled('Détartrer')).toBe(1);
  });

  it('a key sent with another request is refused (422) and changes nothing', async () => {
    const url = `${base(me.id)}/events`;
    expect((await t.app.inject({ method: 'POST', url, headers: keyed(me, 'cle-2'), payload: maintenance('Vidanger') })).statusCode).toBe(
      201,
    );
    const reused = await t.app.inject({ method: 'POST', url, headers: keyed(me, 'cle-2'), payload: maintenance('Autre chose') });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: API_MSG.idempotencyKeyReused });
    expect(await eventsTitled('Autre chose')).toBe(0);
  });

  it('a key is the sender’s own: another person’s same key makes their own change', async () => {
    const mine = await t.app.inject({
      method: 'POST',
      url: `${base(me.id)}/events`,
      headers: keyed(me, 'cle-commune'),
      payload: maintenance('Le mien'),
    });
    const theirs = await t.app.inject({
      method: 'POST',
      url: `${base(other.id)}/events`,
      headers: keyed(other, 'cle-commune'),
      payload: maintenance('Le sien'),
    });
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotency-replayed']).toBeUndefined();
    expect(theirs.json().title).toBe('Le sien');
  });

  it('the key is kept with the change or not at all: a write whose last statement fails keeps neither, and its retry runs', async () => {
    const applianceId = await newAppliance('Atlantic');
    // The audit line written after the deletion (another module, no unit of work) is refused once.
    await sql`create or replace function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`.execute(t.db);
    await sql`create trigger refuse_audit before insert on audit_log for each row
      when (new.action = 'appliance_deleted') execute function refuse_audit()`.execute(t.db);
    const url = `/api/V1/profils/users/foyers/univers/appliances/${applianceId}`;
    try {
      const failed = await t.app.inject({ method: 'DELETE', url, headers: keyed(me, 'cle-suppression') });
      expect(failed.statusCode).toBe(500);
    } finally {
      await sql`drop trigger refuse_audit on audit_log`.execute(t.db);
      await sql`drop function refuse_audit()`.execute(t.db);
    }
    // Still there: the deletion went with the failed audit line, and the key with them.
    expect((await t.app.inject({ url, headers: me.headers })).statusCode).toBe(200);
    const retried = await t.app.inject({ method: 'DELETE', url, headers: keyed(me, 'cle-suppression') });
    expect(retried.statusCode).toBe(204);
    expect(retried.headers['idempotency-replayed']).toBeUndefined();
    expect((await t.app.inject({ url, headers: me.headers })).statusCode).toBe(404);
    const replayed = await t.app.inject({ method: 'DELETE', url, headers: keyed(me, 'cle-suppression') });
    expect(replayed.statusCode).toBe(204);
    expect(replayed.headers['idempotency-replayed']).toBe('true');
  });

  it('a write that runs its own unit of work (second life) joins the request’s transaction', async () => {
    const applianceId = await newAppliance('Brandt');
    const give = () =>
      t.app.inject({
        method: 'POST',
        url: `${base(me.id)}/appliances/${applianceId}/second-life`,
        headers: keyed(me, 'cle-don'),
        payload: { outcome: 'given' },
      });
    const first = await give();
    const again = await give();
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    const history = (await t.app.inject({ url: `${base(me.id)}/appliances/history`, headers: me.headers })).json();
    expect(history.filter((h: { marque?: string; brand?: string }) => JSON.stringify(h).includes('Brandt'))).toHaveLength(1);
  });

  it('an appliance added with its photo, sent twice, is added once; the key with another photo is refused', async () => {
    const send = async (photo: Buffer) => {
      const form = await multipart({
        data: JSON.stringify({ prod_id: 1, marque: 'De Dietrich', modele: 'Photo' }),
        file: { filename: 'photo.png', data: photo, type: 'image/png' },
      });
      return t.app.inject({
        method: 'POST',
        url: `${base(me.id)}/foyers/univers/${universeId}/appliances`,
        headers: { ...keyed(me, 'cle-photo'), ...form.headers },
        payload: form.payload,
      });
    };
    const first = await send(PNG);
    const again = await send(PNG);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect((await send(JPEG)).statusCode).toBe(422);
    const rows = await t.db.selectFrom('appliances').select('id').where('marque', '=', 'De Dietrich').execute();
    expect(rows).toHaveLength(1);
  });

  it('the offline queue’s writes — a breakdown added, a maintenance marked done, a note — replayed with their keys are made once', async () => {
    const applianceId = await newAppliance('Saunier Duval');
    const events = `${base(me.id)}/events`;
    const breakdown = { ...maintenance('Fuite sous la chaudière'), applianceId, type: 'PANNE', note: 'Goutte à goutte' };
    const panne = () => t.app.inject({ method: 'POST', url: events, headers: keyed(me, 'file-panne'), payload: breakdown });
    const [first, again] = [await panne(), await panne()];
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(await eventsTitled('Fuite sous la chaudière')).toBe(1);

    const planned = (
      await t.app.inject({ method: 'POST', url: events, headers: me.headers, payload: { ...maintenance('Ramoner'), applianceId } })
    ).json();
    const url = `${events}/${planned.id}`;
    const done = () => t.app.inject({ method: 'PUT', url, headers: keyed(me, 'file-fait'), payload: { done: true } });
    const firstDone = await done();
    t.clock.advance(60_000);
    const replayed = await done();
    expect(replayed.headers['idempotency-replayed']).toBe('true');
    expect(replayed.json().done_at).toBe(firstDone.json().done_at);
    const row = await t.db.selectFrom('events').select(['status', 'done_at']).where('id', '=', planned.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('DONE');
    expect(new Date(row.done_at!).toISOString()).toBe(firstDone.json().done_at);

    // A note replayed after another member changed it does not write over theirs.
    const note = () => t.app.inject({ method: 'PUT', url, headers: keyed(me, 'file-note'), payload: { note: 'Pression 1,5 bar' } });
    expect((await note()).json().note).toBe('Pression 1,5 bar');
    await t.app.inject({ method: 'PUT', url, headers: me.headers, payload: { note: 'Ramonage fait par le voisin' } });
    expect((await note()).headers['idempotency-replayed']).toBe('true');
    const kept = await t.db.selectFrom('events').select('note').where('id', '=', planned.id).executeTakeFirstOrThrow();
    expect(kept.note).toBe('Ramonage fait par le voisin');
  });

  it('a malformed key, or a key on a write that cannot be replayed, is refused before anything changes', async () => {
    const url = `${base(me.id)}/events`;
    for (const key of ['', 'avec espace', 'é', 'x'.repeat(256)]) {
      const res = await t.app.inject({ method: 'POST', url, headers: keyed(me, key), payload: maintenance(`Clé « ${key.slice(0, 5)} »`) });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
    expect(await eventsTitled('Clé « avec  »')).toBe(0);
    const url2 = `${base(me.id)}/preferences/notifications`;
    const preferences = (await t.app.inject({ url: url2, headers: me.headers })).json();
    const unsupported = await t.app.inject({ method: 'PUT', url: url2, headers: keyed(me, 'cle-preferences'), payload: preferences });
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json()).toMatchObject({ code: 'IDEMPOTENCY_UNSUPPORTED', message: API_MSG.idempotencyUnsupported });
  });

  it('a refused write keeps no key: the same request runs again once it can succeed', async () => {
    const url = `${base(me.id)}/events`;
    const body = { ...maintenance('Sur un appareil'), applianceId: 999_999 };
    const refused = await t.app.inject({ method: 'POST', url, headers: keyed(me, 'cle-refus'), payload: body });
    expect(refused.statusCode).toBe(404);
    const kept = await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'cle-refus').execute();
    expect(kept).toHaveLength(0);
  });

  it('keys are forgotten after a day', async () => {
    await t.app.inject({
      method: 'POST',
      url: `${base(me.id)}/events`,
      headers: keyed(me, 'cle-vieille'),
      payload: maintenance('Ancienne'),
    });
    const now = t.app.deps.clock.now();
    expect(await purgeIdempotencyKeys(t.db, new Date(now.getTime() + 23 * 3_600_000))).toBe(0);
    expect(await purgeIdempotencyKeys(t.db, new Date(now.getTime() + 25 * 3_600_000))).toBeGreaterThan(0);
    const left = await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'cle-vieille').execute();
    expect(left).toHaveLength(0);
  });
  // PostgreSQL only: on PGlite a transaction held by the test holds the whole database, not a row.
  it.skipIf(!process.env.DATABASE_URL)(
    'a keyed write waits for a locked row no longer than the health check does, then answers 503; the same key later writes once',
    async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: `${base(me.id)}/events`,
        headers: me.headers,
        payload: maintenance('Verrouillé'),
      });
      const id = created.json().id as number;
      const url = `${base(me.id)}/events/${id}`;
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // Another session holds the event's row (a stalled writer).
      const holder = t.db.transaction().execute(async (trx) => {
        await sql`select id from events where id = ${id} for update`.execute(trx);
        locked();
        await released;
      });
      await isLocked;
      try {
        const stalled = await t.app.inject({ method: 'PUT', url, headers: keyed(me, 'cle-verrou'), payload: { note: 'après le verrou' } });
        expect(stalled.statusCode).toBe(503);
        expect(stalled.json().code).toBe('DATABASE_UNAVAILABLE');
      } finally {
        release();
        await holder;
      }
      const retried = await t.app.inject({ method: 'PUT', url, headers: keyed(me, 'cle-verrou'), payload: { note: 'après le verrou' } });
      expect(retried.statusCode).toBe(200);
      expect(retried.headers['idempotency-replayed']).toBeUndefined();
      expect(retried.json().note).toBe('après le verrou');
    },
  );
  it('bounds a keyed write’s waits (a locked row, a statement) by the health check’s own limit', async () => {
    const reply = { code: () => reply, header: () => reply } as never;
    const request = { idempotencyKey: 'cle-limites', auth: { userId: me.id }, method: 'POST', url: '/x', body: {} } as never;
    const limits = await idempotent(t.app.deps, request, reply, 200, async () => {
      const { rows } = await sql<{ lock: string; statement: string }>`select current_setting('lock_timeout') as lock,
        current_setting('statement_timeout') as statement`.execute(requestTransaction()!.tx);
      return rows[0]!;
    });
    expect(limits).toEqual({ lock: `${HEALTH_TIMEOUT_MS / 1000}s`, statement: `${HEALTH_TIMEOUT_MS / 1000}s` });
  });
  it('gives a member removed from a household no answer of it: the key replayed from their own household is another request', async () => {
    const owner = await signedInUser(t, 'hote-cle@exemple.fr');
    const member = await signedInUser(t, 'membre-cle@exemple.fr');
    await joinFoyer(t, member, owner.id, 'membre');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `${base(member.id)}/events`,
        headers: keyed(member, 'cle-partie'),
        payload: maintenance('Chez l’hôte'),
      });
    expect((await send()).statusCode).toBe(201);
    const removed = await t.app.inject({ method: 'DELETE', url: `${base(owner.id)}/foyer/membres/${member.id}`, headers: owner.headers });
    expect(removed.statusCode).toBe(204);
    t.app.services.foyer.forget(member.id);
    const replayed = await send();
    expect(replayed.statusCode).toBe(422);
    expect(replayed.headers['idempotency-replayed']).toBeUndefined();
  });
});
