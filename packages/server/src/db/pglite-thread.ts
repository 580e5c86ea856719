import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

type Request =
  | { op: 'query'; sql: string; params: readonly unknown[]; tx?: number }
  | { op: 'ping' }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };

/** Statements in flight and none ended for this long: the database is reported down (health). */
const STUCK_MS = 10_000;

/**
 * The health check's statement, compiled once (db/client.ts pingDatabase). On PGlite it does not
 * wait behind the statements already queued in the thread (PGliteThread.ping).
 */
export const PING_QUERY = CompiledQuery.raw('select 1 as one');

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> & { message: string } };

/**
 * A PostgreSQL error rebuilt on this side with its fields (code, detail, constraint, table…):
 * the services read `code` (23505 unique, 23503 foreign key, 22003 out of range).
 */
function rebuild(data: Record<string, unknown> & { message: string }): Error {
  const { message, stack, ...fields } = data;
  const error = Object.assign(new Error(message), fields);
  if (typeof stack === 'string') error.stack = stack;
  return error;
}

/**
 * PGlite run in a worker thread (pglite-thread.worker.mjs). WebAssembly PostgreSQL holds its
 * thread for the whole of a query; on the server's event loop every request waited for it
 * (bench/README.md, "PGlite on the main thread"). Parameters and rows cross by structured clone
 * (Date, Uint8Array, bigint); errors keep their PostgreSQL fields.
 */
/**
 * PostgreSQL's memory settings for one household's database (issue 23: the server at rest). PGlite's
 * default 128 MB of shared buffers were written at start, so resident: 16 MB hold a household's
 * tables many times over, and the kernel's page cache keeps the files' pages anyway (measured:
 * the PGlite thread 314 → 192 MB at rest, bench/rss.ts).
 */
export const PGLITE_OPTIONS = { postgresqlconf: ['shared_buffers=16MB', 'temp_buffers=2MB', 'work_mem=2MB', 'maintenance_work_mem=16MB'] };

/**
 * Creates a PGlite data directory in a thread of its own, then ends that thread: creating the
 * cluster (initdb) takes about 800 MB that the WebAssembly heap never gives back, so the database
 * the server keeps open is started afresh on the created directory (issue 23: a first start no
 * longer leaves 930 MB resident).
 */
export async function initialiseDataDir(dataDir: string): Promise<void> {
  const init = new PGliteThread(dataDir);
  try {
    await init.waitReady;
  } finally {
    await init.close().catch(() => undefined);
  }
}

export class PGliteThread {
  readonly waitReady: Promise<void>;
  closed = false;
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 1;
  private nextTx = 1;
  private failure: Error | null = null;
  /** When the last answer came, and when the thread last went from idle to working (health). */
  private lastReplyAt = 0;
  private busySince = 0;

  /** `dataDir` absent: an in-memory database. */
  constructor(dataDir?: string) {
    this.worker = new Worker(new URL('./pglite-thread.worker.mjs', import.meta.url), { workerData: { dataDir, options: PGLITE_OPTIONS } });
    this.waitReady = new Promise<void>((resolve, reject) => this.pending.set(0, { resolve: () => resolve(), reject }));
    this.waitReady.then(
      () => this.idle(),
      () => undefined,
    );
    this.worker.on('message', (reply: Reply) => {
      this.lastReplyAt = Date.now();
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.result);
      else waiter.reject(rebuild(reply.error));
      this.idle();
    });
    this.worker.on('error', (error) => this.abort(error));
    this.worker.on('exit', (code) => {
      this.closed = true;
      this.abort(new Error(`PGlite thread exited (code ${code})`));
    });
  }

  /** The thread keeps the process alive only while a request is in flight (scripts end when done). */
  private idle() {
    if (this.pending.size === 0) this.worker.unref();
  }

  private abort(error: Error) {
    this.failure ??= error;
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }

  private call<T>(request: Request): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    if (this.pending.size === 0) this.busySince = Date.now();
    this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** One statement, inside transaction `tx` if given. */
  query<R>(sql: string, params: readonly unknown[], tx?: number): Promise<{ rows: R[]; affectedRows?: number }> {
    return this.call({ op: 'query', sql, params, tx });
  }

  /**
   * Health. While statements are in flight the thread is working: the database answers if one of
   * them ended (or the work began) within the last 10 s, known here without waiting behind them.
   * Idle, the thread answers itself (pglite-thread.worker.mjs).
   */
  async ping<R>(): Promise<{ rows: R[] }> {
    if (this.failure) throw this.failure;
    if (this.closed) throw new Error('PGlite is closed');
    if (this.pending.size === 0) return this.call({ op: 'ping' });
    if (Date.now() - Math.max(this.lastReplyAt, this.busySince) > STUCK_MS) {
      throw new Error(`PGlite: no statement has ended for ${STUCK_MS / 1000} s`);
    }
    return { rows: [{ one: 1 } as R] };
  }

  /** Opens a transaction (PGlite runs one at a time, and no other statement meanwhile). */
  async begin(): Promise<number> {
    const tx = this.nextTx++;
    await this.call({ op: 'begin', tx });
    return tx;
  }

  async end(tx: number, commit: boolean): Promise<void> {
    await this.call({ op: 'end', tx, commit });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}

class PGliteThreadConnection implements DatabaseConnection {
  tx: number | undefined;
  constructor(private readonly thread: PGliteThread) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (compiled === PING_QUERY && this.tx === undefined) return { rows: (await this.thread.ping<R>()).rows };
    const { rows, affectedRows } = await this.thread.query<R>(compiled.sql, compiled.parameters, this.tx);
    return { rows: rows ?? [], numAffectedRows: affectedRows != null ? BigInt(affectedRows) : undefined };
  }

  // biome-ignore lint/correctness/useYield: PGlite cannot stream; the generator only throws.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }
}

/**
 * Kysely's driver for PGliteThread. Kysely's own PGlite driver shares one connection under a
 * mutex, so each statement waited for the previous one to come back across the thread: here
 * every request gets its own connection and its statements queue inside the thread, where
 * PGlite's lock orders them (a plain statement waits for an open transaction, as on PostgreSQL a
 * session would not see it; transactions run one at a time).
 */
class PGliteThreadDriver implements Driver {
  constructor(private readonly thread: PGliteThread) {}
  async init() {
    await this.thread.waitReady;
  }
  async acquireConnection() {
    return new PGliteThreadConnection(this.thread);
  }
  async beginTransaction(connection: PGliteThreadConnection) {
    connection.tx = await this.thread.begin();
  }
  async commitTransaction(connection: PGliteThreadConnection) {
    const tx = connection.tx!;
    connection.tx = undefined;
    await this.thread.end(tx, true);
  }
  async rollbackTransaction(connection: PGliteThreadConnection) {
    const tx = connection.tx;
    connection.tx = undefined;
    if (tx !== undefined) await this.thread.end(tx, false);
  }
  async releaseConnection() {}
  async destroy() {
    await this.thread.close();
  }
}

/**
 * PostgreSQL's SQL, adapter and introspection on a PGliteThread. Kysely 0.29's own PGlite dialect
 * needs Node 22 (decision 008); PGlite speaks PostgreSQL, so the PostgreSQL parts fit as they are.
 */
export class PGliteThreadDialect implements Dialect {
  constructor(private readonly thread: PGliteThread) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PGliteThreadDriver(this.thread);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's Dialect interface is declared with Kysely<any>.
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
