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
import type { PGliteThread } from './pglite-thread.ts';

/**
 * The health check's statement, compiled once (db/client.ts pingDatabase). On PGlite it does not
 * wait behind the statements already queued in the thread (PGliteThread.ping).
 */
export const PING_QUERY = CompiledQuery.raw('select 1 as one');

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
