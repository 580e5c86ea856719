import { DEMO_ACCOUNT, ROLES } from '@ecofoyer/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../lib/passwords.ts';
import type { Db } from './client.ts';

/**
 * The demo account (credentials built into the client, API.md "Demo"), created once.
 * Its universes and appliances are added by the inventory seed when that module exists.
 */
export async function seedDemo(db: Db, log: FastifyBaseLogger): Promise<number> {
  const existing = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNT.username).executeTakeFirst();
  if (existing) return existing.id;
  const now = new Date();
  const row = await db
    .insertInto('users')
    .values({
      username: DEMO_ACCOUNT.username,
      email: DEMO_ACCOUNT.username,
      firstname: 'Camille',
      lastname: 'Martin',
      adresse: '12 rue des Lilas, 69003 Lyon',
      telephone: '06 12 34 56 78',
      password_hash: await hashPassword(DEMO_ACCOUNT.password),
      roles: [ROLES.freemium],
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  log.info('compte de démonstration créé');
  return row?.id ?? (await seedDemo(db, log));
}
