import { sql } from 'kysely';
import type { Db } from '../db/client.ts';

/**
 * Read model (decision 012): a foyer's members with the first name the others see (`users`, owned by
 * `auth`), owners first then by arrival; and the first name of the foyer's founder, whose name an
 * unnamed foyer takes. Read only.
 */
export const foyerMembers = (db: Db, foyerId: number) =>
  db
    .selectFrom('foyer_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'm.role', 'u.firstname'])
    .where('m.foyer_id', '=', foyerId)
    .orderBy((eb) => eb.case().when('m.role', '=', 'proprietaire').then(0).else(1).end())
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .execute();

export const foyerWithFounder = (db: Db, foyerId: number) =>
  db.selectFrom('foyers as f').innerJoin('users as u', 'u.id', 'f.id').select(['f.id', 'f.nom', 'u.firstname as founder']).where('f.id', '=', foyerId).executeTakeFirst();

/** Whether the account of this address is a member of the foyer (an invitation to it is refused). */
export const isFoyerMemberEmail = async (db: Db, foyerId: number, email: string): Promise<boolean> =>
  (await db
    .selectFrom('foyer_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.user_id')
    .where('m.foyer_id', '=', foyerId)
    .where(sql`lower(u.email)`, '=', email.toLowerCase())
    .executeTakeFirst()) !== undefined;

/** Whether the account is a visitor's demo, which invites nobody (its mails would go to any address). */
export const isDemoAccount = async (db: Db, userId: number): Promise<boolean> =>
  (await db.selectFrom('users').select('id').where('id', '=', userId).where('demo_expires_at', 'is not', null).executeTakeFirst()) !== undefined;
