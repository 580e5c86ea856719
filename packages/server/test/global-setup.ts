import { sql } from 'kysely';
import { openDatabase } from '../src/db/client.ts';
import { TEST_SCHEMA_PREFIX } from './test-db.ts';

/** With DATABASE_URL, drops the per-worker schemas of this and earlier runs. */
export async function dropTestSchemas() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return;
  const handle = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const { rows } = await sql<{ nspname: string }>`
      select nspname from pg_namespace where nspname like ${`${TEST_SCHEMA_PREFIX}%`}`.execute(handle.db);
    for (const { nspname } of rows) await sql`drop schema ${sql.id(nspname)} cascade`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

export async function setup() {
  await dropTestSchemas();
}

export async function teardown() {
  await dropTestSchemas();
}
