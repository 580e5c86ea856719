import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

/**
 * A link or a change that a mail announces is kept exactly when its mail is queued: the mail queue is
 * a table, written in the same transaction. The mail's insert is refused here (as a process killed
 * between the two would leave it undone) and nothing of what it announces may stay behind.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

async function refusingMailsTo(address: string, run: () => Promise<void>) {
  await sql`create or replace function refuse_mail_to() returns trigger language plpgsql as $$
    begin raise exception 'refused by the test'; end $$`.execute(t.db);
  await sql`create trigger refuse_mail_to before insert on mail_queue for each row
    when (new.to_address = ${sql.lit(address)}) execute function refuse_mail_to()`.execute(t.db);
  try {
    await run();
  } finally {
    await sql`drop trigger refuse_mail_to on mail_queue`.execute(t.db);
    await sql`drop function refuse_mail_to()`.execute(t.db);
  }
}

const mailsTo = (address: string) => t.db.selectFrom('mail_queue').select('subject').where('to_address', '=', address).execute();

describe('a mail and what it announces, together', () => {
  it('a reset link is valid only if its mail is queued; the answer does not say either way', async () => {
    const me = await signedInUser(t, 'lien-perdu@exemple.fr');
    const tokens = () => t.db.selectFrom('password_reset_tokens').select('id').where('user_id', '=', me.id).execute();
    await refusingMailsTo('lien-perdu@exemple.fr', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgotpassword', payload: { email: 'lien-perdu@exemple.fr' } });
      expect(res.statusCode).toBe(200);
    });
    expect(await tokens()).toEqual([]);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/forgotpassword', payload: { email: 'lien-perdu@exemple.fr' } });
    expect(again.statusCode).toBe(200);
    expect(await tokens()).toHaveLength(1);
    expect(await mailsTo('lien-perdu@exemple.fr')).toHaveLength(1);
  });

  it('a new address whose confirmation cannot be queued changes nothing of the profile', async () => {
    const me = await signedInUser(t, 'ancienne@exemple.fr');
    const update = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/auth/user/${me.id}`,
        headers: me.headers,
        payload: { firstname: 'Camilla', lastname: 'Durand', email: 'nouvelle-adresse@exemple.fr', currentPassword: 'Secret1!ok' },
      });
    await refusingMailsTo('nouvelle-adresse@exemple.fr', async () => {
      expect((await update()).statusCode).toBe(500);
    });
    const row = await t.db.selectFrom('users').select(['firstname']).where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(row.firstname).toBe('Camille');
    expect(await t.db.selectFrom('email_changes').select('new_email').where('user_id', '=', me.id).execute()).toEqual([]);
    expect(await mailsTo('ancienne@exemple.fr')).toEqual([]);
    const retried = await update();
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ firstname: 'Camilla', emailPending: 'nouvelle-adresse@exemple.fr' });
    expect(await mailsTo('nouvelle-adresse@exemple.fr')).toHaveLength(1);
    expect(await mailsTo('ancienne@exemple.fr')).toHaveLength(1);
  });

  it('an invitation whose mail cannot be queued is not created', async () => {
    const owner = await signedInUser(t, 'hote@exemple.fr');
    const url = `/api/V1/profils/users/${owner.id}/foyer/invitations`;
    const invite = () =>
      t.app.inject({ method: 'POST', url, headers: owner.headers, payload: { email: 'invite-perdu@exemple.fr', role: 'membre' } });
    await refusingMailsTo('invite-perdu@exemple.fr', async () => {
      expect((await invite()).statusCode).toBe(500);
    });
    expect(await t.db.selectFrom('foyer_invitations').select('id').where('email', '=', 'invite-perdu@exemple.fr').execute()).toEqual([]);
    expect((await invite()).statusCode).toBe(201);
    expect(await mailsTo('invite-perdu@exemple.fr')).toHaveLength(1);
  });
});
