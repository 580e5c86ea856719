import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { workerDb } from '../../../test/test-db.ts';
import { migrateToLatest } from '../client.ts';
import { seedDemoHousehold } from '../demo.ts';
import { migrations } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  // Whatever happened, the worker's database ends at the latest migration for the next test file.
  await migrateToLatest(await workerDb());
  await t.app.close();
});

type KeyRow = { id: number; user_id: number; foyer_id: number };
const keys = async (table: string) =>
  (await sql<KeyRow>`select id, user_id, foyer_id from ${sql.table(table)} order by id`.execute(t.db)).rows;

describe('migration 0028: the household key moves to foyer_id, and both releases can write meanwhile', () => {
  it('copies every key, goes back down and up with the data intact, and keeps user_id and foyer_id equal whoever writes', async () => {
    const demo = await signedInUser(t, 'cle-foyer@exemple.fr');
    await seedDemoHousehold(t.app, demo.id);
    const list = async () => (await t.app.inject({ url: `/api/V1/profils/users/${demo.id}/appliances`, headers: demo.headers })).json();
    const before = await list();
    expect(before.length).toBeGreaterThan(3);

    const { schema } = await workerDb();
    const migrator = new Migrator({ db: t.db, migrationTableSchema: schema, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0027-idempotency-keys')).error).toBeUndefined();
    const column = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns
      where table_schema = current_schema() and column_name = 'foyer_id' and table_name = 'appliances'`.execute(t.db);
    expect(column.rows[0]!.n).toBe(0);
    await migrateToLatest({ db: t.db, schema, kind: 'pglite', close: async () => undefined });

    for (const table of ['universes', 'appliances', 'events']) {
      const rows = await keys(table);
      expect(rows.length, table).toBeGreaterThan(0);
      expect(rows.filter((r) => r.foyer_id !== r.user_id)).toEqual([]);
    }
    expect(await list()).toEqual(before);

    // The release before writes user_id only; this one foyer_id only; moving a household's data changes either.
    const universe = (await keys('universes'))[0]!;
    const old = await sql<KeyRow>`insert into universes (user_id, name, description, created_at, updated_at)
      values (${demo.id}, 'Grenier', '', now(), now()) returning id, user_id, foyer_id`.execute(t.db);
    expect(old.rows[0]).toMatchObject({ user_id: demo.id, foyer_id: demo.id });
    const fresh = await sql<KeyRow>`insert into universes (foyer_id, name, description, created_at, updated_at)
      values (${demo.id}, 'Garage', '', now(), now()) returning id, user_id, foyer_id`.execute(t.db);
    expect(fresh.rows[0]).toMatchObject({ user_id: demo.id, foyer_id: demo.id });
    const other = await signedInUser(t, 'cle-foyer-autre@exemple.fr');
    await sql`update universes set user_id = ${other.id} where id = ${universe.id}`.execute(t.db);
    expect((await keys('universes')).find((r) => r.id === universe.id)).toMatchObject({ user_id: other.id, foyer_id: other.id });
    await sql`update universes set foyer_id = ${demo.id} where id = ${universe.id}`.execute(t.db);
    expect((await keys('universes')).find((r) => r.id === universe.id)).toMatchObject({ user_id: demo.id, foyer_id: demo.id });
  });
});
