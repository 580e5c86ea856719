import { API_MSG, MSG } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, storedFiles, type TestApp } from '../../../test/test-app.ts';
import { HTML, multipart, PDF, PNG } from '../../../test/multipart.ts';

let t: TestApp;
let me: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  me = await signedInUser(t, 'moi@exemple.fr');
  other = await signedInUser(t, 'autre@exemple.fr');
});
afterAll(async () => {
  await t.app.close();
});

const base = (userId: number) => `/api/V1/profils/users/${userId}/foyers/univers`;

async function createUniverse(user = me, fields: Record<string, string> = {}, file?: Buffer) {
  const body = await multipart({
    name: 'Ma cuisine',
    description: 'Au rez-de-chaussée',
    ...fields,
    ...(file ? { file: { filename: 'photo.png', data: file, type: 'image/png' } } : {}),
  });
  return t.app.inject({ method: 'POST', url: base(user.id), headers: { ...user.headers, ...body.headers }, payload: body.payload });
}

async function refUniverses() {
  return (await t.app.inject({ url: '/api/V1/references/refunivers', headers: me.headers })).json() as {
    id: number;
    name: string;
    image: string;
  }[];
}

describe('reference data', () => {
  it('lists at least 8 reference universes and 40 reference products, each with an image', async () => {
    const universes = await refUniverses();
    expect(universes.length).toBeGreaterThanOrEqual(8);
    const products = (await t.app.inject({ url: '/api/V1/references/refproducts', headers: me.headers })).json();
    expect(products.length).toBeGreaterThanOrEqual(40);
    for (const p of products)
      expect(p).toEqual({
        id: expect.any(Number),
        slug: expect.stringMatching(/^[a-z0-9-]+$/),
        prodName: expect.any(String),
        pict: expect.stringMatching(/^\/ref\/products\/.+\.svg$/),
        universeSlug: expect.toBeOneOf([null, expect.any(String)]),
        carbonSlug: expect.any(String),
        repairBonusTypes: expect.any(Array),
      });
    expect(products.map((p: { prodName: string }) => p.prodName)).toEqual(
      expect.arrayContaining(['Lave-linge', 'Réfrigérateur', 'Bouilloire', 'Téléviseur']),
    );
    expect((await t.app.inject({ url: '/api/V1/references/refproducts' })).statusCode).toBe(401);
  });
});

describe('universes', () => {
  it('lists every reference universe as a placeholder (univer_id -1) before any is created', async () => {
    const user = await signedInUser(t, 'nouveau@exemple.fr');
    const list = (await t.app.inject({ url: base(user.id), headers: user.headers })).json();
    const refs = await refUniverses();
    expect(list).toHaveLength(refs.length);
    for (const u of list) expect(u).toMatchObject({ univer_id: -1, refuniver_id: expect.any(Number), nbAppliance: 0, text: 'Ajouter' });
  });

  it('creates a universe with an image, strips < and >, and lists it first in place of its placeholder', async () => {
    const [kitchen] = await refUniverses();
    const res = await createUniverse(
      me,
      { name: '<b>Cuisine</b>', description: 'Le <script>coin</script> repas', refUniverId: String(kitchen.id) },
      PNG,
    );
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'bCuisine/b',
      description: 'Le scriptcoin/script repas',
      refuniver_id: kitchen.id,
      nbAppliance: 0,
      text: 'Ajouter',
    });
    expect(created.univer_id).toBeGreaterThan(0);
    expect(created.image).toMatch(/^\/api\/V1\/files\/users\/\d+\/[\w-]+\.png\?exp=\d+&sig=/);
    const image = await t.app.inject({ url: created.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const list = (await t.app.inject({ url: base(me.id), headers: me.headers })).json();
    expect(list[0].univer_id).toBe(created.univer_id);
    expect(
      list.filter((u: { refuniver_id: number; univer_id: number }) => u.refuniver_id === kitchen.id && u.univer_id === -1),
    ).toHaveLength(0);
    const custom = (await t.app.inject({ url: `/api/V1/profils/users/${me.id}/foyers/customunivers`, headers: me.headers })).json();
    expect(custom.every((u: { univer_id: number }) => u.univer_id > 0)).toBe(true);
    const one = await t.app.inject({ url: `${base(me.id)}/${created.univer_id}`, headers: me.headers });
    expect(one.json().name).toBe('bCuisine/b');
  });

  it('uses the reference image when no image is sent', async () => {
    const refs = await refUniverses();
    const created = (await createUniverse(me, { name: 'Salon', refUniverId: String(refs[1].id) })).json();
    expect(created.image).toBe(refs[1].image);
  });

  it('refuses bad input and leaves no row and no file', async () => {
    const before = {
      files: storedFiles(t).length,
      rows: (await t.app.inject({ url: `/api/V1/profils/users/${me.id}/foyers/customunivers`, headers: me.headers })).json().length,
    };
    const noName = await createUniverse(me, { name: '  <> ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(MSG.universeNameRequired);
    const fakePng = await createUniverse(me, {}, HTML);
    expect(fakePng.statusCode).toBe(415);
    expect(fakePng.json().message).toBe(MSG.fileNotImage);
    const pdf = await createUniverse(me, {}, PDF);
    expect(pdf.statusCode).toBe(415);
    const big = await createUniverse(me, {}, Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MSG.fileTooLargeFor('10 Mo'));
    const unknownRef = await createUniverse(me, { refUniverId: '99999' }, PNG);
    expect(unknownRef.statusCode).toBe(404);
    const json = await t.app.inject({ method: 'POST', url: base(me.id), headers: me.headers, payload: { name: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(storedFiles(t).length).toBe(before.files);
    expect((await t.app.inject({ url: `/api/V1/profils/users/${me.id}/foyers/customunivers`, headers: me.headers })).json()).toHaveLength(
      before.rows,
    );
  });

  it('updates the name, description and image, removing the replaced image', async () => {
    const created = (await createUniverse(me, { name: 'Bureau' }, PNG)).json();
    const filesBefore = storedFiles(t).length;
    const body = await multipart({
      name: 'Bureau <2>',
      description: 'Sous les toits',
      file: { filename: 'b.png', data: PNG, type: 'image/png' },
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `${base(me.id)}/${created.univer_id}`,
      headers: { ...me.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Bureau 2', description: 'Sous les toits' });
    expect(res.json().image).not.toBe(created.image);
    expect(storedFiles(t).length).toBe(filesBefore);
    expect((await t.app.inject({ url: created.image })).statusCode).toBe(404);
  });

  it('deletes an empty universe and refuses one holding appliances (409)', async () => {
    const empty = (await createUniverse(me, { name: 'Cellier' })).json();
    expect((await t.app.inject({ method: 'DELETE', url: `${base(me.id)}/${empty.univer_id}`, headers: me.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `${base(me.id)}/${empty.univer_id}`, headers: me.headers })).statusCode).toBe(404);

    const full = (await createUniverse(me, { name: 'Buanderie' })).json();
    const data = await multipart({ data: JSON.stringify({ prod_id: 1, marque: 'Bosch', modele: 'Série 6' }) });
    const added = await t.app.inject({
      method: 'POST',
      url: `${base(me.id)}/${full.univer_id}/appliances`,
      headers: { ...me.headers, ...data.headers },
      payload: data.payload,
    });
    expect(added.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'DELETE', url: `${base(me.id)}/${full.univer_id}`, headers: me.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(API_MSG.universeNotEmpty);
  });

  it("refuses another user's {userId} (403) and another user's universe id (404)", async () => {
    const mine = (await createUniverse(me, { name: 'Garage' })).json();
    const id = mine.univer_id;
    const asOther = other.headers;
    const body = await multipart({ name: 'Volé' });
    const calls = [
      t.app.inject({ url: base(me.id), headers: asOther }),
      t.app.inject({ url: `/api/V1/profils/users/${me.id}/foyers/customunivers`, headers: asOther }),
      t.app.inject({ url: `${base(me.id)}/${id}`, headers: asOther }),
      t.app.inject({ method: 'POST', url: base(me.id), headers: { ...asOther, ...body.headers }, payload: body.payload }),
      t.app.inject({ method: 'PUT', url: `${base(me.id)}/${id}`, headers: { ...asOther, ...body.headers }, payload: body.payload }),
      t.app.inject({ method: 'DELETE', url: `${base(me.id)}/${id}`, headers: asOther }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    const ownPath = [
      t.app.inject({ url: `${base(other.id)}/${id}`, headers: asOther }),
      t.app.inject({ method: 'PUT', url: `${base(other.id)}/${id}`, headers: { ...asOther, ...body.headers }, payload: body.payload }),
      t.app.inject({ method: 'DELETE', url: `${base(other.id)}/${id}`, headers: asOther }),
      t.app.inject({ url: `${base(other.id)}/${id}/appliances`, headers: asOther }),
    ];
    for (const res of await Promise.all(ownPath)) expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ url: `${base(me.id)}/${id}`, headers: me.headers })).json().name).toBe('Garage');
  });
});
