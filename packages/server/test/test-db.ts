import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type DbHandle, migrateToLatest, openDatabase } from '../src/db/client.ts';

export const TEST_SCHEMA_PREFIX = 'ecofoyer_test_';

const KEY = Symbol.for('ecofoyer.testDb');
type Holder = { [KEY]?: Promise<DbHandle> };

/**
 * One migrated database per test worker: an in-memory PGlite (a new one costs ~3.5 s and
 * ~0.5 GB, so never one per test), or with DATABASE_URL a fresh PostgreSQL schema.
 */
export function workerDb(): Promise<DbHandle> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const databaseUrl = process.env.DATABASE_URL;
    let schema: string | undefined;
    if (databaseUrl) {
      schema = `${TEST_SCHEMA_PREFIX}${process.pid}_${randomBytes(3).toString('hex')}`;
      const admin = await openDatabase({ databaseUrl, poolSize: 1 });
      await sql`create schema ${sql.id(schema)}`.execute(admin.db);
      await admin.close();
    }
    const handle = await openDatabase({ databaseUrl, schema, poolSize: 20 });
    await migrateToLatest(handle);
    return handle;
  })();
  return holder[KEY];
}

/** Empties every table (test files start from a clean database). */
export async function cleanDb(handle: DbHandle): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = current_schema() and tablename not like 'kysely_%'`.execute(handle.db);
  if (rows.length === 0) return;
  const list = sql.join(rows.map((r) => sql.id(r.tablename)));
  await sql`truncate ${list} restart identity cascade`.execute(handle.db);
}
