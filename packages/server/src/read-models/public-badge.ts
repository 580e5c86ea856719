import type { Db } from '../db/client.ts';

/**
 * Read model (decision 012): a badge as its public share page shows it, with the first name of
 * the person who earned it (owned by `auth`) and nothing else about them. Read only.
 */
export const publicBadge = (db: Db, uuid: string) =>
  db
    .selectFrom('user_badges as b')
    .innerJoin('ref_badges as r', 'r.id', 'b.ref_badge_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.user_id',
      'b.public_uuid',
      'b.obtained_at',
      'r.slug',
      'r.name',
      'r.description',
      'r.pict',
      'r.bonus_description',
      'r.bonus_link',
      'u.firstname',
    ])
    .where('b.public_uuid', '=', uuid)
    .executeTakeFirst();
