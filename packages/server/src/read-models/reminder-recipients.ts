import { sql } from 'kysely';
import type { Db } from '../db/client.ts';

/**
 * Read model (decision 012): for each member a notification is for, where and how it reaches them —
 * their address and first name (`users`, owned by `auth`), and their preferences (no row: every
 * default, migration 0022). A visitor's demo account gets no mail: its address is made up. Read only.
 */
export const reminderRecipients = (db: Db, userIds: number[]) =>
  db
    .selectFrom('users as u')
    .leftJoin('notification_preferences as p', 'p.user_id', 'u.id')
    .select([
      'u.id as user_id',
      'u.email as email_address',
      'u.firstname',
      sql<boolean>`coalesce(p.in_app, true)`.as('in_app'),
      sql<boolean>`coalesce(p.push, true)`.as('push'),
      sql<boolean>`coalesce(p.email, true) and u.demo_expires_at is null`.as('email'),
      sql<'immediat' | 'hebdo'>`coalesce(p.email_mode, 'immediat')`.as('email_mode'),
    ])
    .where('u.id', 'in', userIds.length > 0 ? userIds : [0])
    .execute();

/** Read model: the members who chose the Sunday digest by e-mail and have not had this week's (`week`: that Sunday). */
export const digestRecipients = (db: Db, week: string) =>
  db
    .selectFrom('notification_preferences as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.id as user_id', 'u.email', 'u.firstname'])
    .where('p.email', '=', true)
    .where('p.email_mode', '=', 'hebdo')
    .where('u.demo_expires_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('notification_digests as d').select('d.user_id').whereRef('d.user_id', '=', 'u.id').where('d.week', '=', week)),
      ),
    )
    .execute();

/**
 * Read model: the planned maintenance a member sees to between `since` and `until` — in their foyer
 * (`foyer_members`, owned by `foyer`), assigned to them or to nobody, not for a lecteur — with its
 * appliance's name (`appliances`): the digest's list, oldest first.
 */
export const memberTasks = (db: Db, userId: number, since: Date, until: Date) =>
  db
    .selectFrom('foyer_members as m')
    .innerJoin('events as e', 'e.foyer_id', 'm.foyer_id')
    .leftJoin('appliances as a', 'a.id', 'e.appliance_id')
    .select(['e.id', 'e.title', 'e.dt_realisation', 'a.name as appliance_name'])
    .where('m.user_id', '=', userId)
    .where('m.role', '<>', 'lecteur')
    .where('e.type', '=', 'MAINTENANCE')
    .where('e.status', '=', 'NEW')
    .where('e.dt_realisation', '>', since)
    .where('e.dt_realisation', '<=', until)
    .where((eb) => eb.or([eb('e.assignee_id', 'is', null), eb('e.assignee_id', '=', userId)]))
    .orderBy('e.dt_realisation')
    .orderBy('e.id')
    .limit(50)
    .execute();

/** Read model: whether the account still exists (an unsubscribe link can outlive it). */
export const accountExists = async (db: Db, userId: number): Promise<boolean> =>
  (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
