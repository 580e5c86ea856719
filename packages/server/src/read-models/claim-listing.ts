import { sql } from 'kysely';
import type { Db } from '../db/client.ts';

/**
 * Read model (decision 012): a household's claims (« Ma démarche ») with the name of their appliance
 * (`appliances`, owned by `appliances`). Read only.
 */
export const claimListing = (db: Db, foyerId: number) =>
  db
    .selectFrom('claims as c')
    .innerJoin('appliances as a', 'a.id', 'c.appliance_id')
    .selectAll('c')
    .select('a.name as appliance_name')
    .where('c.foyer_id', '=', foyerId);

/**
 * Read model: the steps of these claims, oldest first, with their author's first name (`users`, owned
 * by `auth`) while the author is still a member of the claim's household (`foyer_members`, owned by
 * `foyer`): a member who left is no longer named. Read only.
 */
export const claimStepListing = (db: Db, claimIds: number[]) =>
  db
    .selectFrom('claim_steps as s')
    .leftJoin('foyer_members as m', (join) => join.onRef('m.user_id', '=', 's.author_id').onRef('m.foyer_id', '=', 's.foyer_id'))
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('s')
    .select(sql<string | null>`u.firstname`.as('author_name'))
    .where('s.claim_id', 'in', claimIds.length > 0 ? claimIds : [0])
    .orderBy('s.date')
    .orderBy('s.id')
    .execute();

/**
 * Read model: every claim of every household that waits for an answer (sent, not over), with its
 * appliance's name, for the reminders' pass. Read only.
 */
export const claimsAwaitingAnswer = (db: Db) =>
  db
    .selectFrom('claims as c')
    .innerJoin('appliances as a', 'a.id', 'c.appliance_id')
    .select(['c.id', 'c.foyer_id', 'c.appliance_id', 'c.voie', 'c.destinataire', 'a.name as appliance_name'])
    .where('c.statut', '=', 'envoyee')
    .orderBy('c.id')
    .execute();
