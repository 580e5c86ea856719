import { badgeHowTo } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { multipart } from '../../../test/multipart.ts';

let t: TestApp;
const base = (id: number) => `/api/V1/profils/users/${id}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

async function universe(user: Awaited<ReturnType<typeof signedInUser>>, name: string): Promise<number> {
  const body = await multipart({ name });
  return (
    await t.app.inject({
      method: 'POST',
      url: `${base(user.id)}/foyers/univers`,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    })
  ).json().univer_id;
}

async function appliance(user: Awaited<ReturnType<typeof signedInUser>>, universeId: number) {
  const body = await multipart({ data: JSON.stringify({ prod_id: 1, marque: 'Bosch', modele: 'X' }) });
  const res = await t.app.inject({
    method: 'POST',
    url: `${base(user.id)}/foyers/univers/${universeId}/appliances`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

const badgeNames = async (user: Awaited<ReturnType<typeof signedInUser>>) =>
  ((await t.app.inject({ url: `${base(user.id)}/badges`, headers: user.headers })).json() as { refbadge: { name: string } }[])
    .map((b) => b.refbadge.name)
    .sort();

describe('badges', () => {
  it('awards "Premier appareil" once with a CHALLENGE notification, then the five-appliance and furnished-room badges', async () => {
    const user = await signedInUser(t, 'badges@exemple.fr');
    expect(await badgeNames(user)).toEqual([]);
    const kitchen = await universe(user, 'Cuisine');
    await appliance(user, kitchen);
    expect(await badgeNames(user)).toEqual(['Premier appareil']);
    const [first] = (await t.app.inject({ url: `${base(user.id)}/badges`, headers: user.headers })).json();
    expect(first).toMatchObject({
      publicUuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      refbadge: { pict: '/ref/badges/premier-appareil.svg' },
      bonus: null,
    });
    const notifs = (await t.app.inject({ url: `${base(user.id)}/notifs`, headers: user.headers })).json();
    expect(notifs).toEqual([expect.objectContaining({ type: 'CHALLENGE', title: 'Nouveau badge : Premier appareil' })]);

    await appliance(user, kitchen);
    await appliance(user, kitchen);
    expect(await badgeNames(user)).toEqual(['Pièce aménagée', 'Premier appareil']);
    const lounge = await universe(user, 'Salon');
    await appliance(user, lounge);
    await appliance(user, lounge);
    const names = await badgeNames(user);
    expect(names).toEqual(['Foyer bien rangé', 'Pièce aménagée', 'Premier appareil']);
    const equipped = (await t.app.inject({ url: `${base(user.id)}/badges`, headers: user.headers }))
      .json()
      .find((b: { refbadge: { name: string } }) => b.refbadge.name === 'Foyer bien rangé');
    expect(equipped.bonus).toEqual({ description: expect.any(String), link: 'https://longuevieauxobjets.ademe.fr/' });
    expect((await t.app.inject({ url: `${base(user.id)}/notifs/count`, headers: user.headers })).json()).toBe(3);
  });

  it('counts the inventory in one read: in it, given a second life, the most in one universe', async () => {
    const user = await signedInUser(t, 'badges-comptes@exemple.fr');
    const kitchen = await universe(user, 'Cuisine');
    const lounge = await universe(user, 'Salon');
    const first = await appliance(user, kitchen);
    await appliance(user, kitchen);
    await appliance(user, lounge);
    const given = await t.app.inject({
      method: 'POST',
      url: `${base(user.id)}/appliances/${first.id}/second-life`,
      headers: user.headers,
      payload: { outcome: 'given' },
    });
    expect(given.statusCode).toBe(200);
    expect(await badgeNames(user)).toEqual(['Premier appareil', 'Seconde vie']);
    const toEarn = (await t.app.inject({ url: `${base(user.id)}/badges/a-gagner`, headers: user.headers })).json() as {
      slug: string;
      progress: { current: number };
    }[];
    const progress = Object.fromEntries(toEarn.map((b) => [b.slug, b.progress.current]));
    // Two appliances left in the inventory, one in each universe: the given one counts for neither.
    expect(progress).toMatchObject({ 'foyer-equipe': 2, 'piece-amenagee': 1 });
    expect(progress['seconde-vie']).toBeUndefined();
  });

  it('awards the maintenance, planning, diagnosis and action badges from what the user did', async () => {
    const user = await signedInUser(t, 'entretien@exemple.fr');
    const plan = (title: string, type = 'MAINTENANCE') =>
      t.app.inject({
        method: 'POST',
        url: `${base(user.id)}/events`,
        headers: user.headers,
        payload: { title, dt_realisation: '2026-12-01T09:00:00Z', type },
      });
    const e1 = (await plan('Filtre')).json();
    await plan('Joint');
    expect(await badgeNames(user)).toEqual([]);
    await plan('Bac');
    expect(await badgeNames(user)).toEqual(['Bien organisé']);
    await t.app.inject({ method: 'PUT', url: `${base(user.id)}/events/${e1.id}`, headers: user.headers, payload: { done: true } });
    await plan('Le four ne chauffe plus', 'PANNE');
    expect(await badgeNames(user)).toEqual(['Bien organisé', 'Premier diagnostic', 'Premier entretien']);
    const sim = await t.app.inject({
      method: 'POST',
      url: `${base(user.id)}/actions`,
      headers: user.headers,
      payload: { action: 'carbon_simulation' },
    });
    expect(sim.statusCode).toBe(201);
    expect(sim.json().awarded.map((b: { refbadge: { name: string } }) => b.refbadge.name)).toEqual(['Éco-simulateur']);
    const again = await t.app.inject({
      method: 'POST',
      url: `${base(user.id)}/actions`,
      headers: user.headers,
      payload: { action: 'carbon_simulation' },
    });
    expect(again.json().awarded).toEqual([]);
    expect(
      (await t.app.inject({ method: 'POST', url: `${base(user.id)}/actions`, headers: user.headers, payload: { action: 'tricher' } }))
        .statusCode,
    ).toBe(400);
  });

  it('shows a badge publicly with the first name only, and guards the private calls', async () => {
    const user = await signedInUser(t, 'public@exemple.fr');
    await appliance(user, await universe(user, 'Bureau'));
    const [badge] = (await t.app.inject({ url: `${base(user.id)}/badges`, headers: user.headers })).json();
    const pub = await t.app.inject({ url: `/api/V1/public/badges/${badge.publicUuid}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual({ firstname: 'Camille', dt_obtention: badge.dt_obtention, refbadge: badge.refbadge });
    expect(pub.body).not.toContain('public@exemple.fr');
    expect(pub.body).not.toContain('Durand');
    expect((await t.app.inject({ url: '/api/V1/public/badges/00000000-0000-0000-0000-000000000000' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/V1/public/badges/pas-un-uuid' })).statusCode).toBe(404);

    const other = await signedInUser(t, 'voisin@exemple.fr');
    expect((await t.app.inject({ url: `${base(user.id)}/badges`, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${base(user.id)}/badges/${badge.id}`, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${base(other.id)}/badges/${badge.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${base(user.id)}/badges/${badge.id}`, headers: user.headers })).json().id).toBe(badge.id);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${base(user.id)}/actions`,
          headers: other.headers,
          payload: { action: 'carbon_simulation' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('badges still to earn', () => {
  const toEarn = async (user: Awaited<ReturnType<typeof signedInUser>>) =>
    t.app.inject({ url: `${base(user.id)}/badges/a-gagner`, headers: user.headers });

  it('lists every badge not earned yet with what earns it and the household’s progress, and only for its owner', async () => {
    const user = await signedInUser(t, 'a-gagner@exemple.fr');
    const before = await toEarn(user);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toHaveLength(9);
    expect(before.json()[0]).toEqual({
      slug: 'premier-appareil',
      name: 'Premier appareil',
      pict: '/ref/badges/premier-appareil.svg',
      howTo: 'Ajoutez votre premier appareil à l’inventaire.',
      progress: { current: 0, target: 1 },
    });

    const kitchen = await universe(user, 'Cuisine');
    await appliance(user, kitchen);
    await appliance(user, kitchen);
    const after = (await toEarn(user)).json() as { slug: string; howTo: string; progress: { current: number; target: number } }[];
    expect(after.map((b) => b.slug)).not.toContain('premier-appareil');
    expect(after.find((b) => b.slug === 'foyer-equipe')).toMatchObject({
      howTo: 'Ayez 5 appareils dans votre inventaire.',
      progress: { current: 2, target: 5 },
    });
    expect(after.find((b) => b.slug === 'premier-diagnostic')?.howTo).toBe(
      'Enregistrez un premier diagnostic de panne avec l’assistant de réparation.',
    );

    const other = await signedInUser(t, 'autre-a-gagner@exemple.fr');
    expect((await t.app.inject({ url: `${base(user.id)}/badges/a-gagner`, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${base(user.id)}/badges/a-gagner` })).statusCode).toBe(401);
  });

  it('says how each badge of the catalogue is earned in its own words, none with the catch-all', async () => {
    const user = await signedInUser(t, 'catalogue-a-gagner@exemple.fr');
    const all = (await toEarn(user)).json() as { name: string; howTo: string }[];
    expect(all.filter((b) => b.howTo === badgeHowTo('une-regle-inconnue', 1)).map((b) => b.name)).toEqual([]);
    expect(new Set(all.map((b) => b.howTo)).size).toBe(all.length);
  });
});
