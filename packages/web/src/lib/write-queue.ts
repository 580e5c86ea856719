import { MSG } from '@ecofoyer/contracts';
import { createStore, del, set, values } from 'idb-keyval';
import { ApiError, api } from './api-client.ts';
import type { QueuedWrite, WriteDraft } from './offline-writes.ts';

/**
 * The queue of changes made offline (decision 031), loaded only when a change is queued or a signed-in
 * page starts (never with the login page: JS budgets, decision 006). Each write is kept in IndexedDB
 * with the `Idempotency-Key` made when the user acted, its body (an appliance's photo as its Blob) and
 * its order; it is replayed in that order, with its key, under a Web Lock so that one tab replays at a
 * time. The server answers a key it already saw with the first answer: a replay after a crash, or
 * from another tab, never makes the change twice.
 */

/** Where the writes are kept: an IndexedDB store in the app (a memory one in tests). */
export interface QueueStore {
  all(): Promise<QueuedWrite[]>;
  put(write: QueuedWrite): Promise<void>;
  remove(key: string): Promise<void>;
}

export function idbStore(): QueueStore {
  const store = createStore('ecofoyer-queue', 'writes');
  return {
    all: () => values<QueuedWrite>(store),
    put: (write) => set(write.key, write, store),
    remove: (key) => del(key, store),
  };
}

/** What a failed replay means: sent again later, waiting for the session, or kept as refused. */
export type Outcome = 'retry' | 'network' | 'session' | 'refused';

/**
 * A 404 (gone meanwhile), 409 (done by another member), 400, 403 or 422 (refused) will not change by
 * being sent again: the write is kept and shown. A 401 waits for the session to be renewed (only the
 * server's 401 to a renewal ends it); a network failure or a 5xx is sent again later.
 */
export function classify(error: unknown): Outcome {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'network';
    if (error.status === 401) return 'session';
    if (error.status === 409 && error.code === 'IDEMPOTENCY_IN_PROGRESS') return 'retry';
    if (error.status === 408 || error.status === 425 || error.status === 429 || error.status >= 500) return 'retry';
    return 'refused';
  }
  if (error instanceof Error && (error.message === MSG.noRefreshToken || error.message === MSG.refreshFailed)) return 'session';
  // A TypeError from fetch, a renewal that could not reach the server.
  return 'network';
}

/** The wait before a write answered 5xx is sent again: 2 s, doubling, at most 5 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(5 * 60_000, 2_000 * 2 ** Math.max(0, attempts - 1));
}

export interface QueueDeps {
  store: QueueStore;
  /** Sends one write with its key; the answer's JSON. */
  send: (write: QueuedWrite) => Promise<unknown>;
  /** Holds the queue's lock across tabs while `work` runs. */
  lock: <T>(work: () => Promise<T>) => Promise<T>;
  now: () => number;
}

export interface ReplayResult {
  sent: QueuedWrite[];
  refused: QueuedWrite[];
  /** Why the replay stopped before the end: the network, the session, or a write waiting its turn (`retryAt`). */
  stopped?: 'network' | 'session' | 'later';
  retryAt?: number;
}

const ordered = (writes: QueuedWrite[]) => writes.toSorted((a, b) => a.seq - b.seq);

/** The writes of `owner`, oldest first. */
export async function writesOf(store: QueueStore, owner: number): Promise<QueuedWrite[]> {
  return ordered((await store.all()).filter((w) => w.owner === owner));
}

let counter = 0;
/** Keeps a write made now, after the ones already kept (its key was made when the user acted). */
export async function enqueue(
  store: QueueStore,
  draft: WriteDraft & { key: string; owner: number },
  now = Date.now(),
): Promise<QueuedWrite> {
  const last = (await store.all()).reduce((max, w) => Math.max(max, w.seq), 0);
  counter = (counter + 1) % 1000;
  const write: QueuedWrite = { ...draft, seq: Math.max(last + 1, now * 1000 + counter), createdAt: now, attempts: 0, nextAttemptAt: 0 };
  await store.put(write);
  return write;
}

/**
 * Sends `owner`'s writes in order, each with its key, one tab at a time. A write refused for good is
 * kept (`refusal`) and the next ones go on; a network failure, a session to renew or a write waiting
 * after a 5xx stops the replay there, so that the order holds. A write that created an entry the
 * later ones refer to by its temporary id (a note on a breakdown added offline) gives them its id.
 */
export function replay(deps: QueueDeps, owner: number): Promise<ReplayResult> {
  return deps.lock(async () => {
    const result: ReplayResult = { sent: [], refused: [] };
    const writes = await writesOf(deps.store, owner);
    for (const [index, write] of writes.entries()) {
      if (write.refusal) continue;
      if (write.nextAttemptAt > deps.now()) {
        result.stopped = 'later';
        result.retryAt = write.nextAttemptAt;
        break;
      }
      let answer: unknown;
      try {
        answer = await deps.send(write);
      } catch (error) {
        const outcome = classify(error);
        if (outcome === 'refused') {
          const e = error as ApiError;
          const refused: QueuedWrite = { ...write, refusal: { status: e.status, code: e.code, message: e.message } };
          await deps.store.put(refused);
          result.refused.push(refused);
          continue;
        }
        if (outcome === 'session') {
          result.stopped = 'session';
          break;
        }
        const attempts = write.attempts + 1;
        const nextAttemptAt = outcome === 'retry' ? deps.now() + backoffMs(attempts) : 0;
        await deps.store.put({ ...write, attempts, nextAttemptAt });
        result.stopped = outcome === 'retry' ? 'later' : 'network';
        if (outcome === 'retry') result.retryAt = nextAttemptAt;
        break;
      }
      await deps.store.remove(write.key);
      result.sent.push(write);
      const tempId = write.target?.tempId;
      const realId = (answer as { id?: unknown } | undefined)?.id;
      if (tempId !== undefined && typeof realId === 'number') {
        for (const later of writes.slice(index + 1)) {
          if (later.target?.eventId !== tempId && later.target?.applianceId !== tempId) continue;
          const moved = withRealId(later, tempId, realId);
          writes[writes.indexOf(later)] = moved;
          await deps.store.put(moved);
        }
      }
    }
    return result;
  });
}

/** A later write that named an entry by its temporary id, now by the id the server gave it. */
function withRealId(write: QueuedWrite, tempId: number, realId: number): QueuedWrite {
  const target = { ...write.target };
  if (target.eventId === tempId) target.eventId = realId;
  if (target.applianceId === tempId) target.applianceId = realId;
  const body =
    write.body && typeof write.body === 'object' && (write.body as { applianceId?: number }).applianceId === tempId
      ? { ...(write.body as object), applianceId: realId }
      : write.body;
  return { ...write, url: write.url.replace(`/${tempId}`, `/${realId}`), target, body };
}

/** The write as `api()` sends it: its JSON body, or its multipart form rebuilt with the kept Blob. */
export function sendWrite(write: QueuedWrite): Promise<unknown> {
  let body: unknown = write.body;
  if (write.form) {
    const form = new FormData();
    for (const part of write.form) {
      if (typeof part.value === 'string') form.append(part.name, part.value);
      else form.append(part.name, part.value, part.filename ?? 'fichier');
    }
    body = form;
  }
  return api(write.url, { method: write.method, body, headers: { 'idempotency-key': write.key } });
}

/** The queue's Web Lock: one tab replays at a time (without Web Locks, the keys still keep each write single). */
export function queueLock<T>(work: () => Promise<T>): Promise<T> {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('ecofoyer-queue', work) : work();
}

/** Forgets a write (refused, and discarded by the user or re-created as a new one). */
export function discard(store: QueueStore, key: string): Promise<void> {
  return store.remove(key);
}
