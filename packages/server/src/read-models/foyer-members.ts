import { sql } from 'kysely';
import type { Db } from '../db/client.ts';

/**
 * Read model (decision 012): a foyer's members with the first name the others see (`users`, owned by
 * `auth`), owners first then by arrival; and who holds the foyer, with the first name an unnamed foyer
 * takes. Read only.
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

export const foyerWithHolder = (db: Db, foyerId: number) =>
  db
    .selectFrom('foyers as f')
    .leftJoin('users as u', 'u.id', 'f.holder_id')
    .select(['f.id', 'f.nom', 'f.holder_id', 'u.firstname as holder'])
    .where('f.id', '=', foyerId)
    .executeTakeFirst();

/** The address an account signs in with (an invitation is accepted by the account of the invited address). */
export const accountEmail = async (db: Db, userId: number): Promise<string | undefined> =>
  (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email;

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
  (await db.selectFrom('users').select('id').where('id', '=', userId).where('demo_expires_at', 'is not', null).executeTakeFirst()) !==
  undefined;
