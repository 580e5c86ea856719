import { sql } from 'kysely';
import type { Db } from '../db/client.ts';

/**
 * Read model (decision 012): the planned maintenance of every household dated in (after, until],
 * once per member it reminds — its assignee, or every member who can do it (not a lecteur) when
 * nobody is assigned — with no reminder of this kind yet, and its appliance's name (owned
 * by `appliances`): what the notifications module words and inserts (`reminderText`). The founder's
 * reminder keeps the key it had before households had members (`event:{id}:{kind}`). Read only.
 */
export const maintenanceDue = (db: Db, kind: 'eve' | 'due', after: Date, until: Date) =>
  db
    .selectFrom('events as e')
    .innerJoin('foyer_members as m', 'm.foyer_id', 'e.foyer_id')
    .leftJoin('appliances as a', 'a.id', 'e.appliance_id')
    .select(['e.id', 'm.user_id as recipient', 'e.foyer_id', 'e.title', 'e.dt_realisation', 'a.name as appliance_name'])
    .select(reminderKey(kind).as('dedupe_key'))
    .where('e.type', '=', 'MAINTENANCE')
    .where('e.status', '=', 'NEW')
    .where('e.dt_realisation', '>', after)
    .where('e.dt_realisation', '<=', until)
    .where((eb) =>
      eb.or([eb('m.user_id', '=', eb.ref('e.assignee_id')), eb.and([eb('e.assignee_id', 'is', null), eb('m.role', '<>', 'lecteur')])]),
    )
    // Not again for a member who already has this reminder.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('notifications as n').select('n.id').whereRef('n.dedupe_key', '=', reminderKey(kind)))),
    )
    .execute();

const reminderKey = (kind: 'eve' | 'due') =>
  sql<string>`'event:' || e.id || ':' || ${kind} || case when m.user_id = e.foyer_id then '' else ':' || m.user_id end`;

/**
 * Read model (decision 012): a user's notifications as the list shows them, with what their event
 * says (owned by `events`), its appliance's name (`appliances`) and its card's product
 * (`maintenance`), for the links and the « J'ai fait l'entretien » action. Read only.
 */
export const notificationListing = (db: Db, userId: number) =>
  db
    .selectFrom('notifications as n')
    .leftJoin('events as e', 'e.id', 'n.event_id')
    .leftJoin('appliances as a', 'a.id', 'e.appliance_id')
    .leftJoin('maintenance_cards as c', 'c.id', 'e.maintenance_card_id')
    .selectAll('n')
    .select([
      'e.title as event_title',
      'e.dt_realisation as event_date',
      'e.status as event_status',
      'e.note as event_note',
      'e.appliance_id as event_appliance_id',
      'a.name as appliance_name',
      'e.maintenance_card_id as event_card_id',
      'c.prod_id as card_prod_id',
    ])
    .where('n.user_id', '=', userId);
