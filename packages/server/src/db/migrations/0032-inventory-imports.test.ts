import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationTest } from '../../../test/migration-test.ts';
import { signedInUser } from '../../../test/test-app.ts';

const m = migrationTest();

const tableExists = async () =>
  (await sql<{ found: string | null }>`select to_regclass(current_schema() || '.inventory_imports')::text as found`.execute(m.t.db))
    .rows[0]!.found !== null;

describe('migration 0032: the CSV imports that write, kept for the job runner', () => {
  it('goes down without its table, the household’s data intact, and up again', async () => {
    const { t } = m;
    const me = await signedInUser(t, 'migration-import@exemple.fr');
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/V1/profils/users/${me.id}/import/appareils`,
      headers: me.headers,
      payload: { contenu: 'Type d’appareil;Marque;Modèle\r\nLave-linge;Bosch;Série 4', appliquer: true },
    });
    expect(imported.json()).toMatchObject({ crees: 1 });
    await m.migrateTo('0031-series-paris-time');
    expect(await tableExists()).toBe(false);
    const appliances = await sql<{ n: number }>`select count(*)::int as n from appliances where foyer_id = ${me.id}`.execute(t.db);
    expect(appliances.rows[0]!.n).toBe(1);
    await m.latest();
    expect(await tableExists()).toBe(true);
    const last = await t.app.inject({ url: `/api/V1/profils/users/${me.id}/import/appareils/dernier`, headers: me.headers });
    expect(last.statusCode).toBe(204);
  });
});
