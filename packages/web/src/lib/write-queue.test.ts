import 'fake-indexeddb/auto';
import type { Event } from '@ecofoyer/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { eventsWithWrites, type QueuedWrite, type WriteDraft } from './offline-writes.ts';
import { backoffMs, classify, enqueue, idbStore, type QueueDeps, type QueueStore, replay, writesOf } from './write-queue.ts';

/** The queue's store in memory (IndexedDB itself is tested below with fake-indexeddb). */
function memoryStore(): QueueStore & { rows: Map<string, QueuedWrite> } {
  const rows = new Map<string, QueuedWrite>();
  return {
    rows,
    all: async () => [...rows.values()].map((w) => structuredClone(w)),
    put: async (w) => void rows.set(w.key, structuredClone(w)),
    remove: async (key) => void rows.delete(key),
  };
}

/** A Web Lock in one process: one holder at a time, the next waits. */
function mutex() {
  let tail = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };
}

const OWNER = 7;
const draft = (n: number, extra: Partial<WriteDraft> = {}): WriteDraft & { key: string; owner: number } => ({
  kind: 'event-note',
  method: 'PUT',
  url: `/api/V1/profils/users/${OWNER}/events/${n}`,
  body: { note: `note ${n}` },
  label: `Note ${n}`,
  typed: `note ${n}`,
  target: { eventId: n },
  key: `cle-${n}`,
  owner: OWNER,
  ...extra,
});

function deps(store: QueueStore, send: QueueDeps['send'], clock = { now: 1_000_000 }, lock = mutex()): QueueDeps {
  return { store, send, lock, now: () => clock.now };
}

describe('the queue of changes made offline', () => {
  it('replays the writes in the order they were made, each with the key made when the user acted', async () => {
    const store = memoryStore();
    for (const n of [3, 1, 2]) await enqueue(store, draft(n));
    const sent: string[] = [];
    const result = await replay(
      deps(store, async (w) => {
        sent.push(`${w.key} ${w.url}`);
        return { id: 1 };
      }),
      OWNER,
    );
    expect(sent).toEqual([
      `cle-3 /api/V1/profils/users/${OWNER}/events/3`,
      `cle-1 /api/V1/profils/users/${OWNER}/events/1`,
      `cle-2 /api/V1/profils/users/${OWNER}/events/2`,
    ]);
    expect(result.sent).toHaveLength(3);
    expect(store.rows.size).toBe(0);
  });

  it('keeps the key across retries: a 503 waits with a backoff, then the same key goes again', async () => {
    const store = memoryStore();
    await enqueue(store, draft(1));
    await enqueue(store, draft(2));
    const clock = { now: 1_000_000 };
    const keys: string[] = [];
    let fail = true;
    const send: QueueDeps['send'] = async (w) => {
      keys.push(w.key);
      if (fail) throw new ApiError(503, 'Base indisponible', 'DATABASE_UNAVAILABLE');
      return {};
    };
    const first = await replay(deps(store, send, clock), OWNER);
    expect(first).toMatchObject({ stopped: 'later', retryAt: clock.now + backoffMs(1) });
    // The order holds: the second write waits behind the first.
    expect(keys).toEqual(['cle-1']);
    expect(store.rows.get('cle-1')).toMatchObject({ attempts: 1, nextAttemptAt: clock.now + 2_000 });

    // Too early: nothing is sent.
    await replay(deps(store, send, clock), OWNER);
    expect(keys).toEqual(['cle-1']);

    clock.now += 2_000;
    fail = false;
    await replay(deps(store, send, clock), OWNER);
    expect(keys).toEqual(['cle-1', 'cle-1', 'cle-2']);
    expect(store.rows.size).toBe(0);
    expect(backoffMs(2)).toBe(4_000);
    expect(backoffMs(20)).toBe(300_000);
  });

  it('stops at a network failure and keeps everything for the next try', async () => {
    const store = memoryStore();
    await enqueue(store, draft(1));
    await enqueue(store, draft(2));
    const sent: string[] = [];
    const result = await replay(
      deps(store, async (w) => {
        sent.push(w.key);
        throw new ApiError(0, 'Indisponible hors connexion', 'NETWORK');
      }),
      OWNER,
    );
    expect(result.stopped).toBe('network');
    expect(sent).toEqual(['cle-1']);
    expect(store.rows.get('cle-1')).toMatchObject({ attempts: 1, nextAttemptAt: 0 });
    expect(store.rows.size).toBe(2);
  });

  it('classifies the answers: refused for good, sent again later, or waiting for the session', () => {
    for (const status of [400, 403, 404, 409, 422]) expect(classify(new ApiError(status, 'non')), String(status)).toBe('refused');
    for (const status of [500, 502, 503, 429]) expect(classify(new ApiError(status, 'plus tard')), String(status)).toBe('retry');
    expect(classify(new ApiError(409, 'en cours', 'IDEMPOTENCY_IN_PROGRESS'))).toBe('retry');
    expect(classify(new ApiError(401, 'session'))).toBe('session');
    expect(classify(new ApiError(0, 'réseau', 'NETWORK'))).toBe('network');
    expect(classify(new TypeError('Failed to fetch'))).toBe('network');
  });

  it('keeps a refused write with what happened, and goes on with the next ones; a 401 waits for the session', async () => {
    const store = memoryStore();
    await enqueue(store, draft(1));
    await enqueue(store, draft(2));
    await enqueue(store, draft(3));
    const answers: Record<string, () => unknown> = {
      'cle-1': () => {
        throw new ApiError(404, 'Événement introuvable.', 'NOT_FOUND');
      },
      'cle-2': () => ({ id: 2 }),
      'cle-3': () => {
        throw new ApiError(401, 'Session expirée');
      },
    };
    const result = await replay(
      deps(store, async (w) => answers[w.key]!()),
      OWNER,
    );
    expect(result.refused.map((w) => w.key)).toEqual(['cle-1']);
    expect(result.sent.map((w) => w.key)).toEqual(['cle-2']);
    expect(result.stopped).toBe('session');
    expect(store.rows.get('cle-1')).toMatchObject({ typed: 'note 1', refusal: { status: 404, message: 'Événement introuvable.' } });
    // The session's turn does not count as a try.
    expect(store.rows.get('cle-3')).toMatchObject({ attempts: 0 });

    // Refused writes are never sent again by themselves.
    const again: string[] = [];
    answers['cle-3'] = () => ({ id: 3 });
    await replay(
      deps(store, async (w) => {
        again.push(w.key);
        return answers[w.key]!();
      }),
      OWNER,
    );
    expect(again).toEqual(['cle-3']);
    expect([...store.rows.keys()]).toEqual(['cle-1']);
  });

  it('two tabs replaying at once send each write once: one holds the lock, the other finds the queue done', async () => {
    const store = memoryStore();
    for (const n of [1, 2, 3]) await enqueue(store, draft(n));
    const lock = mutex();
    const server = new Map<string, number>();
    const send: QueueDeps['send'] = async (w) => {
      await new Promise((r) => setTimeout(r, 5));
      server.set(w.key, (server.get(w.key) ?? 0) + 1);
      return {};
    };
    const [a, b] = await Promise.all([
      replay(deps(store, send, undefined, lock), OWNER),
      replay(deps(store, send, undefined, lock), OWNER),
    ]);
    expect(a.sent.length + b.sent.length).toBe(3);
    expect([...server.values()]).toEqual([1, 1, 1]);
  });

  it('replays only the signed-in person’s writes', async () => {
    const store = memoryStore();
    await enqueue(store, draft(1));
    await enqueue(store, { ...draft(2), owner: 8 });
    const sent: string[] = [];
    await replay(
      deps(store, async (w) => {
        sent.push(w.key);
        return {};
      }),
      OWNER,
    );
    expect(sent).toEqual(['cle-1']);
    expect((await writesOf(store, 8)).map((w) => w.key)).toEqual(['cle-2']);
  });

  it('gives a later write the id of the entry created offline it refers to', async () => {
    const store = memoryStore();
    await enqueue(store, {
      ...draft(0),
      kind: 'event-create',
      method: 'POST',
      url: `/api/V1/profils/users/${OWNER}/events`,
      body: { title: 'Fuite', type: 'PANNE', dt_realisation: '2026-12-01T10:00:00Z', applianceId: 4 },
      target: { tempId: -42 },
      key: 'cle-panne',
    });
    await enqueue(store, { ...draft(-42), key: 'cle-note' });
    const urls: string[] = [];
    await replay(
      deps(store, async (w) => {
        urls.push(w.url);
        return { id: 99 };
      }),
      OWNER,
    );
    expect(urls).toEqual([`/api/V1/profils/users/${OWNER}/events`, `/api/V1/profils/users/${OWNER}/events/99`]);
  });

  it('keeps writes and an appliance’s photo in IndexedDB, across a reload of the page', async () => {
    const photo = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
    await enqueue(idbStore(), {
      ...draft(1),
      kind: 'appliance-create',
      method: 'POST',
      form: [
        { name: 'data', value: '{"prod_id":1}' },
        { name: 'pict', value: photo, filename: 'photo.jpg' },
      ],
    });
    // Another store opened on the same database: what a new page finds.
    const [kept] = await writesOf(idbStore(), OWNER);
    expect(kept).toMatchObject({ key: 'cle-1', kind: 'appliance-create', attempts: 0 });
    const pict = kept!.form!.find((p) => p.name === 'pict')!.value as Blob;
    expect(pict.size).toBe(3);
    expect(pict.type).toBe('image/jpeg');
  });
});

describe('what the pages show of the kept writes', () => {
  const event = (id: number, extra: Partial<Event> = {}): Event => ({
    id,
    applianceId: 4,
    applianceName: 'Chaudière',
    maintenanceCardId: null,
    maintenanceCard: null,
    title: 'Entretien annuel',
    dt_creation: '2026-11-01T09:00:00Z',
    dt_realisation: '2026-12-15T09:00:00Z',
    done_at: null,
    frequency: null,
    seriesId: null,
    note: null,
    type: 'MAINTENANCE',
    status: 'NEW',
    sous_garantie: false,
    immobilisation_jours: null,
    remplace: false,
    assigneeId: null,
    ...extra,
  });
  const queued = (d: WriteDraft, extra: Partial<QueuedWrite> = {}): QueuedWrite => ({
    ...d,
    key: `k-${Math.random()}`,
    owner: OWNER,
    seq: 1,
    createdAt: Date.parse('2026-12-01T10:00:00Z'),
    attempts: 0,
    nextAttemptAt: 0,
    ...extra,
  });

  it('marks done, notes and added breakdowns « pending », refused ones as refused', () => {
    const shown = eventsWithWrites(
      [event(1), event(2)],
      [
        queued({ kind: 'event-done', method: 'PUT', url: '', body: { done: true }, label: '', target: { eventId: 1 } }),
        queued(
          { kind: 'event-note', method: 'PUT', url: '', body: { note: 'Pression 1,5 bar' }, label: '', target: { eventId: 2 } },
          { refusal: { status: 404, message: 'introuvable' } },
        ),
        queued({
          kind: 'event-create',
          method: 'POST',
          url: '',
          body: { title: 'Fuite', type: 'PANNE', dt_realisation: '2026-12-01T10:00:00Z', applianceId: 4 },
          label: '',
          target: { tempId: -5 },
        }),
        queued({
          kind: 'event-create',
          method: 'POST',
          url: '',
          body: { title: 'Autre appareil', dt_realisation: '2026-12-01T10:00:00Z', applianceId: 9 },
          label: '',
          target: { tempId: -6 },
        }),
      ],
      (e) => e.applianceId === 4,
    );
    expect(shown.map((e) => [e.id, e.status, e.note, e.pending])).toEqual([
      [-5, 'NEW', null, 'sending'],
      [1, 'DONE', null, 'sending'],
      [2, 'NEW', 'Pression 1,5 bar', 'refused'],
    ]);
    expect(shown.find((e) => e.id === -5)?.type).toBe('PANNE');
  });
});
