import { API_MSG, LABEL_CODE_PATTERN, type Label, MSG } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinFoyer } from '../../../test/foyer.ts';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { winAnsi } from './label-sheet-pdf.ts';
import { newLabelCode } from './labels.service.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
const users = (id: number) => `/api/V1/profils/users/${id}`;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-26T10:00:00Z');
});
afterAll(async () => {
  await t.app.close();
});

async function universe(user: User, name = 'Cuisine'): Promise<number> {
  const form = await multipart({ name });
  return (
    await t.app.inject({
      method: 'POST',
      url: `${users(user.id)}/foyers/univers`,
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    })
  ).json().univer_id;
}

async function appliance(user: User, universeId: number, name: string): Promise<number> {
  const body = await multipart({ data: JSON.stringify({ prod_id: 1, name, marque: 'Bosch', modele: 'X1' }) });
  const res = await t.app.inject({
    method: 'POST',
    url: `${users(user.id)}/foyers/univers/${universeId}/appliances`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const create = (user: User, applianceIds: number[]) =>
  t.app.inject({ method: 'POST', url: `${users(user.id)}/etiquettes`, headers: user.headers, payload: { applianceIds } });
const resolve = (user: User, code: string) => t.app.inject({ url: `/api/V1/etiquettes/${code}`, headers: user.headers });
const list = async (user: User) => (await t.app.inject({ url: `${users(user.id)}/etiquettes`, headers: user.headers })).json() as Label[];
const labelRows = async () => (await t.db.selectFrom('appliance_labels').select(['code', 'appliance_id', 'revoked_at']).execute()).length;

async function readPdf(buf: Buffer) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // verbosity 0: pdf.js would warn that it draws Helvetica without its font files; the text is what is read here.
  return pdfjs.getDocument({ data: new Uint8Array(buf), verbosity: 0 }).promise;
}

describe('QR labels of the appliances', () => {
  it('draws codes of 10 characters of the label alphabet, at random', () => {
    const codes = new Set(Array.from({ length: 200 }, newLabelCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(LABEL_CODE_PATTERN);
  });

  it('creates a label per appliance, keeps it when asked again, and lists those in use', async () => {
    const me = await signedInUser(t, 'etiquettes@exemple.fr');
    const kitchen = await universe(me);
    const oven = await appliance(me, kitchen, 'Four de la cuisine');
    const kettle = await appliance(me, kitchen, 'Bouilloire');

    const first = await create(me, [oven]);
    expect(first.statusCode, first.body).toBe(200);
    const [label] = first.json() as Label[];
    expect(label).toEqual({
      code: expect.stringMatching(LABEL_CODE_PATTERN),
      applianceId: oven,
      nom: 'Four de la cuisine',
      url: `http://localhost:3000/a/${label!.code}`,
      creeLe: '2026-11-26T10:00:00.000Z',
    });

    // Again, with another one (and a duplicate): the oven keeps its code, in the order asked.
    const again = (await create(me, [kettle, oven, kettle])).json() as Label[];
    expect(again.map((l) => l.applianceId)).toEqual([kettle, oven]);
    expect(again[1]!.code).toBe(label!.code);
    expect(again[0]!.code).not.toBe(label!.code);
    expect((await list(me)).map((l) => [l.applianceId, l.code]).sort()).toEqual(again.map((l) => [l.applianceId, l.code]).sort());
  });

  it('refuses an appliance of another household (400) and writes nothing; refuses a lecteur and a stranger', async () => {
    const me = await signedInUser(t, 'etiquettes-refus@exemple.fr');
    const other = await signedInUser(t, 'etiquettes-voisin@exemple.fr');
    const reader = await signedInUser(t, 'etiquettes-lecteur@exemple.fr');
    const mine = await appliance(me, await universe(me), 'Lave-vaisselle');
    const theirs = await appliance(other, await universe(other), 'Sèche-linge');
    const before = await labelRows();

    const refused = await create(me, [mine, theirs]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: API_MSG.labelApplianceUnknown, code: 'LABEL_APPLIANCE_UNKNOWN' });
    expect((await create(me, [])).json().message).toBe(MSG.labelChooseAppliance);
    expect((await create(other, [mine])).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: `${users(me.id)}/etiquettes`, headers: other.headers, payload: { applianceIds: [mine] } }))
        .statusCode,
    ).toBe(403);
    await joinFoyer(t, reader, me.id, 'lecteur');
    const readOnly = await create(reader, [mine]);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().message).toBe(MSG.foyerReadOnly);
    expect(await labelRows()).toBe(before);
  });

  it('opens the appliance for every member of its foyer, those who joined included, whatever their role', async () => {
    const owner = await signedInUser(t, 'etiquettes-proprio@exemple.fr');
    const member = await signedInUser(t, 'etiquettes-membre@exemple.fr');
    const reader = await signedInUser(t, 'etiquettes-lectrice@exemple.fr');
    const fridge = await appliance(owner, await universe(owner), 'Réfrigérateur');
    const [label] = (await create(owner, [fridge])).json() as Label[];

    expect((await resolve(owner, label!.code)).json()).toEqual({ applianceId: fridge });
    // Before joining, another foyer's: 403 with its own message, and nothing of the appliance.
    const stranger = await resolve(member, label!.code);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ message: API_MSG.labelOtherFoyer, code: 'LABEL_OTHER_FOYER' });

    await joinFoyer(t, member, owner.id, 'membre');
    await joinFoyer(t, reader, owner.id, 'lecteur');
    for (const who of [member, reader]) {
      const res = await resolve(who, label!.code);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ applianceId: fridge });
    }
    // A lecteur reads the labels, and cannot revoke one.
    expect((await list(reader)).map((l) => l.code)).toEqual([label!.code]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${users(reader.id)}/etiquettes/${label!.code}`, headers: reader.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `/api/V1/etiquettes/${label!.code}` })).statusCode).toBe(401);
  });

  it('says an unknown code is unknown (404) and a revoked one is revoked (410); a new label replaces it', async () => {
    const me = await signedInUser(t, 'etiquettes-revocation@exemple.fr');
    const other = await signedInUser(t, 'etiquettes-autre-foyer@exemple.fr');
    const kitchen = await universe(me);
    const dryer = await appliance(me, kitchen, 'Sèche-linge');
    const [label] = (await create(me, [dryer])).json() as Label[];

    for (const code of ['abcdefghjk', 'ABCDEFGHJK', 'court', '%00', 'x'.repeat(100)]) {
      const res = await resolve(me, code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual({ message: API_MSG.labelUnknown, code: 'LABEL_UNKNOWN' });
    }

    // Another household cannot revoke it: to them it does not exist.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${users(other.id)}/etiquettes/${label!.code}`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${users(me.id)}/etiquettes/abcdefghjk`, headers: me.headers })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${users(me.id)}/etiquettes/${label!.code}`, headers: me.headers })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${users(me.id)}/etiquettes/${label!.code}`, headers: me.headers })).statusCode,
    ).toBe(204);
    for (const who of [me, other]) {
      const revoked = await resolve(who, label!.code);
      expect(revoked.statusCode).toBe(410);
      expect(revoked.json()).toEqual({ message: API_MSG.labelRevoked, code: 'LABEL_REVOKED' });
    }
    expect(await list(me)).toEqual([]);

    const [renewed] = (await create(me, [dryer])).json() as Label[];
    expect(renewed!.code).not.toBe(label!.code);
    expect((await resolve(me, renewed!.code)).json()).toEqual({ applianceId: dryer });

    // The appliance leaves the inventory (given away): its label no longer opens it.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${users(me.id)}/appliances/${dryer}/second-life`,
          headers: me.headers,
          payload: { outcome: 'given' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await resolve(me, renewed!.code)).statusCode).toBe(410);
    expect(await list(me)).toEqual([]);
  });

  it('prints an A4 PDF of the labels asked, in their order: 22 labels on L7160 (21 a sheet) take 2 pages', async () => {
    const me = await signedInUser(t, 'etiquettes-pdf@exemple.fr');
    const garage = await universe(me, 'Garage');
    const ids: number[] = [];
    for (let i = 1; i <= 22; i++) ids.push(await appliance(me, garage, i === 1 ? 'Cave\u202fà vin 🍷' : `Appareil n° ${i}`));
    const labels = (await create(me, ids)).json() as Label[];
    expect(labels).toHaveLength(22);

    const res = await t.app.inject({
      url: `${users(me.id)}/etiquettes/planche.pdf?planche=L7160&ids=${ids.join(',')}`,
      headers: me.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ecofoyer-etiquettes-2026-11-26.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.numPages).toBe(2);
    const text = async (n: number) =>
      ((await (await pdf.getPage(n)).getTextContent()).items as { str: string }[]).map((i) => i.str).join(' ');
    const first = await text(1);
    // The narrow no-break space printed as a space (pdf.js reads the no-break one as a plain one); the emoji, outside WinAnsi, as « ? ».
    expect(first).toMatch(/Cave\s+à vin \?/);
    expect(first).toContain(`Code : ${labels[0]!.code}`);
    expect(first).not.toContain('Appareil n° 22');
    expect(await text(2)).toContain('Appareil n° 22');

    // L7159 holds 24 a sheet: one page.
    const small = await t.app.inject({
      url: `${users(me.id)}/etiquettes/planche.pdf?planche=L7159&ids=${ids.join(',')}`,
      headers: me.headers,
    });
    expect((await readPdf(small.rawPayload)).numPages).toBe(1);
  });

  it('refuses a PDF of an appliance without a label in use (400) and another household’s (403)', async () => {
    const me = await signedInUser(t, 'etiquettes-pdf-refus@exemple.fr');
    const other = await signedInUser(t, 'etiquettes-pdf-voisin@exemple.fr');
    const kitchen = await universe(me);
    const labelled = await appliance(me, kitchen, 'Micro-ondes');
    const bare = await appliance(me, kitchen, 'Grille-pain');
    await create(me, [labelled]);
    const pdf = (user: User, query: string) =>
      t.app.inject({ url: `${users(user.id)}/etiquettes/planche.pdf?${query}`, headers: user.headers });

    const missing = await pdf(me, `ids=${labelled},${bare}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: API_MSG.labelNotCreated, code: 'LABEL_NOT_CREATED' });
    expect((await pdf(me, `ids=${labelled},99999999999999999999`)).statusCode).toBe(400);
    expect((await pdf(me, 'ids=')).statusCode).toBe(400);
    expect((await pdf(me, `ids=${labelled}&planche=L9999`)).statusCode).toBe(400);
    expect((await pdf(me, `ids=${labelled}`)).statusCode).toBe(200);
    expect((await pdf(other, `ids=${labelled}`)).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${users(me.id)}/etiquettes/planche.pdf?ids=${labelled}`, headers: other.headers })).statusCode).toBe(
      403,
    );
  });

  it('keeps French text inside WinAnsi for the PDF fonts', () => {
    expect(winAnsi('Lave-linge « Bosch »\u202f: 1\u202f000 €\nœuvre')).toBe('Lave-linge « Bosch »\u00a0: 1\u00a0000 € œuvre');
    expect(winAnsi('Frigo 🧊 日本')).toBe('Frigo ? ??');
    // Decomposed accents (a macOS file name, a copied text) are composed first.
    expect(winAnsi('Cafe\u0301')).toBe('Café');
  });
});
