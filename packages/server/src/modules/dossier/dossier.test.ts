import { asFoyerId } from '../../lib/ids.ts';
import { API_MSG, type Droits, MSG, SharedDossier } from '@ecofoyer/contracts';
import { guaranteeText } from './dossier-describe.ts';
import { sql } from 'kysely';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { joinFoyer } from '../../../test/foyer.ts';
import { multipart, PNG } from '../../../test/multipart.ts';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { inflatingPdf } from '../../../test/inflating-pdf.ts';
import { type PlacedText, pdfPages, pdfPlacedTexts } from '../../../test/pdf-text.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
const users = (id: number) => `/api/V1/profils/users/${id}`;
let washer: number;
let fridge: number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-24T10:00:00Z');
  const anyone = await signedInUser(t, 'references@exemple.fr');
  const products = (await t.app.inject({ url: '/api/V1/references/refproducts', headers: anyone.headers })).json() as {
    id: number;
    prodName: string;
  }[];
  washer = products.find((p) => p.prodName === 'Lave-linge')!.id;
  fridge = products.find((p) => p.prodName === 'Réfrigérateur')!.id;
});
afterAll(async () => {
  await t.app.close();
});

const universes = new Map<number, number>();
async function appliance(user: User, data: Record<string, string | number | boolean>, photo?: Buffer): Promise<number> {
  if (!universes.has(user.id)) {
    const u = await multipart({ name: 'Cuisine' });
    const res = await t.app.inject({
      method: 'POST',
      url: `${users(user.id)}/foyers/univers`,
      headers: { ...user.headers, ...u.headers },
      payload: u.payload,
    });
    universes.set(user.id, res.json().univer_id);
  }
  const body = await multipart({ data: JSON.stringify(data), ...(photo ? { pict: { filename: 'photo.webp', data: photo } } : {}) });
  const res = await t.app.inject({
    method: 'POST',
    url: `${users(user.id)}/foyers/univers/${universes.get(user.id)}/appliances`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function invoice(user: User, id: number, data: Buffer, filename: string) {
  const body = await multipart({ file: { filename, data } });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/V1/profils/users/foyers/univers/appliances/${id}/facture`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Starts a dossier, waits for this process to have built it, and gives its state. */
async function built(user: User, factures = false) {
  const start = await t.app.inject({ method: 'POST', url: `${users(user.id)}/dossier`, headers: user.headers, payload: { factures } });
  expect(start.statusCode, start.body).toBe(202);
  expect(start.json()).toMatchObject({ statut: 'en-cours', factures });
  await t.app.services.dossier.idle();
  const job = await t.app.inject({ url: `${users(user.id)}/dossier/${start.json().id}`, headers: user.headers });
  expect(job.statusCode).toBe(200);
  return job.json() as { id: string; statut: string; fait: number; total: number; taille: number | null; message: string | null };
}

async function download(user: User, id: string) {
  const res = await t.app.inject({ url: `${users(user.id)}/dossier/${id}/fichier`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res;
}

const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
    .webp()
    .toBuffer();

describe('« Dossier d’inventaire »', () => {
  it('is a PDF read back with the household, the date, the summary in French and one block per appliance', async () => {
    const me = await signedInUser(t, 'dossier@exemple.fr');
    await appliance(
      me,
      {
        prod_id: washer,
        marque: 'Bosch',
        modele: 'WGG244',
        numero_serie: 'SN-42',
        dt_achat: '2025-11-23',
        prix_achat: '1234,50',
        vendeur: 'Boulanger',
        classenergie: 'A',
      },
      await photo(),
    );
    await appliance(me, { prod_id: fridge, marque: 'Liebherr', modele: 'CNd 5203', dt_achat: '2018-03-02' });
    const job = await built(me);
    expect(job).toMatchObject({ statut: 'pret', fait: 2, total: 2, message: null });
    const res = await download(me, job.id);
    expect(res.headers['content-disposition']).toBe('attachment; filename="ecofoyer-dossier-2026-11-24.pdf"');
    expect(job.taille).toBe(res.rawPayload.length);
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(1);
    const first = pages[0]!;
    for (const text of [
      'Dossier d’inventaire',
      'Foyer de Camille',
      'Établi le 24 novembre 2026',
      '2 appareils',
      '1 sous garantie',
      'Valeur d’achat totale : 1 234,50 € (prix connu pour 1 appareil sur 2)',
      'Lave-linge Bosch',
      'WGG244',
      'SN-42',
      '23 novembre 2025 — 1 234,50 € — chez Boulanger',
      'Garantie légale jusqu’au 23 novembre 2027',
      'Garanties terminées',
      'Sans photo',
      'Page 1 / 1',
    ])
      expect(first).toContain(text);
    expect(first).not.toContain('dossier@exemple.fr');
  });

  it('numbers every page of a long household, and has built every appliance when ready', async () => {
    const me = await signedInUser(t, 'long@exemple.fr');
    for (let i = 1; i <= 14; i++) await appliance(me, { prod_id: washer, marque: 'Marque', modele: `M-${i}`, name: `Appareil ${i}` });
    const job = await built(me);
    expect(job).toMatchObject({ statut: 'pret', fait: 14, total: 14 });
    const pages = await pdfPages((await download(me, job.id)).rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, i) => expect(text).toContain(`Page ${i + 1} / ${pages.length}`));
    expect(pages.join(' ')).toContain('Appareil 14');
  });

  it('adds the invoices after the list when asked: an image on its page, a PDF with its own pages', async () => {
    const me = await signedInUser(t, 'factures@exemple.fr');
    const a = await appliance(me, { prod_id: washer, marque: 'Bosch', modele: 'A1', name: 'Lave-linge du bas' });
    const b = await appliance(me, { prod_id: fridge, marque: 'Smeg', modele: 'B2', name: 'Frigo' });
    await invoice(
      me,
      a,
      await sharp({ create: { width: 300, height: 420, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      'facture.png',
    );
    const source = await PDFDocument.create();
    const page = source.addPage();
    page.drawText('FACTURE-ORIGINALE-77', { x: 50, y: 700, size: 14, font: await source.embedFont(StandardFonts.Helvetica) });
    await invoice(me, b, Buffer.from(await source.save()), 'facture.pdf');
    const job = await built(me, true);
    expect(job).toMatchObject({ statut: 'pret', fait: 4, total: 4 });
    const pages = await pdfPages((await download(me, job.id)).rawPayload);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Facture (image)');
    expect(pages[1]).toContain('Facture — Lave-linge du bas');
    expect(pages[2]).toContain('Facture — Frigo');
    expect(pages[2]).toContain('FACTURE-ORIGINALE-77');
    pages.forEach((text, i) => expect(text).toContain(`Page ${i + 1} / 3`));
  });

  it('numbers the pages once the PDF invoice is appended, and captions it with its appliance above its content, never over it', async () => {
    const me = await signedInUser(t, 'facture-paginee@exemple.fr');
    const id = await appliance(me, { prod_id: washer, marque: 'Bosch', modele: 'C3', name: 'Lave-linge de la buanderie' });
    const source = await PDFDocument.create();
    const font = await source.embedFont(StandardFonts.Helvetica);
    // The invoice's own text at its very top and bottom: a caption or a footer drawn on the page would cover it.
    const sheet = source.addPage([595.28, 841.89]);
    sheet.drawText('EN-TETE-DU-VENDEUR', { x: 20, y: 841.89 - 14, size: 12, font });
    sheet.drawText('MENTIONS-LEGALES', { x: 400, y: 6, size: 8, font });
    await invoice(me, id, Buffer.from(await source.save()), 'facture.pdf');
    const job = await built(me, true);
    expect(job).toMatchObject({ statut: 'pret', fait: 2, total: 2 });
    const bytes = (await download(me, job.id)).rawPayload;
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Page 1 / 2');
    expect(pages[1]).toContain('Page 2 / 2');
    expect(pages[1]).toContain('Facture — Lave-linge de la buanderie');
    expect(pages[1]).toContain('Foyer de Camille — dossier d’inventaire du 24 novembre 2026');
    expect(pages[1]).toContain('EN-TETE-DU-VENDEUR');
    const placed = (await pdfPlacedTexts(bytes))[1]!;
    const at = (text: string) => placed.find((p) => p.str.includes(text))!;
    const caption = at('Facture — Lave-linge');
    const footer = at('Page 2 / 2');
    expect(caption.upright && footer.upright).toBe(true);
    // The caption's baseline above the invoice's first line, the footer's top below its last line.
    expect(caption.y).toBeLessThan(at('EN-TETE-DU-VENDEUR').y - at('EN-TETE-DU-VENDEUR').size);
    expect(footer.y - footer.size).toBeGreaterThan(at('MENTIONS-LEGALES').y);
  });

  it('captions a turned invoice (/Rotate 90) the right way up, on its first page only, and numbers its pages after the dossier’s', async () => {
    const me = await signedInUser(t, 'facture-tournee@exemple.fr');
    const id = await appliance(me, { prod_id: fridge, marque: 'Smeg', modele: 'R9', name: 'Frigo de la cave' });
    const source = await PDFDocument.create();
    const font = await source.embedFont(StandardFonts.Helvetica);
    for (const n of [1, 2]) {
      // Shown in landscape: the page's left edge is the top a reader sees, its text turned with it.
      const sheet = source.addPage([595.28, 841.89]);
      sheet.setRotation(degrees(90));
      sheet.drawText(`FEUILLET-${n}`, { x: 16, y: 20, size: 12, font, rotate: degrees(90) });
    }
    await invoice(me, id, Buffer.from(await source.save()), 'facture.pdf');
    const job = await built(me, true);
    const bytes = (await download(me, job.id)).rawPayload;
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(3);
    pages.forEach((text, i) => expect(text).toContain(`Page ${i + 1} / 3`));
    expect(pages[1]).toContain('Facture — Frigo de la cave');
    expect(pages[2]).not.toContain('Facture — Frigo de la cave');
    const placed = await pdfPlacedTexts(bytes);
    const at = (page: PlacedText[], text: string) => page.find((p) => p.str.includes(text))!;
    const first = at(placed[1]!, 'FEUILLET-1');
    expect(first.upright).toBe(true);
    const caption = at(placed[1]!, 'Facture — Frigo');
    expect(caption.upright).toBe(true);
    expect(caption.y).toBeLessThan(first.y - first.size);
    expect(at(placed[2]!, 'Page 3 / 3').upright).toBe(true);
  });

  it('leaves out an invoice that inflates past 50 MB, with a warning line in the PDF and the log, and the event loop free meanwhile', async () => {
    const me = await signedInUser(t, 'facture-gonflee@exemple.fr');
    const id = await appliance(me, { prod_id: washer, marque: 'Bosch', modele: 'B1', name: 'Lave-linge piégé' });
    const other = await appliance(me, { prod_id: fridge, marque: 'Smeg', modele: 'B2', name: 'Frigo honnête' });
    // 60 KB that inflate to 64 MB: on the event loop, pdf-lib took over 10 s to read it (and 150 MB ended the process).
    await invoice(me, id, inflatingPdf(64 * 2 ** 20, 'FACTURE-GONFLEE'), 'facture.pdf');
    const source = await PDFDocument.create();
    source.addPage().drawText('FACTURE-HONNETE', { x: 50, y: 700, size: 14, font: await source.embedFont(StandardFonts.Helvetica) });
    await invoice(me, other, Buffer.from(await source.save()), 'facture.pdf');
    const warn = vi.spyOn(t.app.log, 'warn');
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    try {
      const job = await built(me, true);
      delay.disable();
      expect(job).toMatchObject({ statut: 'pret', fait: 4, total: 4 });
      // The loop kept turning: a request of another household waited at most a fraction of a second.
      expect(delay.max / 1e6).toBeLessThan(2000);
      const pages = await pdfPages((await download(me, job.id)).rawPayload);
      const text = pages.join('\n');
      // The PDF's text reads its no-break spaces as spaces.
      expect(text).toContain(API_MSG.dossierInvoiceLeftOut(50).replace(/[\u00a0\u202f]/g, ' '));
      expect(text).toContain('Facture — Lave-linge piégé');
      expect(text).not.toContain('FACTURE-GONFLEE');
      expect(text).toContain('FACTURE-HONNETE');
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ appliance: id, why: 'inflates' }), 'invoice not appended to the dossier');
    } finally {
      delay.disable();
      warn.mockRestore();
    }
  });

  it('gives the dossier being built instead of starting a second, lets a lecteur build it, and says when one was interrupted', async () => {
    const owner = await signedInUser(t, 'proprio-dossier@exemple.fr');
    const reader = await signedInUser(t, 'lecteur-dossier@exemple.fr');
    await joinFoyer(t, reader, owner.id, 'lecteur');
    await appliance(owner, { prod_id: washer, marque: 'Bosch', modele: 'X' });
    const [one, two] = await Promise.all([
      t.app.inject({ method: 'POST', url: `${users(owner.id)}/dossier`, headers: owner.headers, payload: {} }),
      t.app.inject({ method: 'POST', url: `${users(reader.id)}/dossier`, headers: reader.headers, payload: {} }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 202]);
    expect(one.json().id).toBe(two.json().id);
    await t.app.services.dossier.idle();
    const list = await t.app.inject({ url: `${users(reader.id)}/dossier`, headers: reader.headers });
    expect(list.json()).toEqual([expect.objectContaining({ id: one.json().id, statut: 'pret' })]);

    const now = t.clock.now();
    await t.app.deps.db
      .insertInto('dossier_jobs')
      .values({
        id: '00000000-0000-4000-8000-000000000001',
        foyer_id: owner.id,
        requested_by: owner.id,
        status: 'en-cours',
        with_invoices: false,
        created_at: now,
        updated_at: new Date(now.getTime() - 3 * 60_000),
      })
      .execute();
    const stale = await t.app.inject({ url: `${users(owner.id)}/dossier/00000000-0000-4000-8000-000000000001`, headers: owner.headers });
    expect(stale.json()).toMatchObject({ statut: 'echec', message: MSG.dossierInterrupted });
    const notReady = await t.app.inject({
      url: `${users(owner.id)}/dossier/00000000-0000-4000-8000-000000000001/fichier`,
      headers: owner.headers,
    });
    expect(notReady.statusCode).toBe(409);
  });

  it('builds the dossier a killed process was building: its job is due again at the start of PGlite’s only process, or once its lease ends', async () => {
    const owner = await signedInUser(t, 'dossier-redemarrage@exemple.fr');
    await appliance(owner, { prod_id: washer, marque: 'Bosch', modele: 'Y' });
    const asked = await t.app.inject({ method: 'POST', url: `${users(owner.id)}/dossier`, headers: owner.headers, payload: {} });
    expect(asked.statusCode).toBe(202);
    // What a SIGKILL mid-build leaves: the runner's job held by a process that will never finish it.
    await sql`update jobs set lease_owner = 'killed', lease_until = ${new Date(t.clock.now().getTime() + 60_000)}, attempts = 1
      where kind = 'dossier.build'`.execute(t.db);
    const read = () => t.app.inject({ url: `${users(owner.id)}/dossier/${asked.json().id}`, headers: owner.headers });
    await t.app.deps.runner.drain();
    expect((await read()).json()).toMatchObject({ statut: 'en-cours' });
    expect(await t.app.deps.runner.releaseLeases()).toBe(1);
    await t.app.services.dossier.idle();
    expect((await read()).json()).toMatchObject({ statut: 'pret', fait: 1, total: 1 });
    const again = await t.app.inject({ method: 'POST', url: `${users(owner.id)}/dossier`, headers: owner.headers, payload: {} });
    expect(again.json().id).not.toBe(asked.json().id);
    await t.app.services.dossier.idle();
  });

  it('is another household’s to read only by it, and is deleted with its file after 24 hours', async () => {
    const me = await signedInUser(t, 'purge@exemple.fr');
    const other = await signedInUser(t, 'curieux@exemple.fr');
    await appliance(me, { prod_id: washer, marque: 'Bosch', modele: 'P' });
    const job = await built(me);
    expect((await t.app.inject({ url: `${users(other.id)}/dossier/${job.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${users(me.id)}/dossier/${job.id}`, headers: other.headers })).statusCode).toBe(403);
    const key = (await t.app.deps.db.selectFrom('dossier_jobs').select('file_key').where('id', '=', job.id).executeTakeFirstOrThrow())
      .file_key!;
    expect(await t.app.services.files.open(key)).not.toBeNull();
    t.clock.set(new Date(t.clock.now().getTime() + 25 * 3600_000).toISOString());
    try {
      expect(await t.app.services.dossier.purge()).toBeGreaterThanOrEqual(1);
      // (the access token has expired meanwhile: the service itself answers)
      await expect(t.app.services.dossier.file(asFoyerId(me.id), job.id)).rejects.toMatchObject({
        statusCode: 404,
        message: MSG.dossierUnknown,
      });
      expect(await t.app.services.files.open(key)).toBeNull();
    } finally {
      t.clock.set('2026-11-24T10:00:00Z');
    }
  });
});

describe('Read-only links to the dossier', () => {
  it('says of each appliance, in the list’s order, what its own rights page says — a repair under guarantee included — though computed on the job’s thread', async () => {
    const me = await signedInUser(t, 'partage-droits@exemple.fr');
    const first = await appliance(me, { prod_id: washer, marque: 'Bosch', modele: 'D1', dt_achat: '2025-06-01', prix_achat: '300' });
    const second = await appliance(me, { prod_id: fridge, marque: 'Smeg', modele: 'D2', dt_achat: '2020-01-15' });
    const third = await appliance(me, { prod_id: washer, marque: 'Miele', modele: 'D3', dt_livraison: '2026-02-01', occasion: true });
    // Repaired under the legal guarantee after 10 days without it: the guarantee runs longer (L217-13).
    const repaired = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/events`,
      headers: me.headers,
      payload: {
        title: 'Ne vidange plus',
        dt_realisation: '2025-09-02T09:00:00Z',
        applianceId: first,
        type: 'PANNE',
        sous_garantie: true,
        immobilisation_jours: 10,
      },
    });
    expect(repaired.statusCode).toBe(201);
    const created = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/dossier/partages`,
      headers: me.headers,
      payload: { jours: 7 },
    });
    const token = (created.json() as { lien: string }).lien.replace(/^.*\/partage\//, '');
    const seen = await t.app.inject({ url: `/api/V1/partages/${token}` });
    const dossier = SharedDossier.strict().parse(seen.json());
    expect(dossier.appareils.map((a) => a.id)).toEqual([first, second, third]);
    for (const a of dossier.appareils) {
      const page = await t.app.inject({ url: `/api/V1/profils/users/foyers/univers/appliances/${a.id}/droits`, headers: me.headers });
      expect(page.statusCode).toBe(200);
      const rights = page.json() as Droits;
      expect(a.garantie, `appliance ${a.id}`).toBe(guaranteeText(rights).texte);
      expect(a.sousGarantie).toBe(guaranteeText(rights).active);
    }
    expect(dossier.appareils[0]!.garantie).not.toBe('Garantie légale jusqu’au 1 juin 2027');
    expect(dossier).toMatchObject({ nombre: 3, valeurTotale: 300, prixConnus: 1 });
  });

  it('shows the appliances, photos and invoices to someone without an account, never the owner’s address, until revoked', async () => {
    const me = await signedInUser(t, 'partage@exemple.fr');
    const id = await appliance(
      me,
      { prod_id: washer, marque: 'Bosch', modele: 'S1', dt_achat: '2025-06-01', prix_achat: '499', numero_serie: 'SER-9' },
      await photo(),
    );
    await appliance(me, { prod_id: fridge, marque: 'Smeg', modele: 'S2', prix_achat: '1000,5' });
    await invoice(me, id, PNG, 'facture.png');
    const created = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/dossier/partages`,
      headers: me.headers,
      payload: { jours: 7 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const share = created.json() as { id: string; lien: string; jours: number; expireLe: string };
    expect(share).toMatchObject({ jours: 7, expireLe: '2026-12-01T10:00:00.000Z' });
    const token = share.lien.replace(/^.*\/partage\//, '');
    expect(share.lien).toBe(`${t.app.deps.config.appUrl}/partage/${token}`);

    const seen = await t.app.inject({ url: `/api/V1/partages/${token}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['referrer-policy']).toBe('no-referrer');
    expect(seen.body).not.toContain('partage@exemple.fr');
    const dossier = seen.json();
    expect(dossier).toMatchObject({ foyer: null, nombre: 2, valeurTotale: 1499.5, prixConnus: 2, expireLe: share.expireLe });
    const washerSeen = dossier.appareils.find((a: { id: number }) => a.id === id);
    expect(washerSeen).toMatchObject({
      marque: 'Bosch',
      numeroSerie: 'SER-9',
      garantie: 'Garantie légale jusqu’au 1 juin 2027',
      sousGarantie: true,
    });
    const picture = await t.app.inject({ url: washerSeen.photo });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    const bill = await t.app.inject({ url: washerSeen.facture.url });
    expect(bill.statusCode).toBe(200);
    expect(bill.headers['content-type']).toBe('image/png');
    // Only the shared household's appliances: another id, through the same link, is not found.
    const stranger = await signedInUser(t, 'voisin-partage@exemple.fr');
    const theirs = await appliance(stranger, { prod_id: washer, marque: 'Miele', modele: 'W1' }, await photo());
    expect((await t.app.inject({ url: washerSeen.photo.replace(`/appareils/${id}/`, `/appareils/${theirs}/`) })).statusCode).toBe(404);

    const listed = await t.app.inject({ url: `${users(me.id)}/dossier/partages`, headers: me.headers });
    expect(listed.json()).toEqual([share].map((s) => expect.objectContaining({ id: s.id, lien: s.lien })));

    const forged = await t.app.inject({ url: `/api/V1/partages/${share.id}.${'A'.repeat(32)}` });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(MSG.shareUnknown);

    const other = await signedInUser(t, 'pas-le-mien@exemple.fr');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${users(other.id)}/dossier/partages/${share.id}`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${users(me.id)}/dossier/partages/${share.id}`, headers: me.headers })).statusCode,
    ).toBe(204);
    for (const url of [`/api/V1/partages/${token}`, washerSeen.photo, washerSeen.facture.url]) {
      const revoked = await t.app.inject({ url });
      expect(revoked.statusCode).toBe(410);
      expect(revoked.json().message).toBe(MSG.shareExpired);
    }
    expect((await t.app.inject({ url: `${users(me.id)}/dossier/partages`, headers: me.headers })).json()).toEqual([]);
  });

  it('opens only for exactly « id.signature »: anything after the token is not the link given', async () => {
    const me = await signedInUser(t, 'jeton-exact@exemple.fr');
    await appliance(me, { prod_id: washer, marque: 'Bosch', modele: 'J1' });
    const share = (
      await t.app.inject({ method: 'POST', url: `${users(me.id)}/dossier/partages`, headers: me.headers, payload: { jours: 7 } })
    ).json();
    const token = share.lien.replace(/^.*\/partage\//, '');
    expect((await t.app.inject({ url: `/api/V1/partages/${token}` })).statusCode).toBe(200);
    for (const suffix of ['.anything', '.', '.x.y', 'A']) {
      const res = await t.app.inject({ url: `/api/V1/partages/${token}${suffix}` });
      expect(res.statusCode, suffix).toBe(404);
      expect(res.json().message).toBe(MSG.shareUnknown);
    }
    const photo = await t.app.inject({ url: `/api/V1/partages/${token}.anything/appareils/1/photo` });
    expect(photo.statusCode).toBe(404);
  });

  it('shows a foyer without a name of its own with no one’s first name, and the name it gave itself once it has one', async () => {
    const me = await signedInUser(t, 'titre-neutre@exemple.fr');
    await appliance(me, { prod_id: washer, marque: 'Bosch', modele: 'T1' });
    const token = (
      await t.app.inject({ method: 'POST', url: `${users(me.id)}/dossier/partages`, headers: me.headers, payload: { jours: 7 } })
    )
      .json()
      .lien.replace(/^.*\/partage\//, '');
    const unnamed = await t.app.inject({ url: `/api/V1/partages/${token}` });
    expect(unnamed.json().foyer).toBeNull();
    // signedInUser's first name: the founder's, which « Foyer de … » would give to anyone with the link.
    expect(unnamed.body).not.toContain('Camille');
    expect(
      (await t.app.inject({ method: 'PUT', url: `${users(me.id)}/foyer`, headers: me.headers, payload: { nom: 'Les Durand' } })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: `/api/V1/partages/${token}` })).json().foyer).toBe('Les Durand');
  });

  it('computes a link’s answer once per change of the household, and refuses (429) a link or an address read too often', async () => {
    const me = await signedInUser(t, 'lectures@exemple.fr');
    await appliance(me, { prod_id: washer, marque: 'Bosch', modele: 'L1' });
    const link = async () =>
      (await t.app.inject({ method: 'POST', url: `${users(me.id)}/dossier/partages`, headers: me.headers, payload: { jours: 7 } }))
        .json()
        .lien.replace(/^.*\/partage\//, '') as string;
    const [one, two] = [await link(), await link()];
    // A minute of its own (the limits count per clock minute), the session still valid.
    t.clock.set('2026-11-24T10:07:00Z');
    try {
      const cache = t.app.services.sharedDossiers;
      const read = (token: string, ip = '198.51.100.7') => t.app.inject({ url: `/api/V1/partages/${token}`, remoteAddress: ip });
      const misses = cache.misses;
      for (let i = 0; i < 3; i++) expect((await read(one)).json().nombre).toBe(1);
      expect(cache.misses - misses).toBe(1);
      await appliance(me, { prod_id: fridge, marque: 'Smeg', modele: 'L2' });
      expect((await read(one)).json().nombre).toBe(2);
      expect(cache.misses - misses).toBe(2);

      const { sharePerLink, sharePerIp } = t.app.deps.config.rateLimits;
      for (let i = 4; i < sharePerLink; i++) expect((await read(one, `198.51.100.${i}`)).statusCode).toBe(200);
      const tooMany = await read(one, '198.51.100.200');
      expect(tooMany.statusCode).toBe(429);
      expect(tooMany.json().message).toBe(API_MSG.shareTooManyReads);
      // Another link of the same household still opens; one address reading past its limit is refused on any link.
      expect((await read(two, '203.0.113.5')).statusCode).toBe(200);
      for (let i = 1; i < sharePerIp; i++) await read(i % 2 ? one : two, '203.0.113.5');
      const fromThere = await read(two, '203.0.113.5');
      expect(fromThere.statusCode).toBe(429);
      expect(fromThere.json().message).toBe(API_MSG.shareTooManyReads);
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.clock.set('2026-11-24T10:00:00Z');
    }
  });

  it('ends after its 7 or 30 days, refuses other lengths, is not a lecteur’s to give, and stops at 20 links', async () => {
    const me = await signedInUser(t, 'duree@exemple.fr');
    const reader = await signedInUser(t, 'lecteur-lien@exemple.fr');
    await joinFoyer(t, reader, me.id, 'lecteur');
    expect(
      (await t.app.inject({ method: 'POST', url: `${users(me.id)}/dossier/partages`, headers: me.headers, payload: { jours: 90 } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: `${users(reader.id)}/dossier/partages`, headers: reader.headers, payload: { jours: 7 } }))
        .statusCode,
    ).toBe(403);
    const month = (
      await t.app.inject({ method: 'POST', url: `${users(me.id)}/dossier/partages`, headers: me.headers, payload: { jours: 30 } })
    ).json();
    const token = month.lien.replace(/^.*\/partage\//, '');
    t.clock.set('2026-12-24T09:59:00Z');
    try {
      expect((await t.app.inject({ url: `/api/V1/partages/${token}` })).statusCode).toBe(200);
      t.clock.set('2026-12-24T10:00:01Z');
      expect((await t.app.inject({ url: `/api/V1/partages/${token}` })).statusCode).toBe(410);
    } finally {
      t.clock.set('2026-11-24T10:00:00Z');
    }
    const give = () =>
      t.app.inject({ method: 'POST', url: `${users(me.id)}/dossier/partages`, headers: me.headers, payload: { jours: 7 } });
    for (let i = 1; i < 18; i++) expect((await give()).statusCode).toBe(201);
    // 18 links, 4 asked at once: two are given, two refused — never 22 (the household's lock).
    expect((await Promise.all([give(), give(), give(), give()])).map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    expect(
      await t.app.deps.db
        .selectFrom('dossier_shares')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('foyer_id', '=', me.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 20 });
    const tooMany = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/dossier/partages`,
      headers: me.headers,
      payload: { jours: 7 },
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(API_MSG.shareTooMany);
  });
});
