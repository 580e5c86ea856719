import { API_MSG, DEFAULT_ELECTRICITY_TARIFF, MSG } from '@ecofoyer/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type IdentificationFixtures, startIdentificationFixtures } from '../../../test/identification-fixtures.ts';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { repairabilityIndex } from './opf-client.ts';

let fx: IdentificationFixtures;
let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;
// A second test app cleans the worker's database: the tests that make one come last.

beforeAll(async () => {
  fx = await startIdentificationFixtures();
  t = await createTestApp({ EPREL_API_URL: fx.eprelUrl, EPREL_API_KEY: 'cle-de-test', OPF_API_URL: fx.opfUrl, LOOKUP_TIMEOUT_MS: '400' });
  user = await signedInUser(t, 'etiquette@exemple.fr');
}, 60_000);
afterAll(async () => {
  await t.app.close();
  await fx.close();
});
afterEach(() => {
  fx.mode = 'ok';
});

const get = (url: string, headers = user.headers) => t.app.inject({ url, headers });

describe('GET /api/V1/identification/eprel/{numero}: the energy label’s QR code', () => {
  it('reads a washing machine: brand, model, class, kWh a year from kWh per 100 cycles × 220, capacity and water per cycle', async () => {
    fx.requests.length = 0;
    const res = await get('/api/V1/identification/eprel/1480123');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      numeroEprel: '1480123',
      groupe: 'washingmachines2019',
      marque: 'Bosch',
      modele: 'WGG244Z0FR',
      classeEnergie: 'A',
      kwhAn: 114.4,
      kwhAnBase: '52 kWh pour 100 cycles × 220 cycles par an',
      capaciteKg: 9,
      eauLitresCycle: 49,
    });
    // The number alone names the group, and that answer is the whole record: one call, with the key.
    expect(fx.requests.map((r) => r.path)).toEqual(['/eprel/api/product/1480123']);
    expect(fx.requests[0]!.headers['x-api-key']).toBe('cle-de-test');
  });

  it('takes a refrigerator’s yearly figure as it is, and asks the group’s record when the first answer only names the group', async () => {
    expect((await get('/api/V1/identification/eprel/2206789')).json()).toMatchObject({
      groupe: 'refrigeratingappliances2019',
      marque: 'Beko',
      classeEnergie: 'E',
      kwhAn: 298,
      kwhAnBase: 'consommation annuelle de l’étiquette',
    });
    fx.requests.length = 0;
    const dishwasher = await get('/api/V1/identification/eprel/3300551');
    expect(dishwasher.json()).toEqual({
      numeroEprel: '3300551',
      groupe: 'dishwashers2019',
      marque: 'Siemens',
      modele: 'SN23HI60CE',
      classeEnergie: 'C',
      kwhAn: 207.2,
      kwhAnBase: '74 kWh pour 100 cycles × 280 cycles par an',
    });
    expect(fx.requests.map((r) => r.path)).toEqual(['/eprel/api/product/3300551', '/eprel/api/products/dishwashers2019/3300551']);
  });

  it('answers 404 « Produit introuvable » for a number EPREL does not know, and 400 for a malformed one', async () => {
    const unknown = await get('/api/V1/identification/eprel/424242');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: API_MSG.eprelProductNotFound, code: 'PRODUCT_NOT_FOUND' });
    for (const bad of ['12a4', '12345678901', '-1']) {
      const res = await get(`/api/V1/identification/eprel/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBe(MSG.eprelNumberInvalid);
    }
  });

  it('answers 503 with a French message when EPREL fails or is too slow', async () => {
    fx.mode = 'error';
    const failing = await get('/api/V1/identification/eprel/1480123');
    expect(failing.statusCode).toBe(503);
    expect(failing.json()).toMatchObject({ message: API_MSG.eprelUnavailable, code: 'EPREL_UNAVAILABLE' });
    fx.mode = 'slow';
    const started = Date.now();
    const slow = await get('/api/V1/identification/eprel/1480123');
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toMatchObject({ message: API_MSG.eprelUnavailable, code: 'EPREL_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/V1/identification/eprel/1480123' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/V1/identification/ean/3540012345678' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/V1/energie/tarif' })).statusCode).toBe(401);
  });
});

describe('GET /api/V1/identification/ean/{ean}: the barcode, in Open Products Facts', () => {
  it('reads brand (the first of brands), the French name and the repairability index; a product without the index has none', async () => {
    fx.requests.length = 0;
    const res = await get('/api/V1/identification/ean/3540012345678');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ean: '3540012345678', marque: 'Moulinex', nom: 'Bouilloire Subito 1,7 L', indiceReparabilite: 8.1 });
    expect(fx.requests[0]!.path).toBe('/opf/api/v2/product/3540012345678.json?fields=code,brands,product_name,product_name_fr,labels_tags');
    expect(fx.requests[0]!.headers['user-agent']).toMatch(/^EcoFoyer\//);
    expect((await get('/api/V1/identification/ean/3760000000017')).json()).toEqual({
      ean: '3760000000017',
      marque: 'Rowenta',
      nom: 'Fer à repasser Focus Excel',
    });
  });

  it('answers 404 for an unknown product, 400 for a code that is not an EAN-13 (checksum included)', async () => {
    const unknown = await get('/api/V1/identification/ean/3540012345685');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(API_MSG.eanProductNotFound);
    for (const bad of ['3540012345679', '354001234567', 'abcdefghijklm']) {
      const res = await get(`/api/V1/identification/ean/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBe(MSG.eanInvalid);
    }
  });

  it('answers 503 when Open Products Facts fails', async () => {
    fx.mode = 'error';
    const res = await get('/api/V1/identification/ean/3540012345678');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: API_MSG.opfUnavailable, code: 'OPF_UNAVAILABLE' });
  });

  it('reads the index from the label Open Products Facts imports it as', () => {
    expect(repairabilityIndex(['en:repairability-index-6-5-france'])).toBe(6.5);
    expect(repairabilityIndex(['en:repairability-index-10-france'])).toBe(10);
    expect(repairabilityIndex(['en:repairability-index-12-france', 'fr:autre'])).toBeUndefined();
    expect(repairabilityIndex(undefined)).toBeUndefined();
  });
});

describe('the energy label kept with the appliance, and the tariff', () => {
  it('saves the EPREL number, the barcode and kWh a year; an update without them keeps them, null clears; bad values are refused', async () => {
    const room = await multipart({ name: 'Buanderie' });
    const universe = (
      await t.app.inject({
        method: 'POST',
        url: `/api/V1/profils/users/${user.id}/foyers/univers`,
        headers: { ...user.headers, ...room.headers },
        payload: room.payload,
      })
    ).json().univer_id;
    const products = (await get('/api/V1/references/refproducts')).json() as { id: number; prodName: string }[];
    const washer = products.find((p) => p.prodName === 'Lave-linge')!.id;
    const create = async (data: Record<string, unknown>) => {
      const form = await multipart({ data: JSON.stringify({ prod_id: washer, marque: 'Bosch', modele: 'WGG244Z0FR', ...data }) });
      return t.app.inject({
        method: 'POST',
        url: `/api/V1/profils/users/${user.id}/foyers/univers/${universe}/appliances`,
        headers: { ...user.headers, ...form.headers },
        payload: form.payload,
      });
    };
    const created = await create({ classenergie: 'A', eprel_number: '1480123', ean: '3540012345678', energy_kwh_year: 114.4 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ classenergie: 'A', eprel_number: '1480123', ean: '3540012345678', energy_kwh_year: 114.4 });
    const id = created.json().id as number;

    const text = { name: 'Lave-linge Bosch', marque: 'Bosch', modele: 'WGG244Z0FR', classenergie: 'A' };
    const put = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/V1/profils/users/foyers/univers/appliances/${id}/text`,
        headers: user.headers,
        payload: body,
      });
    expect((await put(text)).json()).toMatchObject({ eprel_number: '1480123', ean: '3540012345678', energy_kwh_year: 114.4 });
    // Typed as people write it, to the tenth.
    expect((await put({ ...text, energy_kwh_year: '152,46' })).json().energy_kwh_year).toBe(152.5);
    expect((await put({ ...text, energy_kwh_year: null, eprel_number: null, ean: '' })).json()).toMatchObject({
      eprel_number: null,
      ean: null,
      energy_kwh_year: null,
    });

    for (const [field, value, message] of [
      ['energy_kwh_year', 10_001, MSG.energyKwhInvalid],
      ['energy_kwh_year', -3, MSG.energyKwhInvalid],
      ['energy_kwh_year', 'beaucoup', MSG.energyKwhInvalid],
      ['eprel_number', 'ABC', MSG.eprelNumberInvalid],
      ['ean', '3540012345679', MSG.eanInvalid],
    ] as const) {
      const res = await put({ ...text, [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().message, `${field}=${value}`).toBe(message);
      expect((await create({ [field]: value })).statusCode, `create ${field}=${value}`).toBe(400);
    }
  });

  it('GET /api/V1/energie/tarif: the regulated price and its date, the Tarif Bleu base price by default, the configured one otherwise', async () => {
    expect((await get('/api/V1/energie/tarif')).json()).toEqual(DEFAULT_ELECTRICITY_TARIFF);
    const other = await createTestApp({ ELECTRICITY_PRICE_EUR_KWH: '0.2016', ELECTRICITY_PRICE_DATE: '2026-08-01' });
    try {
      const me = await signedInUser(other, 'tarif@exemple.fr');
      expect((await other.app.inject({ url: '/api/V1/energie/tarif', headers: me.headers })).json()).toEqual({
        prixKwh: 0.2016,
        date: '2026-08-01',
      });
    } finally {
      await other.app.close();
    }
  }, 60_000);
});

describe('the services down or switched off', () => {
  it('answers 503 at once when a service is off, and when nothing listens at its address', async () => {
    const off = await createTestApp({ EPREL_API_URL: 'off', OPF_API_URL: '' });
    try {
      const me = await signedInUser(off, 'hors-service@exemple.fr');
      const eprel = await off.app.inject({ url: '/api/V1/identification/eprel/1480123', headers: me.headers });
      expect(eprel.statusCode).toBe(503);
      expect(eprel.json()).toMatchObject({ message: API_MSG.eprelUnavailable, code: 'EPREL_OFF' });
      const opf = await off.app.inject({ url: '/api/V1/identification/ean/3540012345678', headers: me.headers });
      expect(opf.json()).toMatchObject({ message: API_MSG.opfUnavailable, code: 'OPF_OFF' });
    } finally {
      await off.app.close();
    }
    const gone = await startIdentificationFixtures();
    await gone.close();
    const down = await createTestApp({ EPREL_API_URL: gone.eprelUrl, OPF_API_URL: gone.opfUrl });
    try {
      const me = await signedInUser(down, 'serveur-arrete@exemple.fr');
      const res = await down.app.inject({ url: '/api/V1/identification/eprel/1480123', headers: me.headers });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: API_MSG.eprelUnavailable, code: 'EPREL_UNAVAILABLE' });
    } finally {
      await down.app.close();
    }
  }, 60_000);
});
