import { API_MSG, MSG } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinFoyer } from '../../../test/foyer.ts';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
type User = { id: number; headers: Record<string, string> };
const users = (id: number) => `/api/V1/profils/users/${id}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const invite = (owner: User, email: string, role = 'membre') =>
  t.app.inject({ method: 'POST', url: `${users(owner.id)}/foyer/invitations`, headers: owner.headers, payload: { email, role } });
const accept = (user: User, token: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/V1/foyer/invitations/${encodeURIComponent(token)}/accept`,
    headers: user.headers,
    ...(payload ? { payload } : {}),
  });

/** The link of the last invitation mailed to `email`, and the mail's text (quoted-printable decoded). */
async function linkTo(email: string): Promise<{ token: string; mail: string }> {
  const mail = (await t.outbox()).filter((m) => m.includes(`To: ${email}`)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const body = mail.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .slice(1)
        .split('=')
        .map((h) => Number.parseInt(h, 16)),
    ).toString('utf8'),
  );
  const match = /\/invitation\?token=([A-Za-z0-9_-]+)/.exec(body);
  if (!match) throw new Error('no invitation link');
  return { token: match[1]!, mail: body };
}

async function addAppliance(user: User, universeName: string, marque: string) {
  const form = await multipart({ name: universeName });
  const universe = (
    await t.app.inject({
      method: 'POST',
      url: `${users(user.id)}/foyers/univers`,
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    })
  ).json().univer_id;
  const body = await multipart({ data: JSON.stringify({ prod_id: 1, marque, modele: 'X1' }) });
  const res = await t.app.inject({
    method: 'POST',
    url: `${users(user.id)}/foyers/univers/${universe}/appliances`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
}

const marques = async (user: User) =>
  ((await t.app.inject({ url: `${users(user.id)}/appliances`, headers: user.headers })).json() as { marque: string }[])
    .map((a) => a.marque)
    .sort();
const foyerOf = async (user: User) => (await t.app.inject({ url: `${users(user.id)}/foyer`, headers: user.headers })).json();

describe('invitations to a foyer', () => {
  it('mails a single-use link valid 7 days; the invited person joins with their data kept apart, and finds it again on leaving', async () => {
    const owner = await signedInUser(t, 'invite-proprio@exemple.fr');
    const guest = await signedInUser(t, 'invite-invitee@exemple.fr');
    await addAppliance(owner, 'Cuisine', 'Bosch');
    await addAppliance(guest, 'Studio', 'Seb');

    const sent = await invite(owner, 'Invite-Invitee@Exemple.fr');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ email: 'invite-invitee@exemple.fr', role: 'membre' });
    expect(new Date(sent.json().expire).getTime() - t.clock.now().getTime()).toBe(7 * 86_400_000);
    const { token, mail } = await linkTo('invite-invitee@exemple.fr');
    expect(mail).toContain('Camille vous invite à rejoindre le foyer « Foyer de Camille » sur EcoFoyer, avec le rôle membre');
    expect(mail).toContain(`http://localhost:3000/invitation?token=${token}`);
    // Stored hashed: the token itself is nowhere in the database.
    expect(await t.db.selectFrom('foyer_invitations').selectAll().where('token_hash', '=', token).execute()).toEqual([]);
    expect((await foyerOf(owner)).invitations).toEqual([sent.json()]);

    // The invitation page reads who invites, before anyone signs in; reading spends nothing.
    const preview = await t.app.inject({ url: `/api/V1/foyer/invitations/${token}` });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      nom: 'Foyer de Camille',
      invitePar: 'Camille',
      role: 'membre',
      expire: sent.json().expire,
      pour: 'i•••@exemple.fr',
      email: 'invite-invitee@exemple.fr',
    });

    const joined = await accept(guest, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().id).toBe(owner.id);
    expect(joined.json().membres.map((m: { userId: number; role: string }) => [m.userId, m.role])).toEqual([
      [owner.id, 'proprietaire'],
      [guest.id, 'membre'],
    ]);
    expect(joined.json().invitations).toEqual([]);
    expect(await marques(guest)).toEqual(['Bosch']);
    const again = await accept(guest, token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MSG.foyerInvitationInvalid);
    const spent = await t.app.inject({ url: `/api/V1/foyer/invitations/${token}` });
    expect([spent.statusCode, spent.json().message]).toEqual([404, MSG.foyerInvitationInvalid]);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `${users(guest.id)}/foyer/membres/${guest.id}`, headers: guest.headers })).statusCode,
    ).toBe(204);
    expect(await marques(guest)).toEqual(['Seb']);
    expect(await marques(owner)).toEqual(['Bosch']);
  });

  it('brings the joiner’s own data into the foyer when they choose to merge it', async () => {
    const owner = await signedInUser(t, 'fusion-proprio@exemple.fr');
    const guest = await signedInUser(t, 'fusion-invite@exemple.fr');
    await addAppliance(owner, 'Cuisine', 'Bosch');
    await addAppliance(guest, 'Studio', 'Seb');
    expect((await invite(owner, 'fusion-invite@exemple.fr', 'proprietaire')).statusCode).toBe(201);
    const { token } = await linkTo('fusion-invite@exemple.fr');
    const joined = await accept(guest, token, { fusion: true });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await marques(guest)).toEqual(['Bosch', 'Seb']);
    expect(await marques(owner)).toEqual(['Bosch', 'Seb']);
    const universes = (
      (await t.app.inject({ url: `${users(owner.id)}/foyers/univers`, headers: owner.headers })).json() as { name: string }[]
    ).map((u) => u.name);
    expect(universes).toEqual(expect.arrayContaining(['Cuisine', 'Studio']));
  });

  it('refuses what must not happen, changing nothing: an owner only, a member’s address, an expired or cancelled link, the holder of a shared foyer leaving it for another', async () => {
    let owner = await signedInUser(t, 'refus-proprio@exemple.fr');
    let member = await signedInUser(t, 'refus-membre@exemple.fr');
    let late = await signedInUser(t, 'refus-tard@exemple.fr');
    expect((await invite(owner, 'refus-membre@exemple.fr')).statusCode).toBe(201);
    const first = await accept(member, (await linkTo('refus-membre@exemple.fr')).token);
    expect(first.statusCode, first.body).toBe(200);

    const byMember = await invite(member, 'quelquun@exemple.fr');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(API_MSG.foyerOwnerOnly);
    const twice = await invite(owner, 'REFUS-MEMBRE@exemple.fr');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(API_MSG.foyerAlreadyMember);
    expect((await invite(owner, 'pas-une-adresse')).statusCode).toBe(400);
    expect((await invite(owner, 'x@exemple.fr', 'chef')).statusCode).toBe(400);

    // Expired after 7 days.
    expect((await invite(owner, 'refus-tard@exemple.fr')).statusCode).toBe(201);
    const { token: expired } = await linkTo('refus-tard@exemple.fr');
    t.clock.set(new Date(t.clock.now().getTime() + 7 * 86_400_000 + 1000).toISOString());
    // A week later: signed in again (access tokens last 15 minutes).
    [owner, member, late] = [
      await signedInUser(t, 'refus-proprio@exemple.fr'),
      await signedInUser(t, 'refus-membre@exemple.fr'),
      await signedInUser(t, 'refus-tard@exemple.fr'),
    ];
    expect((await accept(late, expired)).json().message).toBe(MSG.foyerInvitationInvalid);
    // Cancelled by the owner.
    const sent = (await invite(owner, 'refus-tard@exemple.fr')).json();
    const { token: cancelled } = await linkTo('refus-tard@exemple.fr');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${users(member.id)}/foyer/invitations/${sent.id}`, headers: member.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${users(owner.id)}/foyer/invitations/${sent.id}`, headers: owner.headers })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${users(owner.id)}/foyer/invitations/${sent.id}`, headers: owner.headers })).statusCode,
    ).toBe(404);
    expect((await accept(late, cancelled)).statusCode).toBe(404);
    expect((await accept(late, 'inconnu')).statusCode).toBe(404);
    expect((await foyerOf(late)).id).toBe(late.id);

    // Whoever holds a foyer shared with others leaves it first (choosing what becomes of it) before joining another.
    const elsewhere = await signedInUser(t, 'refus-ailleurs@exemple.fr');
    expect((await invite(elsewhere, 'refus-proprio@exemple.fr')).statusCode).toBe(201);
    const { token: away } = await linkTo('refus-proprio@exemple.fr');
    const holder = await accept(owner, away, { fusion: true });
    expect([holder.statusCode, holder.json().message]).toEqual([409, MSG.foyerHolderJoinOther]);
    // Refused: the invitation was not spent.
    expect((await foyerOf(elsewhere)).invitations).toHaveLength(1);
    expect((await foyerOf(member)).membres.map((m: { userId: number }) => m.userId)).toEqual([owner.id, member.id]);
  });

  it('invites nobody from a demo account, and hands a foyer whose holder’s account is deleted to the member who remains', async () => {
    // A demo account: one whose row says when the purge deletes it (POST /api/auth/demo is off in tests).
    const demoUser = await signedInUser(t, 'demo-visiteur@exemple.fr');
    await t.db
      .updateTable('users')
      .set({ demo_expires_at: new Date(t.clock.now().getTime() + 86_400_000) })
      .where('id', '=', demoUser.id)
      .execute();
    const refused = await invite(demoUser, 'voisin@exemple.fr');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.foyerDemoInvite);
    expect((await t.outbox()).some((m) => m.includes('To: voisin@exemple.fr'))).toBe(false);

    // A foyer whose holder's account is deleted by any path (here straight in the database, as the
    // demo purge does) passes to the member who remains, with its data (migration 0026's trigger).
    const founder = await signedInUser(t, 'disparu-fondateur@exemple.fr');
    const member = await signedInUser(t, 'disparu-membre@exemple.fr');
    await addAppliance(founder, 'Cellier', 'Atlantic');
    expect((await invite(founder, 'disparu-membre@exemple.fr')).statusCode).toBe(201);
    expect((await accept(member, (await linkTo('disparu-membre@exemple.fr')).token)).statusCode).toBe(200);
    await t.db.deleteFrom('users').where('id', '=', founder.id).execute();
    t.app.services.foyer.forget(member.id);
    expect(await foyerOf(member)).toMatchObject({
      id: founder.id,
      responsable: member.id,
      membres: [{ userId: member.id, role: 'proprietaire' }],
    });
    await addAppliance(member, 'Entrée', 'Rowenta');
    expect(await marques(member)).toEqual(['Atlantic', 'Rowenta']);
  });

  it('opens a forwarded link for nobody but the invited address, and spends nothing on a stranger', async () => {
    const owner = await signedInUser(t, 'transfere-proprio@exemple.fr');
    const invited = await signedInUser(t, 'transfere-invite@exemple.fr');
    const stranger = await signedInUser(t, 'transfere-inconnu@exemple.fr');
    await addAppliance(owner, 'Cuisine', 'Bosch');
    expect((await invite(owner, 'transfere-invite@exemple.fr', 'proprietaire')).statusCode).toBe(201);
    const { token } = await linkTo('transfere-invite@exemple.fr');
    const taken = await accept(stranger, token, { fusion: true });
    expect([taken.statusCode, taken.json().code, taken.json().message]).toEqual([
      403,
      'FOYER_INVITATION_OTHER_ADDRESS',
      API_MSG.foyerInvitationOtherAddress('t•••@exemple.fr'),
    ]);
    expect(await marques(stranger)).toEqual([]);
    expect((await foyerOf(owner)).membres.map((m: { userId: number }) => m.userId)).toEqual([owner.id]);
    // Still open for the person it was meant for, whatever the case of their address.
    await t.db.updateTable('users').set({ email: 'Transfere-Invite@Exemple.FR' }).where('id', '=', invited.id).execute();
    expect((await accept(invited, token)).statusCode).toBe(200);
    expect(await marques(invited)).toEqual(['Bosch']);
  });

  it('gives the invited address in full to the holder of the link only, for the sign-up form, and lets no cache keep it', async () => {
    const owner = await signedInUser(t, 'adresse-proprio@exemple.fr');
    expect((await invite(owner, 'Adresse-Nouvelle@Exemple.fr', 'lecteur')).statusCode).toBe(201);
    const { token } = await linkTo('adresse-nouvelle@exemple.fr');
    const preview = await t.app.inject({ url: `/api/V1/foyer/invitations/${token}` });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ pour: 'a•••@exemple.fr', email: 'adresse-nouvelle@exemple.fr' });
    expect(preview.headers['cache-control']).toBe('private, no-store');

    // Without the link's secret — a guessed token, a tampered one, or once the link is cancelled — no address.
    const refused = [
      await t.app.inject({ url: '/api/V1/foyer/invitations/jeton-devine' }),
      await t.app.inject({ url: `/api/V1/foyer/invitations/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` }),
    ];
    const [sent] = (await foyerOf(owner)).invitations as { id: number }[];
    await t.app.inject({ method: 'DELETE', url: `${users(owner.id)}/foyer/invitations/${sent!.id}`, headers: owner.headers });
    refused.push(await t.app.inject({ url: `/api/V1/foyer/invitations/${token}` }));
    for (const res of refused) {
      expect([res.statusCode, res.json().message]).toEqual([404, MSG.foyerInvitationInvalid]);
      expect(res.body).not.toContain('adresse-nouvelle');
    }
  });

  it('holds a co-owner’s invitation as propriétaire until the holder confirms it', async () => {
    const holder = await signedInUser(t, 'accord-titulaire@exemple.fr');
    const coOwner = await signedInUser(t, 'accord-coproprio@exemple.fr');
    const friend = await signedInUser(t, 'accord-ami@exemple.fr');
    await joinFoyer(t, coOwner, holder.id, 'proprietaire');
    const asked = await invite(coOwner, 'accord-ami@exemple.fr', 'proprietaire');
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ email: 'accord-ami@exemple.fr', role: 'proprietaire', aConfirmer: true });
    const mails = await t.outbox();
    expect(mails.some((m) => m.includes('To: accord-ami@exemple.fr'))).toBe(false);
    const approval = mails.filter((m) => m.includes('To: accord-titulaire@exemple.fr')).at(-1);
    expect(approval).toBeDefined();
    // The link opens the profile's « Foyer » section, where the invitation is confirmed.
    expect(approval!.replace(/=\r?\n/g, '')).toContain('http://localhost:3000/profile#foyer');
    // Only the holder confirms; a lecteur invitation by the co-owner goes at once.
    const byCoOwner = await t.app.inject({
      method: 'POST',
      url: `${users(coOwner.id)}/foyer/invitations/${asked.json().id}/confirmation`,
      headers: coOwner.headers,
    });
    expect([byCoOwner.statusCode, byCoOwner.json().code]).toEqual([403, 'FOYER_HOLDER_ONLY']);
    expect((await invite(coOwner, 'accord-voisin@exemple.fr', 'lecteur')).json().aConfirmer).toBe(false);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: `${users(holder.id)}/foyer/invitations/${asked.json().id}/confirmation`,
      headers: holder.headers,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().aConfirmer).toBe(false);
    const { token, mail } = await linkTo('accord-ami@exemple.fr');
    expect(mail).toContain('Camille vous invite à rejoindre le foyer');
    expect((await accept(friend, token)).statusCode).toBe(200);
    expect((await foyerOf(friend)).membres.find((m: { userId: number }) => m.userId === friend.id).role).toBe('proprietaire');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${users(holder.id)}/foyer/invitations/${asked.json().id}/confirmation`,
          headers: holder.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});
