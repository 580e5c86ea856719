import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationTest } from '../../../test/migration-test.ts';
import { signedInUser } from '../../../test/test-app.ts';

const m = migrationTest();

const found = async (name: string) =>
  (await sql<{ found: string | null }>`select to_regclass(current_schema() || '.' || ${name})::text as found`.execute(m.t.db)).rows[0]!
    .found !== null;
const notificationColumns = async () =>
  (
    await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'notifications'`.execute(m.t.db)
  ).rows.map((r) => r.column_name);

describe('migration 0033: the claims (« Ma démarche »)', () => {
  it('goes down without its tables and the notifications’ claim column, the household’s data intact, and up again', async () => {
    const { t } = m;
    const me = await signedInUser(t, 'migration-demarche@exemple.fr');
    const users = `/api/V1/profils/users/${me.id}`;
    const appliance = (
      await t.app.inject({ method: 'POST', url: '/api/devices', headers: me.headers, payload: { marque: 'Bosch', modele: 'X' } })
    ).json() as { id: number };
    const claim = await t.app.inject({
      method: 'POST',
      url: `${users}/demarches`,
      headers: me.headers,
      payload: { applianceId: appliance.id, voie: 'garantie-legale', defaut: 'Fuite' },
    });
    expect(claim.statusCode, claim.body).toBe(201);

    await m.migrateTo('0032-inventory-imports');
    for (const table of ['claims', 'claim_steps', 'claim_attachments']) expect(await found(table)).toBe(false);
    expect(await notificationColumns()).not.toContain('claim_id');
    // The breakdown the claim made stays: it is the household's history.
    const events = await sql<{ type: string }>`select type from events where foyer_id = ${me.id}`.execute(t.db);
    expect(events.rows).toEqual([{ type: 'PANNE' }]);

    await m.latest();
    expect(await found('claims')).toBe(true);
    expect(await notificationColumns()).toContain('claim_id');
    const listed = await t.app.inject({ url: `${users}/demarches`, headers: me.headers });
    expect(listed.json()).toEqual([]);
  });
});
