import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { bootPglite, type BootedPglite } from './pglite-boot.ts';
import { PGliteThreadDialect, PING_QUERY } from './pglite-dialect.ts';
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
  /** PGlite already booting (`bootPglite`, started before the rest of the server loaded): used instead of `pgliteDir`. */
  pglite?: Promise<BootedPglite>;
  /** PostgreSQL schema to use (tests isolate workers this way). */
  schema?: string;
  poolSize?: number;
  /**
   * PostgreSQL: the longest a statement may run (server side) before it is cancelled; the client
   * gives up 2 s later if the server does not answer at all (a stalled server). Either way the
   * request answers 503 instead of hanging.
   */
  statementTimeoutMs?: number;
}

/** The most statement texts given a name (prepared once per connection); beyond, they run unnamed. */
export const PREPARED_STATEMENTS_MAX = 500;
const statementNames = new Map<string, string>();
/** PostgreSQL's answer to a prepared `select *` whose table gained or lost a column (another replica migrated). */
const STALE_PLAN = 'cached plan must not change result type';

/**
 * PostgreSQL parses and plans a statement once per connection instead of for every request (before,
 * the appliance's three-table read spent more of PostgreSQL's CPU planning than running): a
 * statement that carries parameters — every query Kysely builds — runs as a named prepared statement,
 * one name per SQL text, the first `PREPARED_STATEMENTS_MAX` texts met. Statements without parameters
 * (migrations, DDL) run as before. When a table's columns changed under a prepared statement (a
 * rolling deploy: the new replica migrated), the connection prepares it again under a new name and
 * runs it once more.
 */
function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const renamed = new Map<string, string>();
  (client as { query: unknown }).query = async (text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined)
      return query(text, values, callback);
    let name = statementNames.get(text);
    if (name === undefined && statementNames.size < PREPARED_STATEMENTS_MAX) {
      name = `ef${statementNames.size}`;
      statementNames.set(text, name);
    }
    if (name === undefined) return query(text, values);
    const current = renamed.get(name) ?? name;
    try {
      return await query({ name: current, text, values });
    } catch (error) {
      if (!(error instanceof Error && error.message.includes(STALE_PLAN))) throw error;
      const fresh = `${name}_${randomUUID().slice(0, 8)}`;
      renamed.set(name, fresh);
      return query({ name: fresh, text, values });
    }
  };
}

/** How long /api/health waits for the database before it says it is down (and a keyed write for a lock, lib/idempotency.ts). */
export const HEALTH_TIMEOUT_MS = 5000;

/** The newest migration: the database's schema must be at it (or newer) for /api/health to say ok. */
export const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1)!;

/** One Kysely code path for both: PGlite (embedded, default) or PostgreSQL (DATABASE_URL). */
export async function openDatabase(options: DbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
      // A database that does not answer fails the request (503) instead of holding it.
      connectionTimeoutMillis: 5000,
      ...(options.statementTimeoutMs
        ? { statement_timeout: options.statementTimeoutMs, query_timeout: options.statementTimeoutMs + 2000 }
        : {}),
    });
    // A connection dropped by the server (restart, failover, network cut) is an 'error' event, on
    // the pool for an idle one and on the client for one in use: without a listener it would end
    // the process. The query in flight fails (503), the pool replaces the connection.
    pool.on('error', (error) => console.warn(`PostgreSQL: connexion perdue (${error.message})`));
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      prepareStatements(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const health = new HealthConnection({
      connectionString: options.databaseUrl,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    healthChecks.set(db, () => health.ping());
    // Without an explicit schema, the connection's search_path decides (DATABASE_URL may carry
    // `?options=-c search_path=…`): the migration table must live where the tables go.
    const schema = options.schema ?? (await currentSchema(db));
    return {
      db,
      kind: 'postgres',
      schema,
      close: async () => {
        await health.close();
        await db.destroy();
      },
    };
  }
  const { thread: pglite, unlock } = await (options.pglite ?? bootPglite(options.pgliteDir));
  const db = new Kysely<Database>({ dialect: new PGliteThreadDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    schema: 'public',
    close: async () => {
      try {
        await db.destroy();
      } finally {
        unlock();
      }
    },
  };
}

export async function migrateToLatest({ db, schema }: DbHandle): Promise<void> {
  if (await isAtLatest(db, schema)) return;
  // Named explicitly: left unset, Kysely finds its lock table in any schema of the database.
  const migrator = new Migrator({ db, migrationTableSchema: schema, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration échouée${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`);
  }
}

/**
 * Every migration of the code already ran, the newest last (a shortcut: Kysely's migrator takes its
 * lock and reads its tables, about half a second on PGlite, to find nothing to do at most starts).
 */
async function isAtLatest(db: Db, schema: string): Promise<boolean> {
  const { rows: present } = await sql<{
    present: boolean;
  }>`select to_regclass(${`${schema}.kysely_migration`}) is not null as present`.execute(db);
  if (!present[0]?.present) return false;
  const { rows } = await sql<{
    n: number;
    latest: string | null;
  }>`select count(*)::int as n, max(name) as latest from ${sql.id(schema, 'kysely_migration')}`.execute(db);
  return rows[0]?.n === Object.keys(migrations).length && rows[0]?.latest === LATEST_MIGRATION;
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

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// SQLSTATE: shutting down, starting up, out of connections, statement timeout, and
// a database, schema or table that is not there: the database was dropped or emptied under the
// running server, which no retry of the request can fix before the operator restores it.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03', '3D000', '3F000', '42P01']);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|PGlite thread exited|PGlite is closed/;

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

/** Health checks that do not go through the pool, by database. */
const healthChecks = new WeakMap<Db, () => Promise<void>>();

/**
 * GET /api/health on PostgreSQL: one connection of its own, opened on first use and again after
 * a failure, so the check does not wait for a free connection of the pool when every one is
 * busy (a burst of sign-ins, bench/signin-flood.ts). It still proves the server answers.
 */
class HealthConnection {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private closed = false;

  constructor(private readonly config: pg.ClientConfig) {}

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ ...this.config, connectionTimeoutMillis: HEALTH_TIMEOUT_MS, query_timeout: HEALTH_TIMEOUT_MS });
    client.on('error', () => this.drop(client));
    try {
      await client.connect();
    } catch (error) {
      this.drop(client);
      throw error;
    }
    return client;
  }

  private drop(client: pg.Client) {
    if (this.client === client) this.client = undefined;
    void client.end().catch(() => undefined);
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('PostgreSQL: connexion de santé fermée');
    if (!this.client) {
      this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
      this.client = await this.connecting;
    }
    const client = this.client;
    let latest: string | null;
    try {
      // Proves the server answers and the schema is there, at this code's version.
      latest = (await client.query<{ latest: string | null }>('select max(name) as latest from kysely_migration')).rows[0]?.latest ?? null;
    } catch (error) {
      this.drop(client);
      throw error;
    }
    // A newer schema is fine: migrations are additive, so an older replica runs beside a newer one.
    if (latest === null || latest < LATEST_MIGRATION)
      throw new Error(`PostgreSQL: schéma à la migration ${latest ?? 'aucune'}, attendu ${LATEST_MIGRATION}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

/** True when the database answers (GET /api/health). */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    const check = healthChecks.get(db);
    if (check) await check();
    else await db.executeQuery(PING_QUERY);
    return true;
  } catch {
    return false;
  }
}
