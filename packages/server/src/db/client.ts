import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
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
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', schema: options.schema ?? 'public', close: () => db.destroy() };
  }
  if (options.pgliteDir) mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  const pglite = await PGlite.create(options.pgliteDir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
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

/** True when the database answers (GET /api/health). */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
    return true;
  } catch {
    return false;
  }
}
