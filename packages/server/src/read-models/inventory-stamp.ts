import { sql } from 'kysely';
import type { Db } from '../db/client.ts';

/**
 * Read model (decision 012): a stamp of the household's inventory — its appliances and universes,
 * how many, the newest id, the latest change — that differs once either has changed. An import
 * planned on one stamp writes only while the stamp is the same. Read only.
 */
export async function inventoryStamp(db: Db, foyerId: number): Promise<string> {
  const { rows } = await sql<{ stamp: string }>`
    select concat_ws(':', a.n, a.last_id, a.changed, u.n, u.last_id, u.changed) as stamp
    from (select count(*) as n, coalesce(max(id), 0) as last_id, coalesce(max(updated_at)::text, '') as changed from appliances where foyer_id = ${foyerId}) a,
         (select count(*) as n, coalesce(max(id), 0) as last_id, coalesce(max(updated_at)::text, '') as changed from universes where foyer_id = ${foyerId}) u`.execute(
    db,
  );
  return rows[0]?.stamp ?? '';
}
