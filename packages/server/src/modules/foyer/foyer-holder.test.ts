import { API_MSG } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinFoyer } from '../../../test/foyer.ts';
import { multipart, PNG } from '../../../test/multipart.ts';
import { createTestApp, signedInUser, storedFiles, type TestApp } from '../../../test/test-app.ts';

/**
 * A household nobody can take over (decision 021): the person who holds it — its founder
 * until they hand it over with their password — cannot be demoted or removed by a co-owner, only they
 * name propriétaires, and they can always leave or delete their account, choosing what becomes of the
 * household's data. Each takeover attempt is played here and must change nothing.
 */

let t: TestApp;
type User = { id: number; headers: Record<string, string> };
const users = (id: number) => `/api/V1/profils/users/${id}`;
const PASSWORD = 'Secret1!ok';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const foyerOf = async (user: User) => (await t.app.inject({ url: `${users(user.id)}/foyer`, headers: user.headers })).json();
const marques = async (user: User) =>
  ((await t.app.inject({ url: `${users(user.id)}/appliances`, headers: user.headers })).json() as { marque: string }[])
    .map((a) => a.marque)
    .sort();
const setRole = (actor: User, memberId: number, role: string) =>
  t.app.inject({ method: 'PUT', url: `${users(actor.id)}/foyer/membres/${memberId}`, headers: actor.headers, payload: { role } });
const remove = (actor: User, memberId: number, payload?: object) =>
  t.app.inject({
    method: 'DELETE',
    url: `${users(actor.id)}/foyer/membres/${memberId}`,
    headers: actor.headers,
    ...(payload ? { payload } : {}),
  });
const transfer = (actor: User, memberId: number, currentPassword = PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: `${users(actor.id)}/foyer/transfert`,
    headers: actor.headers,
    payload: { memberId, currentPassword },
  });
const deleteAccount = (user: User, payload: object) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/auth/user/${user.id}`,
    headers: user.headers,
    payload: { currentPassword: PASSWORD, ...payload },
  });

/** An appliance with a photo in a new universe of the user's household; answers the photo's stored file count after. */
async function addAppliance(user: User, marque: string) {
  const form = await multipart({ name: `Pièce ${marque}` });
  const universe = (
    await t.app.inject({
      method: 'POST',
      url: `${users(user.id)}/foyers/univers`,
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    })
  ).json().univer_id;
  const body = await multipart({ data: JSON.stringify({ prod_id: 1, marque, modele: 'X1' }), pict: { filename: 'p.png', data: PNG } });
  const res = await t.app.inject({
    method: 'POST',
    url: `${users(user.id)}/foyers/univers/${universe}/appliances`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; pict: string | null };
}

/** A founder with a co-owner, a member and a lecteur, and one appliance. */
async function household(tag: string) {
  const founder = await signedInUser(t, `${tag}-fondateur@exemple.fr`);
  const coOwner = await signedInUser(t, `${tag}-coproprio@exemple.fr`);
  const member = await signedInUser(t, `${tag}-membre@exemple.fr`);
  const reader = await signedInUser(t, `${tag}-lecteur@exemple.fr`);
  const appliance = await addAppliance(founder, 'Bosch');
  await joinFoyer(t, coOwner, founder.id, 'proprietaire');
  await joinFoyer(t, member, founder.id, 'membre');
  await joinFoyer(t, reader, founder.id, 'lecteur');
  return { founder, coOwner, member, reader, appliance };
}

describe('the holder of a household', () => {
  it('cannot be demoted, removed or locked out by a co-owner, who cannot name owners either; nothing changes', async () => {
    const { founder, coOwner, member, reader } = await household('prise');
    const demoted = await setRole(coOwner, founder.id, 'lecteur');
    expect([demoted.statusCode, demoted.json().code, demoted.json().message]).toEqual([
      403,
      'FOYER_HOLDER_PROTECTED',
      API_MSG.foyerHolderProtected,
    ]);
    const removed = await remove(coOwner, founder.id);
    expect([removed.statusCode, removed.json().message]).toEqual([403, API_MSG.foyerHolderStays]);
    // A co-owner cannot make a friend invited as lecteur an owner: only the holder names owners.
    const promoted = await setRole(coOwner, reader.id, 'proprietaire');
    expect([promoted.statusCode, promoted.json().message]).toEqual([403, API_MSG.foyerHolderNamesOwners]);
    // Nor hand the household over.
    const taken = await transfer(coOwner, coOwner.id);
    expect([taken.statusCode, taken.json().code]).toEqual([403, 'FOYER_HOLDER_ONLY']);

    const foyer = await foyerOf(founder);
    expect(foyer.responsable).toBe(founder.id);
    expect(foyer.membres.map((m: { userId: number; role: string }) => [m.userId, m.role])).toEqual([
      [founder.id, 'proprietaire'],
      [coOwner.id, 'proprietaire'],
      [member.id, 'membre'],
      [reader.id, 'lecteur'],
    ]);
    // The founder still writes, and the co-owner still manages the others.
    expect((await addAppliance(founder, 'Miele')).id).toBeGreaterThan(0);
    expect((await setRole(coOwner, member.id, 'lecteur')).statusCode).toBe(200);
  });

  it('hands the household over only when its holder confirms with their password, one transfer at a time', async () => {
    const { founder, coOwner, member } = await household('transfert');
    const noPassword = await t.app.inject({
      method: 'POST',
      url: `${users(founder.id)}/foyer/transfert`,
      headers: founder.headers,
      payload: { memberId: member.id },
    });
    expect(noPassword.statusCode).toBe(400);
    const wrong = await transfer(founder, member.id, 'Faux1!mdp');
    expect(wrong.statusCode).toBe(403);
    expect((await foyerOf(founder)).responsable).toBe(founder.id);
    expect((await transfer(founder, founder.id)).json().message).toBe(API_MSG.foyerTransferSelf);

    // Two transfers at once: one wins, the other finds the household no longer theirs to give.
    const both = await Promise.all([transfer(founder, member.id), transfer(founder, coOwner.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const winner = both[0]!.statusCode === 200 ? member : coOwner;
    const foyer = await foyerOf(founder);
    expect(foyer.responsable).toBe(winner.id);
    expect(foyer.membres.find((m: { userId: number }) => m.userId === winner.id).role).toBe('proprietaire');
    // The former holder is a co-owner now: the new holder may change their role, they may not change the new holder's.
    expect((await setRole(founder, winner.id, 'membre')).json().code).toBe('FOYER_HOLDER_PROTECTED');
    expect((await setRole(winner, founder.id, 'membre')).statusCode).toBe(200);
  });

  it('lets the holder leave, the data staying with the others (handed to the one they choose) or going with them', async () => {
    const { founder, coOwner, member, reader } = await household('depart');
    const alone = await signedInUser(t, 'depart-seul@exemple.fr');
    const aloneLeave = await remove(alone, alone.id, { currentPassword: PASSWORD });
    expect([aloneLeave.statusCode, aloneLeave.json().message]).toEqual([400, API_MSG.foyerAloneLeave]);
    const unknownSuccessor = await remove(founder, founder.id, { donnees: 'laisser', successeur: alone.id, currentPassword: PASSWORD });
    expect([unknownSuccessor.statusCode, unknownSuccessor.json().message]).toEqual([400, API_MSG.foyerSuccessorUnknown]);
    expect((await remove(founder, founder.id, { donnees: 'laisser', currentPassword: 'Faux1!mdp' })).statusCode).toBe(403);
    expect((await foyerOf(founder)).responsable).toBe(founder.id);

    // « Laisser » to the member: they hold it now, as a propriétaire; the founder starts an empty foyer of their own.
    expect((await remove(founder, founder.id, { donnees: 'laisser', successeur: member.id, currentPassword: PASSWORD })).statusCode).toBe(
      204,
    );
    const kept = await foyerOf(member);
    expect([kept.id, kept.responsable]).toEqual([founder.id, member.id]);
    expect(kept.membres.map((m: { userId: number; role: string }) => [m.userId, m.role])).toEqual([
      [coOwner.id, 'proprietaire'],
      [member.id, 'proprietaire'],
      [reader.id, 'lecteur'],
    ]);
    expect(await marques(reader)).toEqual(['Bosch']);
    const home = await foyerOf(founder);
    expect(home.id).not.toBe(founder.id);
    expect(home).toMatchObject({ responsable: founder.id, membres: [{ userId: founder.id, role: 'proprietaire' }] });
    expect(await marques(founder)).toEqual([]);
    await addAppliance(founder, 'Seb');
    expect(await marques(founder)).toEqual(['Seb']);
    expect(await marques(member)).toEqual(['Bosch']);

    // « Emporter »: the new holder keeps the data, the others go back to their own foyers.
    expect((await remove(member, member.id, { donnees: 'emporter', currentPassword: PASSWORD })).statusCode).toBe(204);
    expect((await foyerOf(member)).membres.map((m: { userId: number }) => m.userId)).toEqual([member.id]);
    expect(await marques(member)).toEqual(['Bosch']);
    expect((await foyerOf(coOwner)).id).toBe(coOwner.id);
    expect(await marques(reader)).toEqual([]);
  });

  it('lets the holder delete their account: the household stays with the others by default, or goes with it', async () => {
    const stays = await household('efface');
    const before = storedFiles(t).length;
    const refused = await deleteAccount(stays.founder, { currentPassword: 'Faux1!mdp' });
    expect(refused.statusCode).toBe(403);
    const deleted = await deleteAccount(stays.founder, {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The longest-standing other propriétaire holds it now, with its data and its photo.
    const foyer = await foyerOf(stays.member);
    expect([foyer.id, foyer.responsable]).toEqual([stays.founder.id, stays.coOwner.id]);
    expect(foyer.membres.map((m: { userId: number }) => m.userId)).toEqual([stays.coOwner.id, stays.member.id, stays.reader.id]);
    expect(await marques(stays.reader)).toEqual(['Bosch']);
    expect(storedFiles(t).length).toBe(before);
    const photo = (
      await t.app.inject({ url: `/api/V1/profils/users/foyers/univers/appliances/${stays.appliance.id}`, headers: stays.member.headers })
    ).json().pict as string;
    expect((await t.app.inject({ url: photo })).statusCode).toBe(200);

    const goes = await household('emporte');
    const count = storedFiles(t).length;
    expect((await deleteAccount(goes.founder, { donnees: 'supprimer' })).statusCode).toBe(200);
    for (const user of [goes.coOwner, goes.member, goes.reader]) {
      t.app.services.foyer.forget(user.id);
      expect((await foyerOf(user)).id).toBe(user.id);
      expect(await marques(user)).toEqual([]);
    }
    expect(await t.db.selectFrom('appliances').select('id').where('id', '=', goes.appliance.id).execute()).toEqual([]);
    expect(storedFiles(t).length).toBe(count - 1);
  });

  it('lets a member who does not hold the household delete their account without touching it', async () => {
    const { founder, member } = await household('membre-part');
    await t.db.updateTable('foyer_members').set({ foyer_id: member.id }).where('user_id', '=', member.id).execute();
    t.app.services.foyer.forget(member.id);
    await addAppliance(member, 'Rowenta');
    await joinFoyer(t, member, founder.id, 'membre');
    expect((await deleteAccount(member, { donnees: 'supprimer' })).statusCode).toBe(200);
    expect(await marques(founder)).toEqual(['Bosch']);
    expect((await foyerOf(founder)).membres.map((m: { userId: number }) => m.userId)).not.toContain(member.id);
    // Their own foyer, kept apart, went with them.
    expect(await t.db.selectFrom('foyers').select('id').where('id', '=', member.id).execute()).toEqual([]);
  });
});
