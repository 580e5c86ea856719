import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { API_MSG } from '@ecofoyer/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Db, HEALTH_TIMEOUT_MS } from '../db/client.ts';
import { sql } from 'kysely';
import type { Clock } from './clock.ts';
import { badRequest, conflict, HttpError } from './errors.ts';

/**
 * Writes a client may send again safely. A write answered 503 may still have been committed (the
 * database stalled after the change, or the answer was lost on the way): a client that sent it with
 * an `Idempotency-Key` header sends it again with the same key and gets the first answer back
 * (`Idempotency-Replayed: true`), never a second change. The offline queue of the web app replays its
 * writes this way.
 *
 * By construction: the key, the request's fingerprint and its answer are written in the write's own
 * transaction. The route runs its work through `idempotent()`, which opens one transaction and makes
 * it the request's: every statement the services run for that request — through any module, nested
 * `inTransaction` units included — joins it (`joinRequestTransaction`). The key is therefore kept
 * exactly when the change is, and the answer a retry gets is the one of the change that was kept.
 * Two requests with one key at once: the second waits on the first's key row and gets its answer.
 *
 * A route accepts the header when it says so (`config.idempotent`); elsewhere the header is refused
 * (400) before anything runs, rather than ignored while the client believes its retry is safe.
 * Multipart routes read their files before `idempotent()`, so no upload is received inside a
 * transaction.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route runs its write through `idempotent()` and so accepts an `Idempotency-Key`. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

/** A key is 1 to 255 visible ASCII characters (a UUID is what clients send). */
const KEY = /^[\x21-\x7e]{1,255}$/;
/** How long a key is kept: a client retries within minutes; a day covers a phone offline overnight. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface RequestTransaction {
  tx: Db;
  /** False once the work is over: a statement started later (not awaited by the work) runs on its own. */
  open: boolean;
  /** What units of work joined here asked to run after the commit. */
  committed: (() => Promise<unknown> | unknown)[];
}

const current = new AsyncLocalStorage<RequestTransaction>();
/**
 * Keyed writes running now. On Node 20 an AsyncLocalStorage in use makes every promise of the process
 * about twice as slow (its hooks follow each one): it is turned off whenever no keyed write runs.
 */
let keyedWrites = 0;

/** The request's transaction, while an idempotent write runs. */
export function requestTransaction(): RequestTransaction | undefined {
  const ambient = current.getStore();
  return ambient?.open ? ambient : undefined;
}

/** What `transaction()` and `connection()` give inside a request's transaction: the same transaction. */
const joined = (tx: Db) => {
  const builder = {
    execute: <T>(work: (trx: Db) => Promise<T>) => work(tx),
    setIsolationLevel: () => builder,
    setAccessMode: () => builder,
  };
  return builder;
};

/**
 * The database as the services hold it: outside an idempotent write it is `db` itself; inside one,
 * every query builder, `transaction()` and `connection()` run on the request's transaction.
 */
export function joinRequestTransaction(db: Db): Db {
  // Kysely's methods read private fields: they are called on the instance, bound once per method.
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(db, {
    get(target, property) {
      const ambient = requestTransaction();
      if (!ambient) {
        let value = bound.get(property);
        if (value === undefined) {
          value = Reflect.get(target, property, target);
          if (typeof value === 'function') value = value.bind(target);
          bound.set(property, value);
        }
        return value;
      }
      if (property === 'transaction' || property === 'connection') return () => joined(ambient.tx);
      const value = Reflect.get(ambient.tx, property, ambient.tx);
      return typeof value === 'function' ? value.bind(ambient.tx) : value;
    },
  });
}

/** Reads and checks the header before the route's work; refuses it where the route cannot honour it. */
export function registerIdempotency(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !WRITES.has(request.method)) return;
    if (typeof header !== 'string' || !KEY.test(header)) throw badRequest(API_MSG.idempotencyKeyInvalid, 'IDEMPOTENCY_KEY_INVALID');
    if (request.routeOptions.config.idempotent !== true) throw badRequest(API_MSG.idempotencyUnsupported, 'IDEMPOTENCY_UNSUPPORTED');
    request.idempotencyKey = header;
  });
}

export interface IdempotencyDeps {
  db: Db;
  clock: Clock;
}

/**
 * The request as its key must always find it again: method, address, body, and the household it acts
 * on — a member removed since (or gone to another household) gets no answer of the one they left.
 */
function fingerprint(request: FastifyRequest, material: string): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url} ${request.foyer?.id ?? ''}\n${JSON.stringify(request.body ?? null)}\n${material}`)
    .digest('base64url');
}

class KeyTaken extends Error {}

/**
 * A keyed write waits for a locked row, or a statement runs, no longer than /api/health takes to say
 * the database is down: past it, a 503 the client may safely send again with its key.
 */
const boundedWaits = () => {
  const limit = String(HEALTH_TIMEOUT_MS);
  return sql`select set_config('lock_timeout', ${limit}, true), set_config('statement_timeout', ${limit}, true)`;
};

/**
 * Runs a route's write once per key. Without a key it is the plain write, answered `status`. With
 * one already used by the caller: the stored answer (422 if the key came with another request).
 * `material`: what identifies the request beyond its JSON body (a multipart route's fields).
 */
export async function idempotent<T>(
  deps: IdempotencyDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  work: () => Promise<T>,
  material = '',
): Promise<T> {
  const key = request.idempotencyKey;
  const userId = request.auth?.userId;
  if (key === undefined || userId === undefined) {
    reply.code(status);
    return work();
  }
  const print = fingerprint(request, material);
  const replay = async (): Promise<T | undefined> => {
    const row = await deps.db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'status', 'body'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.fingerprint !== print) throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', API_MSG.idempotencyKeyReused);
    reply.code(row.status).header('idempotency-replayed', 'true');
    return JSON.parse(row.body) as T;
  };
  const stored = await replay();
  if (stored !== undefined) return stored;

  const ambient: RequestTransaction = { tx: deps.db, open: false, committed: [] };
  let result: T;
  try {
    result = await deps.db.transaction().execute(async (tx) => {
      await boundedWaits().execute(tx);
      // First, so that a second request with the key waits here for the first one's outcome.
      try {
        await tx
          .insertInto('idempotency_keys')
          .values({ user_id: userId, key, fingerprint: print, status: 0, body: '', created_at: deps.clock.now() })
          .execute();
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw new KeyTaken();
        throw error;
      }
      ambient.tx = tx;
      ambient.open = true;
      keyedWrites++;
      try {
        const answer = await current.run(ambient, work);
        await tx
          .updateTable('idempotency_keys')
          .set({ status, body: JSON.stringify(answer ?? null) })
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .execute();
        return answer;
      } finally {
        ambient.open = false;
        if (--keyedWrites === 0) current.disable();
      }
    });
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    const first = await replay();
    if (first !== undefined) return first;
    throw conflict(API_MSG.idempotencyInProgress, 'IDEMPOTENCY_IN_PROGRESS');
  }
  for (const run of ambient.committed) await run();
  reply.code(status);
  return result;
}

/** Forgets the keys older than a day (the hourly purge). */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const rows = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS))
    .executeTakeFirst();
  return Number(rows.numDeletedRows);
}
