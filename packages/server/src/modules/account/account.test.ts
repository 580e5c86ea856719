import { API_MSG, MSG } from '@ecofoyer/contracts';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, storedFiles, type TestApp } from '../../../test/test-app.ts';
import { multipart, PDF, PNG } from '../../../test/multipart.ts';
import { EXPORTED_TABLES, NOT_IN_EXPORT } from './account.repository.ts';

/** RGPD: « Télécharger mes données » and « Supprimer mon compte ». */
let t: TestApp;
const PASSWORD = 'Secret1!ok';
const users = (id: number) => `/api/V1/profils/users/${id}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

/** A household with a picture, an invoice and an event. */
async function household(email: string, tag: string) {
  const me = await signedInUser(t, email);
  const room = await multipart({ name: `Cuisine ${tag}`, image: { filename: 'c.png', data: PNG } });
  const universe = (
    await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/foyers/univers`,
      headers: { ...me.headers, ...room.headers },
      payload: room.payload,
    })
  ).json();
  const data = await multipart({ data: JSON.stringify({ prod_id: 1, marque: `Marque ${tag}`, modele: 'M1' }) });
  const appliance = (
    await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/foyers/univers/${universe.univer_id}/appliances`,
      headers: { ...me.headers, ...data.headers },
      payload: data.payload,
    })
  ).json();
  const invoice = await multipart({ file: { filename: 'f.pdf', data: PDF } });
  await t.app.inject({
    method: 'PUT',
    url: `/api/V1/profils/users/foyers/univers/appliances/${appliance.id}/facture`,
    headers: { ...me.headers, ...invoice.headers },
    payload: invoice.payload,
  });
  await t.app.inject({
    method: 'POST',
    url: `${users(me.id)}/events`,
    headers: me.headers,
    payload: { title: `Détartrage ${tag}`, dt_realisation: '2026-12-01T09:00:00Z' },
  });
  return { ...me, email };
}

describe('Télécharger mes données', () => {
  it('gives a zip of every row of the account and its files, nothing of another account, no secret', async () => {
    const me = await household('export@exemple.fr', 'Moi');
    await household('voisin-export@exemple.fr', 'Voisin');
    const res = await t.app.inject({ url: `/api/auth/user/${me.id}/export`, headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ecofoyer-mes-donnees-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const json = new TextDecoder().decode(zip['mes-donnees.json']);
    const data = JSON.parse(json);
    expect(data.compte).toMatchObject({ id: me.id, email: 'export@exemple.fr', firstname: 'Camille' });
    expect(data.tables.universes.map((u: { name: string }) => u.name)).toEqual(['Cuisine Moi']);
    expect(data.tables.appliances).toHaveLength(1);
    expect(data.tables.events.map((e: { title: string }) => e.title)).toEqual(['Détartrage Moi']);
    expect(data.tables.sessions.length).toBeGreaterThan(0);
    expect(json).not.toContain('Voisin');
    expect(json).not.toMatch(/password_hash|token_hash|\$argon2/);
    const files = Object.keys(zip).filter((name) => name.startsWith('fichiers/'));
    expect(files).toHaveLength(2);
    expect(files.map((f) => f.replace('fichiers/', '')).sort()).toEqual([...data.fichiers].sort());
    const png = files.find((f) => f.endsWith('.png'))!;
    expect(Buffer.from(zip[png]!).equals(PNG)).toBe(true);
    // Only one's own.
    const other = await signedInUser(t, 'curieux@exemple.fr');
    expect((await t.app.inject({ url: `/api/auth/user/${me.id}/export`, headers: other.headers })).statusCode).toBe(403);
  });

  it('leaves no table with a user_id undecided: each is exported or named with its reason', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select distinct table_name from information_schema.columns where table_schema = current_schema() and column_name = 'user_id'`.execute(
      t.db,
    );
    const decided = [...EXPORTED_TABLES, ...Object.keys(NOT_IN_EXPORT)];
    expect(rows.map((r) => r.table_name).filter((table) => !decided.includes(table))).toEqual([]);
  });
});

describe('Supprimer mon compte', () => {
  it('announces nothing of a deletion that fails: the account stays, signed in, and no « supprimé » mail is queued', async () => {
    const me = await household('pas-parti@exemple.fr', 'Reste');
    // The deletion's last statement refused (as a row locked past the statement timeout would be).
    await sql`create or replace function refuse_account_deletion() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`.execute(t.db);
    await sql`create trigger refuse_account_deletion before delete on users for each row
      when (old.email = 'pas-parti@exemple.fr') execute function refuse_account_deletion()`.execute(t.db);
    try {
      const failed = await t.app.inject({
        method: 'DELETE',
        url: `/api/auth/user/${me.id}`,
        headers: me.headers,
        payload: { currentPassword: PASSWORD },
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await sql`drop trigger refuse_account_deletion on users`.execute(t.db);
      await sql`drop function refuse_account_deletion()`.execute(t.db);
    }
    expect((await t.app.inject({ url: `${users(me.id)}/appliances`, headers: me.headers })).statusCode).toBe(200);
    const mails = await t.db.selectFrom('mail_queue').select('subject').where('to_address', '=', 'pas-parti@exemple.fr').execute();
    expect(mails.map((m) => m.subject)).not.toContain(API_MSG.accountDeletedMailSubject);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'pas-parti@exemple.fr', password: PASSWORD },
    });
    expect(signin.statusCode).toBe(200);
  });

  it('needs the current password, then deletes every row and file, ends the sessions, mails a confirmation and keeps only an anonymous trace', async () => {
    const me = await household('partant@exemple.fr', 'Partant');
    const neighbour = await household('reste@exemple.fr', 'Reste');
    const filesBefore = storedFiles(t).length;
    const del = (payload: object) => t.app.inject({ method: 'DELETE', url: `/api/auth/user/${me.id}`, headers: me.headers, payload });
    expect((await del({})).json()).toMatchObject({ code: 'CURRENT_PASSWORD_REQUIRED' });
    expect((await del({ currentPassword: 'Faux1!mdp' })).json()).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/auth/user/${me.id}`,
          headers: neighbour.headers,
          payload: { currentPassword: PASSWORD },
        })
      ).statusCode,
    ).toBe(403);

    const done = await del({ currentPassword: PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(MSG.accountDeleted);

    const { rows } = await sql<{ table_name: string }>`
      select distinct table_name from information_schema.columns where table_schema = current_schema() and column_name = 'user_id'`.execute(
      t.db,
    );
    for (const { table_name } of rows) {
      const left = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)} where user_id = ${me.id}`.execute(t.db);
      expect(left.rows[0]!.n, table_name).toBe(0);
    }
    expect(await t.db.selectFrom('users').select('id').where('id', '=', me.id).execute()).toEqual([]);
    expect(storedFiles(t).length).toBe(filesBefore - 2);
    // The access token of the deleted account is refused at once; the neighbour's household is whole.
    expect((await t.app.inject({ url: `${users(me.id)}/appliances`, headers: me.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `${users(neighbour.id)}/appliances`, headers: neighbour.headers })).json()).toHaveLength(1);
    const mails = (await t.outbox()).filter((m) => m.includes('To: partant@exemple.fr'));
    expect(mails.some((m) => m.replace(/=\r?\n/g, '').includes('viennent d=E2=80=99=C3=AAtre supprim'))).toBe(true);
    // The audit log keeps that an account was deleted, and nothing that points at the person.
    const audit = JSON.stringify((await sql`select * from audit_log`.execute(t.db)).rows);
    expect(audit).not.toContain('partant@exemple.fr');
    expect(await t.db.selectFrom('audit_log').select('id').where('user_id', '=', me.id).execute()).toEqual([]);
    expect(audit).toContain('account_deleted');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'partant@exemple.fr', password: PASSWORD } }))
        .statusCode,
    ).toBe(401);
  });

  it('erases the mails of the deleted account with it, and the confirmation as soon as it has left', async () => {
    const me = await signedInUser(t, 'oubli@exemple.fr');
    await signedInUser(t, 'garde@exemple.fr');
    // A reset link for each: one mail the queue has sent (kept 30 days), for the one who leaves and the one who stays.
    for (const email of ['oubli@exemple.fr', 'garde@exemple.fr'])
      await t.app.inject({ method: 'POST', url: '/api/auth/forgotpassword', payload: { email } });
    await t.outbox();
    const queued = async (address: string) =>
      (await sql<{ n: number }>`select count(*)::int as n from mail_queue where lower(to_address) = ${address}`.execute(t.db)).rows[0]!.n;
    expect(await queued('oubli@exemple.fr')).toBeGreaterThan(0);

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/auth/user/${me.id}`,
          headers: me.headers,
          payload: { currentPassword: PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    const mails = await t.outbox();
    // The confirmation went out, then the queue forgot it like the rest.
    expect(
      mails
        .filter((m) => m.includes('To: oubli@exemple.fr'))
        .some((m) => m.replace(/=\r?\n/g, '').includes('viennent d=E2=80=99=C3=AAtre supprim')),
    ).toBe(true);
    expect(await queued('oubli@exemple.fr')).toBe(0);
    expect(await queued('garde@exemple.fr')).toBeGreaterThan(0);
  });
});
