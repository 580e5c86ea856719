import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_MSG, MSG } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { blankImage, plateImage } from '../../../test/plate-image.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let user: User;
let other: User;
let universe: number;
let washingMachine: number;

beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t, 'photo@exemple.fr');
  other = await signedInUser(t, 'autre-photo@exemple.fr');
  const form = await multipart({ name: 'Buanderie' });
  universe = (
    await t.app.inject({
      method: 'POST',
      url: `/api/V1/profils/users/${user.id}/foyers/univers`,
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    })
  ).json().univer_id;
  const products = (await t.app.inject({ url: '/api/V1/references/refproducts', headers: user.headers })).json() as {
    id: number;
    prodName: string;
  }[];
  washingMachine = products.find((p) => p.prodName === 'Lave-linge')!.id;
}, 60_000);
afterAll(async () => {
  await t.app.close();
});

async function upload(who: User, image: Buffer): Promise<string> {
  const body = await multipart({ file: { filename: 'plaque.png', data: image, type: 'image/png' } });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/V1/files/public',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.fileUrl;
}

const save = (who: User, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/ai/appliance/searchandsave', headers: who.headers, payload });
const count = async () => (await t.app.inject({ url: `/api/V1/profils/users/${user.id}/appliances`, headers: user.headers })).json().length;

describe('adding a device by photo (API.md image search)', () => {
  it('reads brand and model on a rating plate and saves the appliance in the chosen universe', async () => {
    const url = await upload(
      user,
      await plateImage(['BOSCH', 'Mod./Model: WAT28449FF', 'FD 9604 200123', '220-240 V ~ 50 Hz  2300 W', 'Made in Germany  CE']),
    );
    const read = await t.app.inject({ method: 'POST', url: '/api/ai/images', headers: user.headers, payload: { urlImage: url } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ marque: 'Bosch', modele: 'WAT28449FF' });
    expect(read.json().text).toMatch(/BOSCH/i);

    const res = await save(user, { urlImage: url, searchText: '', userId: user.id, univerId: universe, refProdId: washingMachine });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      marque: 'Bosch',
      modele: 'WAT28449FF',
      prod_id: washingMachine,
      univer_id: universe,
      prod_name: 'Lave-linge',
    });
  }, 60_000);

  it('answers 404 with the spec message when nothing is recognised, and saves nothing', async () => {
    const before = await count();
    const url = await upload(user, await blankImage());
    const res = await save(user, { urlImage: url, searchText: '', userId: user.id, univerId: universe, refProdId: washingMachine });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.imageSearchNoResult);
    expect(await count()).toBe(before);
  }, 60_000);

  it('never saves « Inconnu »: a plate read in part saves nothing, and the reading (with the hint) is given back to complete', async () => {
    const before = await count();
    const url = await upload(user, await plateImage(['Mod./Model: WAT28449FF', '220-240 V ~ 50 Hz  2300 W']));
    const res = await save(user, { urlImage: url, searchText: '', userId: user.id, univerId: universe, refProdId: washingMachine });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.imageSearchNoResult);
    expect(await count()).toBe(before);
    const read = await t.app.inject({ method: 'POST', url: '/api/ai/images', headers: user.headers, payload: { urlImage: url } });
    expect(read.json()).toMatchObject({ marque: null, modele: 'WAT28449FF' });
    // The hint names the brand the plate does not show; a brand the plate shows is kept over the hint.
    const hinted = await t.app.inject({
      method: 'POST',
      url: '/api/ai/images',
      headers: user.headers,
      payload: { urlImage: url, searchText: 'Bosch' },
    });
    expect(hinted.json()).toMatchObject({ marque: 'Bosch', modele: 'WAT28449FF' });
    const plate = await upload(user, await plateImage(['SAMSUNG', 'Model: WW90T534DAW']));
    const kept = await t.app.inject({
      method: 'POST',
      url: '/api/ai/images',
      headers: user.headers,
      payload: { urlImage: plate, searchText: 'Siemens' },
    });
    expect(kept.json()).toMatchObject({ marque: 'Samsung', modele: 'WW90T534DAW' });
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/ai/images',
      headers: user.headers,
      payload: { urlImage: plate, searchText: 'x'.repeat(51) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.imageSearchHintTooLong);
    expect(await count()).toBe(before);
  }, 60_000);

  it('refuses bad input and another household’s image or universe, changing nothing', async () => {
    const before = await count();
    const url = await upload(user, await plateImage(['SAMSUNG', 'Model: WW90T534DAW']));
    const body = { urlImage: url, searchText: '', userId: user.id, univerId: universe, refProdId: washingMachine };
    expect((await save(user, { ...body, refProdId: undefined })).json().message).toBe(MSG.productTypeRequired);
    const long = await save(user, { ...body, searchText: 'x'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.imageSearchHintTooLong);
    expect((await save(user, { ...body, userId: other.id })).statusCode).toBe(403);
    // Another user's token cannot read this user's upload, nor save into this universe.
    expect((await save(other, { ...body, userId: other.id })).json().message).toBe(API_MSG.imageUnreadable);
    const theirs = await upload(other, await plateImage(['SAMSUNG', 'Model: WW90T534DAW']));
    expect((await save(other, { ...body, urlImage: theirs, userId: other.id })).statusCode).toBe(404);
    // Refused on the universe before the image is read (a blank one would otherwise answer « nothing recognised »).
    const blank = await save(other, { ...body, urlImage: await upload(other, await blankImage()), userId: other.id });
    expect(blank.statusCode).toBe(404);
    expect(blank.json().message).toBe(API_MSG.universeUnknown);
    // A forged or expired signature, or an address that is not a file of the API.
    expect((await save(user, { ...body, urlImage: url.replace(/sig=[^&]+/, 'sig=abc') })).statusCode).toBe(400);
    expect((await save(user, { ...body, urlImage: 'https://exemple.fr/plaque.png' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/ai/images', headers: user.headers, payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/ai/images', payload: { urlImage: url } })).statusCode).toBe(401);
    expect(await count()).toBe(before);
  }, 60_000);
});

describe('with an optional vision service (VISION_BASE_URL)', () => {
  let vision: Server;
  let mode: 'ok' | 'error' | 'garbage' = 'ok';
  const received: { model: string; messages: { role: string; content: unknown }[] }[] = [];
  let v: TestApp;
  let me: User;
  let room: number;

  beforeAll(async () => {
    vision = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        received.push(JSON.parse(raw));
        if (mode === 'error') return void res.writeHead(502).end();
        const content =
          mode === 'garbage' ? 'Je ne sais pas' : '```json\n{"marque": "Miele", "modele": "WWD 120", "texte": "Miele WWD 120"}\n```';
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content } }] }));
      });
    });
    await new Promise<void>((resolve) => vision.listen(0, '127.0.0.1', resolve));
    v = await createTestApp({ VISION_BASE_URL: `http://127.0.0.1:${(vision.address() as AddressInfo).port}/v1`, VISION_MODEL: 'vue' });
    me = await signedInUser(v, 'vision@exemple.fr');
    const form = await multipart({ name: 'Buanderie' });
    room = (
      await v.app.inject({
        method: 'POST',
        url: `/api/V1/profils/users/${me.id}/foyers/univers`,
        headers: { ...me.headers, ...form.headers },
        payload: form.payload,
      })
    ).json().univer_id;
  }, 60_000);
  afterAll(async () => {
    await v.app.close();
    await new Promise((resolve) => vision.close(resolve));
  });

  const uploadTo = async (image: Buffer) => {
    const body = await multipart({ file: { filename: 'plaque.png', data: image, type: 'image/png' } });
    return (
      await v.app.inject({
        method: 'POST',
        url: '/api/V1/files/public',
        headers: { ...me.headers, ...body.headers },
        payload: body.payload,
      })
    ).json().data.fileUrl as string;
  };

  it('uses the service’s reading, and falls back to the offline OCR when it fails or answers nonsense', async () => {
    const plate = await plateImage(['BOSCH', 'Mod./Model: WAT28449FF']);
    mode = 'ok';
    const seen = await v.app.inject({
      method: 'POST',
      url: '/api/ai/images',
      headers: me.headers,
      payload: { urlImage: await uploadTo(await blankImage()) },
    });
    expect(seen.json()).toEqual({ marque: 'Miele', modele: 'WWD 120', text: 'Miele WWD 120' });
    const sent = received.at(-1)!;
    expect(sent.model).toBe('vue');
    expect(JSON.stringify(sent.messages[1]!.content)).toContain('data:image/png;base64,');

    for (const failing of ['error', 'garbage'] as const) {
      mode = failing;
      const res = await v.app.inject({
        method: 'POST',
        url: '/api/ai/appliance/searchandsave',
        headers: me.headers,
        payload: { urlImage: await uploadTo(plate), searchText: '', userId: me.id, univerId: room, refProdId: washingMachine },
      });
      expect(res.statusCode, failing).toBe(201);
      expect(res.json(), failing).toMatchObject({ marque: 'Bosch', modele: 'WAT28449FF' });
    }
  }, 60_000);
});
