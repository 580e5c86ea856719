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

const counts = async () =>
  (
    await sql<{ users: number; universes: number; appliances: number; events: number }>`
      select (select count(*) from users)::int as users, (select count(*) from universes)::int as universes,
             (select count(*) from appliances)::int as appliances, (select count(*) from events)::int as events`.execute(t.db)
  ).rows[0]!;

describe('migration 0020: every existing user becomes the owner of a foyer holding their data', () => {
  it('gives the demo household and another account each their foyer, moves no data row, and keeps giving new accounts theirs', async () => {
    const demo = await signedInUser(t, 'migration-demo@exemple.fr');
    await seedDemoHousehold(t.app, demo.id);
    const other = await signedInUser(t, 'migration-autre@exemple.fr');
    const before = await counts();
    expect(before.appliances).toBeGreaterThan(3);
    const demoAppliances = (await t.app.inject({ url: `/api/V1/profils/users/${demo.id}/appliances`, headers: demo.headers })).json();

    // Back to the database as it was before the foyers, with the demo's data in it, then forward again.
    const { schema } = await workerDb();
    const migrator = new Migrator({ db: t.db, migrationTableSchema: schema, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('0019-events-lists');
    expect(down.error).toBeUndefined();
    expect((await sql<{ present: boolean }>`select to_regclass('foyers') is not null as present`.execute(t.db)).rows[0]!.present).toBe(
      false,
    );
    await migrateToLatest({ db: t.db, schema, kind: 'pglite', close: async () => undefined });

    expect(await counts()).toEqual(before);
    const foyers = await t.db.selectFrom('foyers').select(['id', 'nom']).orderBy('id').execute();
    expect(foyers).toEqual([
      { id: demo.id, nom: null },
      { id: other.id, nom: null },
    ]);
    const members = await t.db.selectFrom('foyer_members').select(['user_id', 'foyer_id', 'role']).orderBy('user_id').execute();
    expect(members).toEqual([
      { user_id: demo.id, foyer_id: demo.id, role: 'proprietaire' },
      { user_id: other.id, foyer_id: other.id, role: 'proprietaire' },
    ]);
    t.app.services.foyer.forget(demo.id);
    const foyer = await t.app.inject({ url: `/api/V1/profils/users/${demo.id}/foyer`, headers: demo.headers });
    expect(foyer.json()).toMatchObject({ id: demo.id, nom: 'Foyer de Camille', membres: [{ userId: demo.id, role: 'proprietaire' }] });
    expect((await t.app.inject({ url: `/api/V1/profils/users/${demo.id}/appliances`, headers: demo.headers })).json()).toEqual(
      demoAppliances,
    );

    const later = await signedInUser(t, 'migration-apres@exemple.fr');
    expect(await t.db.selectFrom('foyer_members').select(['foyer_id', 'role']).where('user_id', '=', later.id).executeTakeFirst()).toEqual({
      foyer_id: later.id,
      role: 'proprietaire',
    });
  }, 120_000);
});
