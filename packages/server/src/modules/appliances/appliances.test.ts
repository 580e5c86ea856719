import { API_MSG, MSG } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, storedFiles, type TestApp } from '../../../test/test-app.ts';
import { HTML, JPEG, multipart, PDF, PNG, WEBP } from '../../../test/multipart.ts';

let t: TestApp;
let me: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
let products: { id: number; prodName: string; pict: string }[];
let kitchen: number;
let laundry: number;

const users = (id: number) => `/api/V1/profils/users/${id}`;
const item = (id: number) => `/api/V1/profils/users/foyers/univers/appliances/${id}`;

async function universe(user: typeof me, name: string) {
  const body = await multipart({ name });
  const res = await t.app.inject({
    method: 'POST',
    url: `${users(user.id)}/foyers/univers`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  return res.json().univer_id as number;
}

async function addAppliance(universeId: number, data: Record<string, unknown>, pict?: Buffer, user = me) {
  const body = await multipart({
    data: JSON.stringify({ dt_creation: new Date().toISOString(), ...data }),
    ...(pict ? { pict: { filename: 'photo.jpg', data: pict } } : {}),
  });
  return t.app.inject({
    method: 'POST',
    url: `${users(user.id)}/foyers/univers/${universeId}/appliances`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

async function upload(id: number, segment: 'facture' | 'notice' | 'image', data: Buffer, user = me) {
  const body = await multipart({ file: { filename: 'fichier.png', data } });
  return t.app.inject({
    method: 'PUT',
    url: `${item(id)}/${segment}`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  me = await signedInUser(t, 'moi@exemple.fr');
  other = await signedInUser(t, 'autre@exemple.fr');
  products = (await t.app.inject({ url: '/api/V1/references/refproducts', headers: me.headers })).json();
  kitchen = await universe(me, 'Cuisine');
  laundry = await universe(me, 'Buanderie');
});
afterAll(async () => {
  await t.app.close();
});

const product = (name: string) => {
  const found = products.find((p) => p.prodName === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
};

describe('creating appliances', () => {
  it('creates from the multipart data JSON and a picture, and returns it with its product', async () => {
    const washer = product('Lave-linge');
    const res = await addAppliance(
      laundry,
      {
        prod_id: washer.id,
        name: 'Lave-linge du bas',
        marque: 'Bosch',
        modele: 'Série 6',
        dt_achat: '2023-03-14',
        note: 'Programme éco le soir',
        classenergie: 'A',
      },
      JPEG,
    );
    expect(res.statusCode).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({
      univer_id: laundry,
      univer_name: 'Buanderie',
      prod_id: washer.id,
      prod_name: 'Lave-linge',
      name: 'Lave-linge du bas',
      marque: 'Bosch',
      modele: 'Série 6',
      dt_achat: '2023-03-14',
      classenergie: 'A',
      facture: null,
      notice: null,
      product: { id: washer.id, prodName: 'Lave-linge', pict: washer.pict },
    });
    expect(a.pict).toMatch(/\.jpg\?exp=/);
    const one = await t.app.inject({ url: item(a.id), headers: me.headers });
    expect(one.json()).toMatchObject({ id: a.id, product: { prodName: 'Lave-linge' } });
  });

  it('names the appliance after its product and brand when no name is given', async () => {
    const res = await addAppliance(kitchen, { prod_id: product('Bouilloire').id, marque: 'Moulinex', modele: 'Subito' });
    expect(res.json().name).toBe('Bouilloire Moulinex');
    expect(res.json().pict).toBeNull();
  });

  it('requires a product type, a brand and a model, limits texts to 500 characters, checks dates', async () => {
    const noType = await addAppliance(kitchen, { marque: 'Bosch', modele: 'X' });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().message).toBe(MSG.productTypeRequired);
    const noBrand = await addAppliance(kitchen, { prod_id: 1, marque: ' ', modele: 'X' });
    expect(noBrand.json().message).toBe(MSG.requiredFieldsMissing);
    const long = await addAppliance(kitchen, { prod_id: 1, marque: 'B', modele: 'X', note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.textTooLong(500));
    const future = await addAppliance(kitchen, { prod_id: 1, marque: 'B', modele: 'X', dt_achat: '2999-01-01' });
    expect(future.json().message).toBe(MSG.dateInFuture);
    // A typing slip of a century (before 1950): refused, nothing saved.
    const before = (await t.app.inject({ url: `/api/V1/profils/users/${me.id}/appliances`, headers: me.headers })).json().length;
    const old = await addAppliance(kitchen, { prod_id: 1, marque: 'B', modele: 'X', dt_achat: '1900-01-01' });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe('La date d’achat ne peut pas être avant 1950 : vérifiez l’année.');
    expect((await t.app.inject({ url: `/api/V1/profils/users/${me.id}/appliances`, headers: me.headers })).json()).toHaveLength(before);
    expect((await addAppliance(kitchen, { prod_id: 1, marque: 'B', modele: 'Vintage', dt_achat: '1950-01-01' })).statusCode).toBe(201);
    const badDate = await addAppliance(kitchen, { prod_id: 1, marque: 'B', modele: 'X', dt_achat: '2023-02-30' });
    expect(badDate.json().message).toBe(MSG.dateInvalid);
    const unknown = await addAppliance(kitchen, { prod_id: 99999, marque: 'B', modele: 'X' });
    expect(unknown.statusCode).toBe(404);
    const body = await multipart({ data: '{pas du json' });
    const broken = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/foyers/univers/${kitchen}/appliances`,
      headers: { ...me.headers, ...body.headers },
      payload: body.payload,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(API_MSG.dataPartInvalid);
  });

  it('leaves no row and no file when the picture is refused or the universe is not the user’s', async () => {
    const filesBefore = storedFiles(t).length;
    const countBefore = (await t.app.inject({ url: `${users(me.id)}/appliances/count`, headers: me.headers })).json().meta.totalAppliances;
    const html = await addAppliance(kitchen, { prod_id: 1, marque: 'B', modele: 'X' }, HTML);
    expect(html.statusCode).toBe(415);
    const big = await addAppliance(
      kitchen,
      { prod_id: 1, marque: 'B', modele: 'X' },
      Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)]),
    );
    expect(big.statusCode).toBe(413);
    const othersUniverse = await universe(other, 'Chez l’autre');
    const notMine = await addAppliance(othersUniverse, { prod_id: 1, marque: 'B', modele: 'X' }, PNG);
    expect(notMine.statusCode).toBe(404);
    expect(storedFiles(t).length).toBe(filesBefore);
    expect((await t.app.inject({ url: `${users(me.id)}/appliances/count`, headers: me.headers })).json().meta.totalAppliances).toBe(
      countBefore,
    );
  });

  it('creates an appliance with no universe through POST /api/devices', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { ...me.headers, 'x-csrf-token': 'ignoré' },
      payload: { marque: 'Philips', modele: 'HD9252', dt_achat: '2024-01-05', facture: 'FAC-2024-118', note: 'Friteuse à air' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ univer_id: null, marque: 'Philips', facture_ref: 'FAC-2024-118', prod_id: null, name: 'Philips' });
    expect((await t.app.inject({ method: 'POST', url: '/api/devices', headers: me.headers, payload: { marque: 'X' } })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/devices', payload: { marque: 'X', modele: 'Y' } })).statusCode).toBe(401);
  });
});

describe('lists and counts', () => {
  it('counts per product type with meta.totalAppliances, the known kWh per year by type, and per universe', async () => {
    const user = await signedInUser(t, 'compte@exemple.fr');
    const u1 = await universe(user, 'Cuisine');
    const u2 = await universe(user, 'Salon');
    for (const [u, name, kwh] of [
      [u1, 'Bouilloire', null],
      [u1, 'Bouilloire', null],
      [u1, 'Micro-ondes', null],
      [u2, 'Téléviseur', 85.4],
    ] as const) {
      expect(
        (await addAppliance(u, { prod_id: product(name).id, marque: 'M', modele: 'X', energy_kwh_year: kwh }, undefined, user)).statusCode,
      ).toBe(201);
    }
    await t.app.inject({ method: 'POST', url: '/api/devices', headers: user.headers, payload: { marque: 'Sans', modele: 'Type' } });
    const count = (await t.app.inject({ url: `${users(user.id)}/appliances/count`, headers: user.headers })).json();
    expect(count).toEqual({
      data: { Bouilloire: 2, 'Micro-ondes': 1, Téléviseur: 1, Autre: 1 },
      meta: { totalAppliances: 5, secondLife: 0, knownKwhYear: { Téléviseur: [85.4] } },
    });
    const all = (await t.app.inject({ url: `${users(user.id)}/appliances`, headers: user.headers })).json();
    expect(all).toHaveLength(5);
    const inKitchen = (await t.app.inject({ url: `${users(user.id)}/foyers/univers/${u1}/appliances`, headers: user.headers })).json();
    expect(inKitchen.map((a: { prod_name: string }) => a.prod_name).sort()).toEqual(['Bouilloire', 'Bouilloire', 'Micro-ondes']);
    const universes = (await t.app.inject({ url: `${users(user.id)}/foyers/univers`, headers: user.headers })).json();
    expect(universes.find((u: { univer_id: number }) => u.univer_id === u1)).toMatchObject({ nbAppliance: 3, text: '3 appareils' });
    expect(universes.find((u: { univer_id: number }) => u.univer_id === u2)).toMatchObject({ nbAppliance: 1, text: '1 appareil' });
  });
});

describe('a growing inventory: pages and search', () => {
  it('pages the list in its order with limit and after, and the pages together are the whole list', async () => {
    const user = await signedInUser(t, 'pages@exemple.fr');
    const u = await universe(user, 'Cuisine');
    for (let i = 0; i < 7; i++)
      expect((await addAppliance(u, { prod_id: product('Bouilloire').id, marque: 'M', modele: `X${i}` }, undefined, user)).statusCode).toBe(
        201,
      );
    const all: { id: number }[] = (await t.app.inject({ url: `${users(user.id)}/appliances`, headers: user.headers })).json();
    const pages: number[][] = [];
    let after: number | undefined;
    for (;;) {
      const res = await t.app.inject({
        url: `${users(user.id)}/appliances?limit=3${after ? `&after=${after}` : ''}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
      const page: { id: number }[] = res.json();
      if (page.length === 0) break;
      pages.push(page.map((a) => a.id));
      after = page.at(-1)!.id;
    }
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(all.map((a) => a.id));
    expect((await t.app.inject({ url: `${users(user.id)}/appliances?limit=0`, headers: user.headers })).statusCode).toBe(400);
  });

  it('searches like the app: accents, synonyms and typos, best first, at most the limit, never another household', async () => {
    const user = await signedInUser(t, 'recherche@exemple.fr');
    const u = await universe(user, 'Buanderie');
    await addAppliance(
      u,
      { prod_id: product('Lave-linge').id, marque: 'Bosch', modele: 'Serie 6', name: 'Machine du bas' },
      undefined,
      user,
    );
    await addAppliance(u, { prod_id: product('Réfrigérateur').id, marque: 'Liebherr', modele: 'K1' }, undefined, user);
    await addAppliance(kitchen, { prod_id: product('Réfrigérateur').id, marque: 'Bosch', modele: 'Autre foyer' });
    const search = async (q: string, extra = '') =>
      (
        (await t.app.inject({ url: `${users(user.id)}/appliances?q=${encodeURIComponent(q)}${extra}`, headers: user.headers })).json() as {
          marque: string;
          prod_name: string;
        }[]
      ).map((a) => `${a.marque} ${a.prod_name}`);
    expect(await search('bsoch')).toEqual(['Bosch Lave-linge']);
    expect(await search('frigo')).toEqual(['Liebherr Réfrigérateur']);
    expect(await search('REFRIGERATEUR')).toEqual(['Liebherr Réfrigérateur']);
    expect(await search('buanderie')).toHaveLength(2);
    expect(await search('buanderie', '&limit=1')).toHaveLength(1);
    expect(await search('xylophone')).toEqual([]);
  });

  it('keeps the search index of a household between keystrokes, and searches its data as changed since', async () => {
    const user = await signedInUser(t, 'recherche-index@exemple.fr');
    const u = await universe(user, 'Cellier');
    await addAppliance(u, { prod_id: product('Congélateur').id, marque: 'Beko', modele: 'RFNE' }, undefined, user);
    const search = async (q: string) =>
      (
        (await t.app.inject({ url: `${users(user.id)}/appliances?q=${encodeURIComponent(q)}`, headers: user.headers })).json() as {
          marque: string;
        }[]
      ).map((a) => a.marque);
    const indexes = t.app.services.searchIndexes;
    expect(await search('be')).toEqual(['Beko']);
    const built = indexes.misses;
    expect(await search('bek')).toEqual(['Beko']);
    expect(await search('beko')).toEqual(['Beko']);
    expect(indexes.misses).toBe(built);
    await addAppliance(u, { prod_id: product('Lave-linge').id, marque: 'Beko', modele: 'WTV' }, undefined, user);
    expect(await search('beko')).toEqual(['Beko', 'Beko']);
    expect(indexes.misses).toBe(built + 1);
  });
});

describe('updating, files and deleting', () => {
  it('updates the texts and moves the appliance to another universe', async () => {
    const a = (await addAppliance(kitchen, { prod_id: product('Micro-ondes').id, marque: 'Samsung', modele: 'MS23' })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `${item(a.id)}/text`,
      headers: me.headers,
      payload: {
        name: 'Micro-ondes du cellier',
        marque: 'Samsung',
        modele: 'MS23K3513',
        dt_achat: '2021-06-01',
        note: 'Plateau fêlé',
        univer_id: laundry,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Micro-ondes du cellier', modele: 'MS23K3513', univer_id: laundry, note: 'Plateau fêlé' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${item(a.id)}/text`,
      headers: me.headers,
      payload: { name: '', marque: 'S', modele: 'M' },
    });
    expect(bad.statusCode).toBe(400);
    const elsewhere = await t.app.inject({
      method: 'PUT',
      url: `${item(a.id)}/text`,
      headers: me.headers,
      payload: { name: 'x', marque: 'S', modele: 'M', univer_id: 999999 },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('stores an invoice (PDF, JPEG or PNG), a manual (PDF only) and a picture (JPEG, PNG, WebP) by content', async () => {
    const a = (await addAppliance(kitchen, { prod_id: product('Réfrigérateur').id, marque: 'Liebherr', modele: 'CNef' })).json();
    const invoice = await upload(a.id, 'facture', PDF);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.json().facture).toMatch(/\.pdf\?exp=/);
    expect(invoice.json().facture_type).toBe('application/pdf');
    const served = await t.app.inject({ url: invoice.json().facture });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect((await upload(a.id, 'facture', JPEG)).json().facture_type).toBe('image/jpeg');
    expect((await upload(a.id, 'facture', HTML)).statusCode).toBe(415);
    expect((await upload(a.id, 'notice', JPEG)).json().message).toBe(API_MSG.fileNotManual);
    expect((await upload(a.id, 'notice', PDF)).json().notice).toMatch(/\.pdf\?/);
    expect((await upload(a.id, 'image', WEBP)).json().pict).toMatch(/\.webp\?/);
    expect((await upload(a.id, 'image', PDF)).statusCode).toBe(415);
    const noFile = await multipart({ note: 'x' });
    const empty = await t.app.inject({
      method: 'PUT',
      url: `${item(a.id)}/image`,
      headers: { ...me.headers, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(API_MSG.fileMissing);
    // A body whose boundary does not match its header is bad input, not a server error.
    const other = await multipart({ note: 'y' });
    const garbled = await t.app.inject({
      method: 'PUT',
      url: `${item(a.id)}/image`,
      headers: { ...me.headers, ...noFile.headers },
      payload: other.payload,
    });
    expect(garbled.statusCode).toBe(400);
  });

  it('takes a manual up to 25 MB and an invoice or a picture up to 10 MB, each refused past its own limit', async () => {
    const a = (await addAppliance(kitchen, { prod_id: product('Réfrigérateur').id, marque: 'Bosch', modele: 'KGN' })).json();
    // A PDF's trailing bytes after %%EOF are allowed (incremental updates): padding makes it large.
    const pdfOf = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(bytes - PDF.length, 0x20)]);
    expect((await upload(a.id, 'notice', pdfOf(18 * 1024 * 1024))).statusCode).toBe(200);
    const tooBigManual = await upload(a.id, 'notice', pdfOf(25 * 1024 * 1024 + 1));
    expect(tooBigManual.statusCode).toBe(413);
    expect(tooBigManual.json().message).toBe(API_MSG.fileTooLarge);
    const bigInvoice = await upload(a.id, 'facture', pdfOf(12 * 1024 * 1024));
    expect(bigInvoice.statusCode).toBe(413);
    expect(bigInvoice.json().message).toBe('Le fichier dépasse la taille maximale de 10 Mo.');
  });

  it('deletes the appliance and its files', async () => {
    const a = (await addAppliance(kitchen, { prod_id: product('Grille-pain').id, marque: 'Dualit', modele: 'Classic' }, PNG)).json();
    const withInvoice = (await upload(a.id, 'facture', PDF)).json();
    const filesBefore = storedFiles(t).length;
    expect((await t.app.inject({ method: 'DELETE', url: item(a.id), headers: me.headers })).statusCode).toBe(204);
    expect(storedFiles(t).length).toBe(filesBefore - 2);
    expect((await t.app.inject({ url: withInvoice.facture })).statusCode).toBe(404);
    expect((await t.app.inject({ url: item(a.id), headers: me.headers })).statusCode).toBe(404);
  });

  it("answers 404 for another user's appliance on every call and 403 for another {userId}", async () => {
    const a = (await addAppliance(kitchen, { prod_id: product('Bouilloire').id, marque: 'SEB', modele: 'K1' }, PNG)).json();
    const h = other.headers;
    const body = await multipart({ file: { filename: 'f.pdf', data: PDF } });
    const calls = [
      t.app.inject({ url: item(a.id), headers: h }),
      t.app.inject({ method: 'PUT', url: `${item(a.id)}/text`, headers: h, payload: { name: 'x', marque: 'x', modele: 'x' } }),
      ...(['facture', 'notice', 'image'] as const).map((s) =>
        t.app.inject({ method: 'PUT', url: `${item(a.id)}/${s}`, headers: { ...h, ...body.headers }, payload: body.payload }),
      ),
      t.app.inject({ method: 'DELETE', url: item(a.id), headers: h }),
      t.app.inject({ url: `${users(other.id)}/foyers/univers/${kitchen}/appliances`, headers: h }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    for (const url of [
      `${users(me.id)}/appliances`,
      `${users(me.id)}/appliances/count`,
      `${users(me.id)}/foyers/univers/${kitchen}/appliances`,
    ]) {
      expect((await t.app.inject({ url, headers: h })).statusCode).toBe(403);
    }
    const post = await multipart({ data: JSON.stringify({ prod_id: 1, marque: 'x', modele: 'x' }) });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${users(me.id)}/foyers/univers/${kitchen}/appliances`,
          headers: { ...h, ...post.headers },
          payload: post.payload,
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: item(a.id), headers: me.headers })).json().marque).toBe('SEB');
  });
});
