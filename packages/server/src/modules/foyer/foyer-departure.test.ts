import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinFoyer } from '../../../test/foyer.ts';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

/**
 * Removal ends access: a member removed from a household, or who leaves it, keeps
 * neither the read-only links they made (serial numbers, prices, invoices for up to 30 days) nor a
 * calendar address. Calendar addresses are each member's own, revocable, and a lecteur has one too.
 */

let t: TestApp;
type User = { id: number; headers: Record<string, string> };
const users = (id: number) => `/api/V1/profils/users/${id}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const feedUrl = async (user: User) => {
  const res = await t.app.inject({ url: `${users(user.id)}/calendar-feed`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().url as string).pathname;
};
const share = async (user: User) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `${users(user.id)}/dossier/partages`,
    headers: user.headers,
    payload: { jours: 30 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return `/api/V1/partages/${new URL(res.json().lien as string).pathname.split('/').at(-1)}`;
};

async function householdWithAppliance(tag: string) {
  const owner = await signedInUser(t, `${tag}-proprio@exemple.fr`);
  const form = await multipart({ name: 'Cuisine' });
  const universe = (
    await t.app.inject({
      method: 'POST',
      url: `${users(owner.id)}/foyers/univers`,
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    })
  ).json().univer_id;
  const body = await multipart({
    data: JSON.stringify({ prod_id: 1, marque: 'Bosch', modele: 'WAN28', numero_serie: 'SN-ZX-4821', prix_achat: 549 }),
  });
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: `${users(owner.id)}/foyers/univers/${universe}/appliances`,
        headers: { ...owner.headers, ...body.headers },
        payload: body.payload,
      })
    ).statusCode,
  ).toBe(201);
  return owner;
}

describe('removal ends access', () => {
  it('revokes the links and the calendar address of a member who is removed, and of one who leaves; the others keep theirs', async () => {
    const owner = await householdWithAppliance('depart');
    const removed = await signedInUser(t, 'depart-retire@exemple.fr');
    const leaving = await signedInUser(t, 'depart-partant@exemple.fr');
    await joinFoyer(t, removed, owner.id, 'membre');
    await joinFoyer(t, leaving, owner.id, 'membre');

    const [removedLink, leavingLink, ownerLink] = [await share(removed), await share(leaving), await share(owner)];
    const [removedFeed, leavingFeed, ownerFeed] = [await feedUrl(removed), await feedUrl(leaving), await feedUrl(owner)];
    for (const url of [removedLink, leavingLink, ownerLink, removedFeed, leavingFeed, ownerFeed])
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    // Each member has an address of their own.
    expect(new Set([removedFeed, leavingFeed, ownerFeed]).size).toBe(3);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `${users(owner.id)}/foyer/membres/${removed.id}`, headers: owner.headers })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${users(leaving.id)}/foyer/membres/${leaving.id}`, headers: leaving.headers }))
        .statusCode,
    ).toBe(204);

    for (const url of [removedLink, leavingLink]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(410);
      expect(res.body).not.toContain('SN-ZX-4821');
    }
    for (const url of [removedFeed, leavingFeed]) expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    expect((await t.app.inject({ url: ownerLink })).json().appareils[0].numeroSerie).toBe('SN-ZX-4821');
    expect((await t.app.inject({ url: ownerFeed })).body).toContain('BEGIN:VCALENDAR');

    // A new address, asked after leaving, shows the household they are in now.
    const fresh = await feedUrl(leaving);
    expect(fresh).not.toBe(leavingFeed);
    expect((await t.app.inject({ url: fresh })).statusCode).toBe(200);
  });

  it('gives a lecteur an address of their own, which they revoke from their profile, and which shows the household’s maintenance', async () => {
    const owner = await householdWithAppliance('lecteur-cal');
    const reader = await signedInUser(t, 'lecteur-cal-lecteur@exemple.fr');
    await joinFoyer(t, reader, owner.id, 'lecteur');
    const planned = await t.app.inject({
      method: 'POST',
      url: `${users(owner.id)}/events`,
      headers: owner.headers,
      payload: { title: 'Détartrer le lave-linge', dt_realisation: '2026-12-05T09:00:00Z' },
    });
    expect(planned.statusCode).toBe(201);
    const readerFeed = await feedUrl(reader);
    const ownerFeed = await feedUrl(owner);
    expect(readerFeed).not.toBe(ownerFeed);
    expect((await t.app.inject({ url: readerFeed })).body).toContain('Détartrer le lave-linge');
    expect((await t.app.inject({ method: 'DELETE', url: `${users(reader.id)}/calendar-feed`, headers: reader.headers })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ url: readerFeed })).statusCode).toBe(404);
    expect((await t.app.inject({ url: ownerFeed })).statusCode).toBe(200);
  });
});
