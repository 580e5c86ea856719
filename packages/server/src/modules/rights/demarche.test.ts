import { ClaimOptions, CLAIM_ROUTES, typographyFaults } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let me: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
let laundry: number;
let products: { id: number; prodName: string }[];
const users = (id: number) => `/api/V1/profils/users/${id}`;
const item = (id: number) => `/api/V1/profils/users/foyers/univers/appliances/${id}`;
const productId = (name: string) => products.find((p) => p.prodName === name)!.id;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-29T10:00:00Z');
  me = await signedInUser(t, 'demarche@exemple.fr');
  other = await signedInUser(t, 'autre-demarche@exemple.fr');
  const u = await multipart({ name: 'Buanderie' });
  laundry = (
    await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/foyers/univers`,
      headers: { ...me.headers, ...u.headers },
      payload: u.payload,
    })
  ).json().univer_id;
  products = (await t.app.inject({ url: '/api/V1/references/refproducts', headers: me.headers })).json();
}, 60_000);
afterAll(async () => {
  await t.app.close();
});

async function add(data: Record<string, unknown>): Promise<number> {
  const body = await multipart({ data: JSON.stringify({ prod_id: productId('Lave-linge'), marque: 'Bosch', modele: 'Série 6', ...data }) });
  const res = await t.app.inject({
    method: 'POST',
    url: `${users(me.id)}/foyers/univers/${laundry}/appliances`,
    headers: { ...me.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

async function options(id: number, who = me) {
  const res = await t.app.inject({ url: `${item(id)}/demarche`, headers: who.headers });
  return { status: res.statusCode, body: res.json() };
}

const route = (body: ClaimOptions, kind: (typeof CLAIM_ROUTES)[number]) => body.voies.find((v) => v.voie === kind)!;

describe('« Ma démarche »: the routes of an appliance', () => {
  it('answers the six routes for a washing machine out of guarantee, the maker’s repair first but « à confirmer »', async () => {
    const id = await add({ dt_achat: '2022-04-15' });
    const { status, body } = await options(id);
    expect(status).toBe(200);
    const parsed = ClaimOptions.parse(body);
    expect(parsed).toMatchObject({ applianceId: id, aujourdhui: '2026-11-29', recommandee: 'reparateur-bonus' });
    expect(parsed.voies.map((v) => v.voie)).toEqual([...CLAIM_ROUTES]);
    expect(route(parsed, 'garantie-legale').applicable).toBe(false);
    expect(route(parsed, 'reparation-fabricant')).toMatchObject({ applicable: true, aConfirmer: true });
    expect(route(parsed, 'reparation-fabricant').raison).toContain('nous n’avons pas pu confirmer sa transposition');
    // The repair bonus of a washing machine (repair-bonus.json, confirmed): 50 €.
    expect(route(parsed, 'reparateur-bonus').cout).toMatch(/moins 50\s€/);
    for (const v of parsed.voies) expect(typographyFaults([v.raison, v.cout, v.delai, v.source].join('\n'))).toEqual([]);
  });

  it('is computed on the server’s day: before 31 July 2026 the maker owes nothing', async () => {
    const id = await add({ dt_achat: '2022-04-15' });
    t.clock.set('2026-07-01T10:00:00Z');
    try {
      const { body } = await options(id);
      expect(body.aujourdhui).toBe('2026-07-01');
      expect(route(body, 'reparation-fabricant')).toMatchObject({ applicable: false, aConfirmer: false });
      expect(body.recommandee).toBe('reparateur-bonus');
    } finally {
      t.clock.set('2026-11-29T10:00:00Z');
    }
  });

  it('keeps the seller’s guarantee first for a washer repaired twice under it (its end moved by 6 months each time)', async () => {
    const id = await add({ dt_achat: '2024-01-10' });
    for (const day of ['2025-03-01', '2025-12-01']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${users(me.id)}/events`,
        headers: me.headers,
        payload: { title: 'Ne vidange plus', dt_realisation: `${day}T09:00:00Z`, applianceId: id, type: 'PANNE', sous_garantie: true },
      });
      expect(res.statusCode).toBe(201);
    }
    const { body } = await options(id);
    expect(body.recommandee).toBe('garantie-legale');
    expect(route(body, 'garantie-legale').raison).toContain('10 janvier 2027');
    expect(route(body, 'reparation-fabricant').applicable).toBe(false);
  });

  it('judges the guarantee on the day the breakdown still open was noted, not the day the household asks', async () => {
    // Bought on 1 October 2024: the legal guarantee ended on 1 October 2026, the breakdown came on 20 September.
    const id = await add({ dt_achat: '2024-10-01' });
    expect((await options(id)).body.recommandee).not.toBe('garantie-legale');
    const res = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/events`,
      headers: me.headers,
      payload: { title: 'Panne : ne chauffe plus', dt_realisation: '2026-09-20T09:00:00Z', applianceId: id, type: 'PANNE' },
    });
    expect(res.statusCode).toBe(201);
    const { body } = await options(id);
    expect(body.recommandee).toBe('garantie-legale');
    expect(route(body, 'garantie-legale').applicable).toBe(true);
  });

  it('never offers the maker’s repair of a kettle, which Annex II does not list', async () => {
    const id = await add({ prod_id: productId('Bouilloire'), marque: 'Moulinex', modele: 'Subito', dt_achat: '2022-04-15' });
    const { body } = await options(id);
    expect(route(body, 'reparation-fabricant')).toMatchObject({ applicable: false });
    expect(route(body, 'reparation-fabricant').raison).toContain('ne figure pas à l’annexe II');
  });

  it('answers 404 for another household’s appliance, 401 without a session', async () => {
    const id = await add({ dt_achat: '2022-04-15' });
    expect((await options(id, other)).status).toBe(404);
    expect((await t.app.inject({ url: `${item(id)}/demarche` })).statusCode).toBe(401);
  });
});
