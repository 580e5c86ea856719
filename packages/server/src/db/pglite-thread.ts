import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

// No Kysely here (pglite-dialect.ts): the server starts this thread before loading the rest (pglite-boot.ts).

type Request =
  | { op: 'query'; sql: string; params: readonly unknown[]; tx?: number }
  | { op: 'ping' }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };

/** Statements in flight and none ended for this long: the database is reported down (health). */
const STUCK_MS = 10_000;

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
 * PostgreSQL's memory settings for one household's database (the server's memory at rest). PGlite's
 * default 128 MB of shared buffers were written at start, so resident: 16 MB hold a household's
 * tables many times over, and the kernel's page cache keeps the files' pages anyway (measured:
 * the PGlite thread 314 → 192 MB at rest, bench/rss.ts).
 */
export const PGLITE_OPTIONS = { postgresqlconf: ['shared_buffers=16MB', 'temp_buffers=2MB', 'work_mem=2MB', 'maintenance_work_mem=16MB'] };

/**
 * A new data directory's starting point, made by the build (`pglite-template.ts`): a data directory
 * migrated, with its reference data, closed cleanly. Beside the built code only.
 */
export const PGLITE_TEMPLATE = fileURLToPath(new URL('./pglite-template', import.meta.url));

/**
 * Creates a PGlite data directory in a thread of its own, then ends that thread: creating the
 * cluster (initdb) takes about 800 MB that the WebAssembly heap never gives back, so the database
 * the server keeps open is started afresh on the created directory (so a first start no
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
  /** The thread is analysing its tables or collecting its heap, between statements (the worker's upkeep). */
  private upkeeping = false;

  /**
   * `dataDir` absent: an in-memory database. `upkeep`: how long the thread waits idle before it
   * analyses the changed tables and collects its heap, and how often at most (the worker's defaults:
   * 2 s, 30 s).
   */
  constructor(dataDir?: string, options: { upkeep?: { idleMs: number; everyMs: number } } = {}) {
    this.worker = new Worker(new URL('./pglite-thread.worker.mjs', import.meta.url), {
      workerData: { dataDir, options: PGLITE_OPTIONS, upkeep: options.upkeep },
    });
    this.waitReady = new Promise<void>((resolve, reject) => this.pending.set(0, { resolve: () => resolve(), reject }));
    this.waitReady.then(
      () => this.idle(),
      () => undefined,
    );
    this.worker.on('message', (reply: Reply | { upkeep: boolean }) => {
      this.lastReplyAt = Date.now();
      if ('upkeep' in reply) {
        this.upkeeping = reply.upkeep;
        return;
      }
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
   * Health. While statements are in flight, or the thread does its upkeep, it is working: the
   * database answers if one of them ended (or the work began, or the thread last spoke) within the
   * last 10 s, known here without waiting behind them.
   * Idle, the thread answers itself (pglite-thread.worker.mjs).
   */
  async ping<R>(): Promise<{ rows: R[] }> {
    if (this.failure) throw this.failure;
    if (this.closed) throw new Error('PGlite is closed');
    if (this.pending.size === 0 && !this.upkeeping) return this.call({ op: 'ping' });
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
