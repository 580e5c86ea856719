import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { PGliteThread, PGliteThreadDialect } from './pglite-thread.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL schema the tables live in. */
  schema: string;
  close(): Promise<void>;
}

export interface DbOptions {
  /** PostgreSQL connection string; absent → PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; absent → in memory. */
  pgliteDir?: string;
  /** PostgreSQL schema to use (tests isolate workers this way). */
  schema?: string;
  poolSize?: number;
}

/** One Kysely code path for both: PGlite (embedded, default) or PostgreSQL (DATABASE_URL). */
export async function openDatabase(options: DbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
      // A database that does not answer fails the request (503) instead of holding it.
      connectionTimeoutMillis: 5000,
    });
    // A connection dropped by the server (restart, failover, network cut) is an 'error' event, on
    // the pool for an idle one and on the client for one in use: without a listener it would end
    // the process. The query in flight fails (503), the pool replaces the connection.
    pool.on('error', (error) => console.warn(`PostgreSQL: connexion perdue (${error.message})`));
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // Without an explicit schema, the connection's search_path decides (DATABASE_URL may carry
    // `?options=-c search_path=…`): the migration table must live where the tables go.
    const schema = options.schema ?? (await currentSchema(db));
    return { db, kind: 'postgres', schema, close: () => db.destroy() };
  }
  if (options.pgliteDir) mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  // In a worker thread: a query no longer holds the server's event loop (bench/pglite-stall.ts).
  const pglite = new PGliteThread(options.pgliteDir);
  try {
    await pglite.waitReady;
  } catch (error) {
    await pglite.close().catch(() => undefined);
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteThreadDialect(pglite) });
  return { db, kind: 'pglite', schema: 'public', close: () => db.destroy() };
}

export async function migrateToLatest({ db, schema }: DbHandle): Promise<void> {
  // Named explicitly: left unset, Kysely finds its lock table in any schema of the database.
  const migrator = new Migrator({ db, migrationTableSchema: schema, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration échouée${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`);
  }
}

async function currentSchema(db: Db): Promise<string> {
  try {
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
    return rows[0]?.schema ?? 'public';
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATE: shutting down, starting up, out of connections.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNREACHABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite thread exited|PGlite is closed/;

/**
 * True for an error meaning the database cannot be reached right now (down, restarting, network
 * cut), as opposed to a wrong query: the API answers 503 and recovers by itself when it is back.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** True when the database answers (GET /api/health). */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
    return true;
  } catch {
    return false;
  }
}
