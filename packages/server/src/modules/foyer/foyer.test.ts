import { API_MSG, MSG } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { joinFoyer } from '../../../test/foyer.ts';
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

const join = (user: User, foyerId: number, role: 'proprietaire' | 'membre' | 'lecteur') => joinFoyer(t, user, foyerId, role);

async function addUniverse(user: User, name: string) {
  const form = await multipart({ name });
  return t.app.inject({
    method: 'POST',
    url: `${users(user.id)}/foyers/univers`,
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
}

async function addAppliance(user: User, universeId: number, marque: string) {
  const body = await multipart({ data: JSON.stringify({ prod_id: 1, marque, modele: 'X1' }) });
  return t.app.inject({
    method: 'POST',
    url: `${users(user.id)}/foyers/univers/${universeId}/appliances`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

const foyerOf = async (user: User) => (await t.app.inject({ url: `${users(user.id)}/foyer`, headers: user.headers })).json();
const marques = async (user: User) =>
  ((await t.app.inject({ url: `${users(user.id)}/appliances`, headers: user.headers })).json() as { marque: string }[])
    .map((a) => a.marque)
    .sort();

describe('the household: a foyer, its members and their roles', () => {
  it('makes every new account the owner of its own foyer, named after them', async () => {
    const me = await signedInUser(t, 'foyer-seul@exemple.fr');
    const res = await t.app.inject({ url: `${users(me.id)}/foyer`, headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: me.id,
      nom: 'Foyer de Camille',
      responsable: me.id,
      membres: [{ userId: me.id, prenom: 'Camille', role: 'proprietaire' }],
      invitations: [],
    });
    const other = await signedInUser(t, 'foyer-autre@exemple.fr');
    expect((await t.app.inject({ url: `${users(me.id)}/foyer`, headers: other.headers })).statusCode).toBe(403);
  });

  it('lets a member read and change the same appliances as the owner, and a lecteur only read', async () => {
    const owner = await signedInUser(t, 'foyer-proprio@exemple.fr');
    const member = await signedInUser(t, 'foyer-membre@exemple.fr');
    const reader = await signedInUser(t, 'foyer-lecteur@exemple.fr');
    const universe = (await addUniverse(owner, 'Buanderie')).json().univer_id as number;
    const washer = (await addAppliance(owner, universe, 'Bosch')).json();
    await join(member, owner.id, 'membre');
    await join(reader, owner.id, 'lecteur');

    expect(await marques(member)).toEqual(['Bosch']);
    expect((await addAppliance(member, universe, 'Miele')).statusCode).toBe(201);
    expect(await marques(owner)).toEqual(['Bosch', 'Miele']);
    expect(
      (await t.app.inject({ url: `/api/V1/profils/users/foyers/univers/appliances/${washer.id}`, headers: member.headers })).json().marque,
    ).toBe('Bosch');

    expect(await marques(reader)).toEqual(['Bosch', 'Miele']);
    const refused = [
      await addUniverse(reader, 'Garage'),
      await addAppliance(reader, universe, 'Candy'),
      await t.app.inject({
        method: 'PUT',
        url: `/api/V1/profils/users/foyers/univers/appliances/${washer.id}/text`,
        headers: reader.headers,
        payload: { name: 'x', marque: 'x', modele: 'x' },
      }),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/V1/profils/users/foyers/univers/appliances/${washer.id}`,
        headers: reader.headers,
      }),
      await t.app.inject({
        method: 'POST',
        url: `${users(reader.id)}/events`,
        headers: reader.headers,
        payload: { title: 'Détartrer', dt_realisation: '2026-12-01T09:00:00Z' },
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(MSG.foyerReadOnly);
    }
    expect(await marques(owner)).toEqual(['Bosch', 'Miele']);

    const foyer = await foyerOf(member);
    expect(foyer.id).toBe(owner.id);
    expect(foyer.membres.map((m: { userId: number; role: string }) => [m.userId, m.role])).toEqual([
      [owner.id, 'proprietaire'],
      [member.id, 'membre'],
      [reader.id, 'lecteur'],
    ]);
  });

  it('lets an owner change roles, refuses it to anyone else, and leaves the holder’s role to nobody', async () => {
    const owner = await signedInUser(t, 'roles-proprio@exemple.fr');
    const member = await signedInUser(t, 'roles-membre@exemple.fr');
    const stranger = await signedInUser(t, 'roles-inconnu@exemple.fr');
    await join(member, owner.id, 'membre');
    const put = (actor: User, memberId: number, role: string) =>
      t.app.inject({ method: 'PUT', url: `${users(actor.id)}/foyer/membres/${memberId}`, headers: actor.headers, payload: { role } });

    const byMember = await put(member, owner.id, 'lecteur');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(API_MSG.foyerOwnerOnly);
    expect((await put(owner, member.id, 'chef')).statusCode).toBe(400);
    const own = await put(owner, owner.id, 'membre');
    expect([own.statusCode, own.json().message]).toEqual([409, API_MSG.foyerHolderOwnRole]);
    const unknown = await put(owner, stranger.id, 'membre');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(API_MSG.foyerMemberUnknown);

    const lowered = await put(owner, member.id, 'lecteur');
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().membres.find((m: { userId: number }) => m.userId === member.id).role).toBe('lecteur');
    // At once on this server: the next write of the former member is refused.
    expect((await addUniverse(member, 'Cave')).statusCode).toBe(403);

    expect((await put(owner, member.id, 'proprietaire')).statusCode).toBe(200);
    const demoteHolder = await put(member, owner.id, 'lecteur');
    expect([demoteHolder.statusCode, demoteHolder.json().message]).toEqual([403, API_MSG.foyerHolderProtected]);
    expect((await put(member, member.id, 'membre')).statusCode).toBe(200);
    expect((await foyerOf(owner)).membres.map((m: { userId: number; role: string }) => [m.userId, m.role])).toEqual([
      [owner.id, 'proprietaire'],
      [member.id, 'membre'],
    ]);
  });

  it('sends a member who leaves or is removed back to their own foyer, where their data waits; nobody removes the holder', async () => {
    const owner = await signedInUser(t, 'depart-proprio@exemple.fr');
    const leaving = await signedInUser(t, 'depart-membre@exemple.fr');
    const removed = await signedInUser(t, 'depart-retire@exemple.fr');
    const ownUniverse = (await addUniverse(leaving, 'Studio')).json().univer_id as number;
    expect((await addAppliance(leaving, ownUniverse, 'Seb')).statusCode).toBe(201);
    const universe = (await addUniverse(owner, 'Cuisine')).json().univer_id as number;
    expect((await addAppliance(owner, universe, 'Liebherr')).statusCode).toBe(201);
    await join(leaving, owner.id, 'proprietaire');
    await join(removed, owner.id, 'membre');
    expect(await marques(leaving)).toEqual(['Liebherr']);
    const del = (actor: User, memberId: number) =>
      t.app.inject({ method: 'DELETE', url: `${users(actor.id)}/foyer/membres/${memberId}`, headers: actor.headers });

    const founder = await del(leaving, owner.id);
    expect(founder.statusCode).toBe(403);
    expect(founder.json().message).toBe(API_MSG.foyerHolderStays);
    // The holder may leave, but says what becomes of the data, with their password (foyer-holder.test.ts).
    const ownLeave = await del(owner, owner.id);
    expect(ownLeave.statusCode).toBe(400);
    expect(ownLeave.json().message).toBe(MSG.foyerTransferPassword);
    expect((await del(removed, leaving.id)).statusCode).toBe(403);

    expect((await del(owner, removed.id)).statusCode).toBe(204);
    expect(await foyerOf(removed)).toMatchObject({ id: removed.id, membres: [{ userId: removed.id, role: 'proprietaire' }] });
    expect(await marques(removed)).toEqual([]);

    expect((await del(leaving, leaving.id)).statusCode).toBe(204);
    expect(await marques(leaving)).toEqual(['Seb']);
    expect((await foyerOf(owner)).membres.map((m: { userId: number }) => m.userId)).toEqual([owner.id]);
  });

  it('lets an owner name the foyer, and takes the founder’s name back when the name is emptied', async () => {
    const owner = await signedInUser(t, 'nom-proprio@exemple.fr');
    const member = await signedInUser(t, 'nom-membre@exemple.fr');
    await join(member, owner.id, 'membre');
    const rename = (user: User, nom: string) =>
      t.app.inject({ method: 'PUT', url: `${users(user.id)}/foyer`, headers: user.headers, payload: { nom } });
    const named = await rename(owner, '  Maison   de Bretagne ');
    expect([named.statusCode, named.json().nom]).toEqual([200, 'Maison de Bretagne']);
    expect((await foyerOf(member)).nom).toBe('Maison de Bretagne');
    const refused = await rename(member, 'Chez moi');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FOYER_OWNER_ONLY']);
    const tooLong = await rename(owner, 'x'.repeat(61));
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, MSG.foyerNameTooLong]);
    expect((await foyerOf(owner)).nom).toBe('Maison de Bretagne');
    expect((await rename(owner, '')).json().nom).toBe('Foyer de Camille');
  });
});
