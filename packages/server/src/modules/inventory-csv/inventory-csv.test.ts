import {
  API_MSG,
  IMPORT_MAX_CHARS,
  INVENTORY_CSV_COLUMNS,
  InventoryImportAnswer,
  InventoryImportLine,
  MAINTENANCE_CSV_COLUMNS,
  MSG,
  TEXT_MAX,
  UNIVERSE_NAME_MAX,
} from '@ecofoyer/contracts';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { joinFoyer } from '../../../test/foyer.ts';
import { multipart } from '../../../test/multipart.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
const users = (id: number) => `/api/V1/profils/users/${id}`;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-24T10:00:00Z');
});
afterAll(async () => {
  await t.app.close();
});

const read = (body: string) => parse(body.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];

describe('CSV export of the household', () => {
  it('gives the appliances as a French spreadsheet opens them: BOM, « ; », « 24/12/2026 », « 549,90 », the guarantees and a link to each', async () => {
    const me = await signedInUser(t, 'csv@exemple.fr');
    const u = await multipart({ name: 'Buanderie' });
    const laundry = (
      await t.app.inject({
        method: 'POST',
        url: `${users(me.id)}/foyers/univers`,
        headers: { ...me.headers, ...u.headers },
        payload: u.payload,
      })
    ).json().univer_id;
    const products = (await t.app.inject({ url: '/api/V1/references/refproducts', headers: me.headers })).json() as {
      id: number;
      prodName: string;
    }[];
    const washer = products.find((p) => p.prodName === 'Lave-linge')!.id;
    const data = {
      prod_id: washer,
      marque: 'Bosch',
      modele: 'Série 6; WGG',
      numero_serie: 'SN-42',
      dt_achat: '2025-03-10',
      dt_livraison: '2025-03-14',
      prix_achat: '549,90',
      vendeur: 'Boulanger',
      garantie_commerciale_fin: '2028-03-14',
      note: '=HYPERLINK("http://exemple.invalid")',
    };
    const body = await multipart({ data: JSON.stringify(data) });
    const created = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/foyers/univers/${laundry}/appliances`,
      headers: { ...me.headers, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;

    const res = await t.app.inject({ url: `${users(me.id)}/export/appareils.csv`, headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ecofoyer-appareils-2026-11-24.csv"');
    expect(res.body.startsWith('\uFEFFUnivers;Type d’appareil;Nom;')).toBe(true);
    expect(res.body).toContain('\r\n');
    const [header, row, ...rest] = read(res.body);
    expect(header).toEqual([...INVENTORY_CSV_COLUMNS]);
    expect(rest).toEqual([]);
    expect(Object.fromEntries(header!.map((h, i) => [h, row![i]]))).toEqual({
      Univers: 'Buanderie',
      'Type d’appareil': 'Lave-linge',
      Nom: 'Lave-linge Bosch',
      Marque: 'Bosch',
      Modèle: 'Série 6; WGG',
      'Numéro de série': 'SN-42',
      'Date d’achat': '10/03/2025',
      'Date de livraison': '14/03/2025',
      'Prix d’achat (€)': '549,90',
      Vendeur: 'Boulanger',
      Occasion: 'non',
      'Classe énergétique': '',
      // 2 years from the delivery.
      'Fin de la garantie légale': '14/03/2027',
      'Fin de la garantie commerciale': '14/03/2028',
      // Data, never a formula a spreadsheet would run.
      Notes: '\'=HYPERLINK("http://exemple.invalid")',
      Panne: '',
      'Fichiers joints': '',
      'Fiche EcoFoyer': `http://localhost:3000/inventaire/univers/appliance/fichedetail?id=${id}`,
    });
  });

  it('gives the maintenance history, oldest first, planned and done, in Paris time; a breakdown with its own states', async () => {
    const me = await signedInUser(t, 'csv-entretiens@exemple.fr');
    const post = (payload: object) => t.app.inject({ method: 'POST', url: `${users(me.id)}/events`, headers: me.headers, payload });
    const done = (await post({ title: 'Détartrer la bouilloire', dt_realisation: '2026-11-20T09:00:00Z', note: 'Acide citrique' })).json()
      .id;
    expect(
      (await t.app.inject({ method: 'PUT', url: `${users(me.id)}/events/${done}`, headers: me.headers, payload: { done: true } }))
        .statusCode,
    ).toBe(200);
    expect((await post({ title: 'Le four ne chauffe plus', dt_realisation: '2026-11-22T17:30:00Z', type: 'PANNE' })).statusCode).toBe(201);
    const repaired = (await post({ title: 'La bouilloire fuit', dt_realisation: '2026-11-21T08:00:00Z', type: 'PANNE' })).json().id;
    expect(
      (await t.app.inject({ method: 'PUT', url: `${users(me.id)}/events/${repaired}`, headers: me.headers, payload: { done: true } }))
        .statusCode,
    ).toBe(200);
    expect((await post({ title: 'Nettoyer le filtre', dt_realisation: '2026-12-05T09:00:00Z' })).statusCode).toBe(201);

    const res = await t.app.inject({ url: `${users(me.id)}/export/entretiens.csv`, headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="ecofoyer-entretiens-2026-11-24.csv"');
    expect(read(res.body)).toEqual([
      [...MAINTENANCE_CSV_COLUMNS],
      ['20/11/2026 10:00', '', 'Détartrer la bouilloire', 'Entretien', 'Fait', '24/11/2026 11:00', 'Acide citrique'],
      // A breakdown is reported, then repaired: not a task planned or done.
      ['21/11/2026 09:00', '', 'La bouilloire fuit', 'Panne', 'Réparée', '24/11/2026 11:00', ''],
      ['22/11/2026 18:30', '', 'Le four ne chauffe plus', 'Panne', 'Signalée', '', ''],
      ['05/12/2026 10:00', '', 'Nettoyer le filtre', 'Entretien', 'Prévu', '', ''],
    ]);
  });

  it('gives nothing of another household (403) and nothing without a session (401)', async () => {
    const me = await signedInUser(t, 'csv-moi@exemple.fr');
    const other = await signedInUser(t, 'csv-autre@exemple.fr');
    for (const what of ['appareils', 'entretiens']) {
      expect((await t.app.inject({ url: `${users(me.id)}/export/${what}.csv`, headers: other.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url: `${users(me.id)}/export/${what}.csv` })).statusCode).toBe(401);
    }
  });

  it('imports its own export into an empty household: a preview that writes nothing, then the same data; a second import changes nothing', async () => {
    const from = await signedInUser(t, 'csv-source@exemple.fr');
    const to = await signedInUser(t, 'csv-cible@exemple.fr');
    const products = (await t.app.inject({ url: '/api/V1/references/refproducts', headers: from.headers })).json() as {
      id: number;
      prodName: string;
    }[];
    const u = await multipart({ name: 'Garage' });
    const garage = (
      await t.app.inject({
        method: 'POST',
        url: `${users(from.id)}/foyers/univers`,
        headers: { ...from.headers, ...u.headers },
        payload: u.payload,
      })
    ).json().univer_id;
    for (const data of [
      {
        prod_id: products.find((p) => p.prodName === 'Congélateur')!.id,
        marque: 'Liebherr',
        modele: 'GN 1066',
        dt_achat: '2021-06-01',
        prix_achat: 699,
        numero_serie: 'LB-1',
        classenergie: 'D',
        note: '=1+1',
      },
      {
        prod_id: products.find((p) => p.prodName === 'Lave-linge')!.id,
        name: 'Machine du garage',
        marque: 'Miele',
        modele: 'WWD 120',
        occasion: true,
        vendeur: 'Leboncoin',
      },
    ]) {
      const body = await multipart({ data: JSON.stringify(data) });
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `${users(from.id)}/foyers/univers/${garage}/appliances`,
            headers: { ...from.headers, ...body.headers },
            payload: body.payload,
          })
        ).statusCode,
      ).toBe(201);
    }
    const exported = (await t.app.inject({ url: `${users(from.id)}/export/appareils.csv`, headers: from.headers })).body;
    const importInto = (appliquer: boolean, contenu = exported) =>
      t.app.inject({ method: 'POST', url: `${users(to.id)}/import/appareils`, headers: to.headers, payload: { contenu, appliquer } });

    const preview = await importInto(false);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      applique: false,
      crees: 2,
      misAJour: 0,
      identiques: 0,
      refuses: 0,
      nouveauxUnivers: ['Garage'],
    });
    expect((await t.app.inject({ url: `${users(to.id)}/appliances`, headers: to.headers })).json()).toEqual([]);

    const applied = await importInto(true);
    expect(applied.json()).toMatchObject({ applique: true, crees: 2, refuses: 0 });
    // The same rows (created in the file's order, so listed the other way round), links and files apart.
    const without = (csv: string) =>
      read(csv)
        .map((row) => row.slice(0, -2).join(';'))
        .sort();
    const reexported = (await t.app.inject({ url: `${users(to.id)}/export/appareils.csv`, headers: to.headers })).body;
    expect(without(reexported)).toEqual(without(exported));

    expect((await importInto(true)).json()).toMatchObject({ crees: 0, misAJour: 0, identiques: 2, refuses: 0, nouveauxUnivers: [] });
    expect((await t.app.inject({ url: `${users(to.id)}/appliances`, headers: to.headers })).json()).toHaveLength(2);

    // A changed price updates the appliance it names; nothing else moves.
    const changed = exported.replace('699,00', '649,00');
    expect((await importInto(true, changed)).json()).toMatchObject({ crees: 0, misAJour: 1, identiques: 1 });
    const freezer = (
      (await t.app.inject({ url: `${users(to.id)}/appliances`, headers: to.headers })).json() as {
        marque: string;
        prix_achat: number;
        note: string;
      }[]
    ).find((a) => a.marque === 'Liebherr')!;
    expect(freezer).toMatchObject({ prix_achat: 649, note: '=1+1' });
  });

  it('writes the same file imported twice at once only once: the other import writes nothing, or finds its rows there', async () => {
    const me = await signedInUser(t, 'csv-deux-fois@exemple.fr');
    const file = ['Type d’appareil;Marque;Modèle', ...Array.from({ length: 12 }, (_, i) => `Lave-linge;Bosch;Série ${i + 1}`)].join('\r\n');
    const importIt = () =>
      t.app.inject({
        method: 'POST',
        url: `${users(me.id)}/import/appareils`,
        headers: me.headers,
        payload: { contenu: file, appliquer: true },
      });
    const answers = await Promise.all([importIt(), importIt()]);
    const created = answers.filter((a) => a.statusCode === 200 && a.json().crees === 12);
    expect(created).toHaveLength(1);
    const other = answers.find((a) => a !== created[0])!;
    // Planned before the first wrote: 409, nothing written. Planned after: every row is already there.
    if (other.statusCode === 409) expect(other.json()).toMatchObject({ code: 'INVENTORY_CHANGED', message: MSG.importInventoryChanged });
    else expect(other.json()).toMatchObject({ crees: 0, identiques: 12 });
    expect((await t.app.inject({ url: `${users(me.id)}/appliances`, headers: me.headers })).json()).toHaveLength(12);
  });

  it('says why a row is refused, row by row, and refuses a file that is no export with a French message, writing nothing', async () => {
    const me = await signedInUser(t, 'csv-refus@exemple.fr');
    const header = 'Type d’appareil;Marque;Modèle;Date d’achat;Prix d’achat (€)';
    const contenu = [
      header,
      'Lave-linge;Bosch;Série 4;12/05/2023;399,00',
      'Grille-pain magique;Seb;X;;',
      'Lave-linge;Bosch;Série 6;32/13/2023;',
      'Lave-linge;;Série 8;;',
      'Réfrigérateur;Bosch;KGN;;cher',
    ].join('\n');
    const res = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/import/appareils`,
      headers: me.headers,
      payload: { contenu, appliquer: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().lignes).toEqual([
      { ligne: 2, nom: 'Lave-linge Bosch', resultat: 'cree', raison: null },
      {
        ligne: 3,
        nom: 'Grille-pain magique Seb',
        resultat: 'refuse',
        raison: 'Type d’appareil inconnu : « Grille-pain magique ». Choisissez un type de la liste d’EcoFoyer.',
      },
      { ligne: 4, nom: 'Lave-linge Bosch', resultat: 'refuse', raison: expect.stringContaining('Date d’achat') },
      { ligne: 5, nom: 'Lave-linge', resultat: 'refuse', raison: expect.any(String) },
      {
        ligne: 6,
        nom: 'Réfrigérateur Bosch',
        resultat: 'refuse',
        raison: 'Le prix d’achat doit être un montant en euros, par exemple 349,90.',
      },
    ]);
    expect((await t.app.inject({ url: `${users(me.id)}/appliances`, headers: me.headers })).json()).toHaveLength(1);

    const notOurs = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/import/appareils`,
      headers: me.headers,
      payload: { contenu: 'Name,Quantity\nDrill,1', appliquer: true },
    });
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.json().message).toBe(
      'Ce fichier n’a pas les colonnes d’un export EcoFoyer (ni celles d’un export Homebox) : il manque « Type d’appareil », « Marque », « Modèle ».',
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${users(me.id)}/import/appareils`,
          headers: me.headers,
          payload: { contenu: '', appliquer: true },
        })
      ).statusCode,
    ).toBe(400);
    const other = await signedInUser(t, 'csv-intrus@exemple.fr');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${users(me.id)}/import/appareils`,
          headers: other.headers,
          payload: { contenu: header, appliquer: true },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a universe the form refuses (5,028 characters opening with <img onerror>) with the form’s reason, storing nothing; a short one is cleaned as the form cleans it', async () => {
    const me = await signedInUser(t, 'csv-univers-html@exemple.fr');
    const attack = `<img src=x onerror=alert(document.cookie)>${'A'.repeat(5028 - 42)}`;
    expect(attack).toHaveLength(5028);
    const contenu = [
      'Univers;Type d’appareil;Marque;Modèle',
      `${attack};Lave-linge;Bosch;Série 4`,
      '<b>Cave</b>;Réfrigérateur;Liebherr;KGN',
    ].join('\n');
    const importIt = (appliquer: boolean) =>
      t.app.inject({ method: 'POST', url: `${users(me.id)}/import/appareils`, headers: me.headers, payload: { contenu, appliquer } });

    const form = await multipart({ name: attack });
    const refusedByForm = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/foyers/univers`,
      headers: { ...me.headers, ...form.headers },
      payload: form.payload,
    });
    expect(refusedByForm.statusCode).toBe(400);
    const preview = await importIt(false);
    expect(preview.json().lignes[0]).toEqual({
      ligne: 2,
      nom: 'Lave-linge Bosch',
      resultat: 'refuse',
      raison: `Univers : ${refusedByForm.json().message}`,
    });
    expect(refusedByForm.json().message).toBe(MSG.textTooLong(UNIVERSE_NAME_MAX));
    expect(preview.json().nouveauxUnivers).toEqual(['bCave/b']);

    const applied = await importIt(true);
    expect(applied.json()).toMatchObject({ crees: 1, refuses: 1, nouveauxUnivers: ['bCave/b'] });
    const own = (
      (await t.app.inject({ url: `${users(me.id)}/foyers/univers`, headers: me.headers })).json() as { univer_id: number; name: string }[]
    ).filter((u) => u.univer_id > 0);
    // The name the form stores for the same text.
    const typed = await multipart({ name: '<b>Cave</b>' });
    const byForm = (
      await t.app.inject({
        method: 'POST',
        url: `${users(me.id)}/foyers/univers`,
        headers: { ...me.headers, ...typed.headers },
        payload: typed.payload,
      })
    ).json();
    expect(own.map((u) => u.name)).toEqual([byForm.name]);
    const list = (await t.app.inject({ url: `${users(me.id)}/appliances`, headers: me.headers })).json() as {
      marque: string;
      univer_name: string;
    }[];
    expect(list).toEqual([expect.objectContaining({ marque: 'Liebherr', univer_name: 'bCave/b' })]);
    const stored = await t.app.deps.db.selectFrom('universes').select('name').where('foyer_id', '=', me.id).execute();
    expect(stored.every((u) => u.name.length <= UNIVERSE_NAME_MAX && !/[<>]/.test(u.name))).toBe(true);
  });

  it('refuses in the preview an appliance field over the form’s limit, with the message the form gives', async () => {
    const me = await signedInUser(t, 'csv-champ-long@exemple.fr');
    const products = (await t.app.inject({ url: '/api/V1/references/refproducts', headers: me.headers })).json() as {
      id: number;
      prodName: string;
    }[];
    const u = await multipart({ name: 'Cuisine' });
    const kitchen = (
      await t.app.inject({
        method: 'POST',
        url: `${users(me.id)}/foyers/univers`,
        headers: { ...me.headers, ...u.headers },
        payload: u.payload,
      })
    ).json().univer_id;
    const seller = 'V'.repeat(TEXT_MAX + 1);
    const body = await multipart({
      data: JSON.stringify({
        prod_id: products.find((p) => p.prodName === 'Lave-linge')!.id,
        marque: 'Bosch',
        modele: 'S4',
        vendeur: seller,
      }),
    });
    const byForm = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/foyers/univers/${kitchen}/appliances`,
      headers: { ...me.headers, ...body.headers },
      payload: body.payload,
    });
    expect(byForm.statusCode).toBe(400);
    const contenu = ['Type d’appareil;Marque;Modèle;Vendeur', `Lave-linge;Bosch;S4;${seller}`].join('\n');
    const preview = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/import/appareils`,
      headers: me.headers,
      payload: { contenu, appliquer: false },
    });
    expect(preview.json().lignes).toEqual([{ ligne: 2, nom: 'Lave-linge Bosch', resultat: 'refuse', raison: byForm.json().message }]);
    expect(byForm.json().message).toBe(MSG.textTooLong(TEXT_MAX));
  });

  it('imports a Homebox export: its HB.* columns, the room at the end of the location path, the type from the name or a label', async () => {
    const me = await signedInUser(t, 'csv-homebox@exemple.fr');
    // The columns of Homebox's documented CSV (hay-kot.github.io/homebox/import-csv), as its export writes them.
    const homebox = [
      'HB.import_ref,HB.location,HB.labels,HB.asset_id,HB.name,HB.quantity,HB.description,HB.insured,HB.serial_number,HB.model_number,HB.manufacturer,HB.notes,HB.purchase_from,HB.purchase_price,HB.purchase_time,HB.lifetime_warranty,HB.warranty_expires,HB.warranty_details,HB.sold_to,HB.sold_price,HB.sold_time,HB.sold_notes',
      'a1,Maison / Cuisine,Électroménager,000-001,Lave-vaisselle Bosch,1,Silence Plus,false,SN-9,SMS4HVI33E,Bosch,"Sel tous les mois, liquide de rinçage",Darty,499.99,2024-02-10,false,2027-02-10,,,0,0001-01-01,',
      'a2,Maison / Cellier,Réfrigérateur;Froid,000-002,Frigo du cellier,1,,false,,KGN39,Liebherr,,,0,0001-01-01,false,0001-01-01,,,0,0001-01-01,',
      'a3,Maison / Bureau,Bureau,000-003,Lampe de chevet,1,,false,,L-1,Ikea,,,0,0001-01-01,false,0001-01-01,,,0,0001-01-01,',
      'a4,Maison / Garage,Outils,000-004,Scie sauteuse,1,,false,,PST 700,Bosch,,,0,0001-01-01,false,0001-01-01,,,0,0001-01-01,',
    ].join('\n');
    const res = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/import/appareils`,
      headers: me.headers,
      payload: { contenu: homebox, appliquer: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ crees: 3, refuses: 1, nouveauxUnivers: ['Cuisine', 'Cellier', 'Bureau'] });
    expect(res.json().lignes[3]).toEqual({
      ligne: 5,
      nom: 'Scie sauteuse',
      resultat: 'refuse',
      raison:
        'Type d’appareil introuvable : mettez-le dans le nom (par exemple « Lave-linge Bosch ») ou dans une étiquette, puis réimportez.',
    });
    const list = (await t.app.inject({ url: `${users(me.id)}/appliances`, headers: me.headers })).json() as {
      name: string;
      prod_name: string;
      univer_name: string;
      prix_achat: number | null;
      dt_achat: string | null;
      vendeur: string | null;
      garantie_commerciale_fin: string | null;
      note: string | null;
    }[];
    const byName = Object.fromEntries(list.map((a) => [a.name, a]));
    expect(byName['Lave-vaisselle Bosch']).toMatchObject({
      prod_name: 'Lave-vaisselle',
      univer_name: 'Cuisine',
      prix_achat: 499.99,
      dt_achat: '2024-02-10',
      vendeur: 'Darty',
      garantie_commerciale_fin: '2027-02-10',
      note: 'Sel tous les mois, liquide de rinçage\nSilence Plus',
    });
    expect(byName['Frigo du cellier']).toMatchObject({
      prod_name: 'Réfrigérateur',
      univer_name: 'Cellier',
      prix_achat: null,
      dt_achat: null,
    });
    expect(byName['Lampe de chevet']).toMatchObject({ prod_name: 'Lampe', univer_name: 'Bureau' });
    // Again: nothing twice.
    const again = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/import/appareils`,
      headers: me.headers,
      payload: { contenu: homebox, appliquer: true },
    });
    expect(again.json()).toMatchObject({ crees: 0, identiques: 3, refuses: 1 });
  });
});

describe('CSV import followed as it goes (Accept: application/x-ndjson)', () => {
  const header = 'Univers;Type d’appareil;Nom;Marque;Modèle;Numéro de série;Date d’achat;Prix d’achat (€)';
  const file = (rows: number, extra: string[] = []) =>
    [
      header,
      ...Array.from(
        { length: rows },
        (_, i) =>
          `${['Cuisine', 'Garage', 'Cave'][i % 3]};${['Lave-linge', 'Réfrigérateur', 'Four électrique'][i % 3]};;Marque ${i % 7};M-${i};SN-${i};${String((i % 28) + 1).padStart(2, '0')}/03/2021;${i},90`,
      ),
      ...extra,
    ].join('\r\n');
  const importing = (
    me: { id: number; headers: Record<string, string> },
    contenu: string,
    appliquer: boolean,
    accept = 'application/x-ndjson',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/import/appareils`,
      headers: { ...me.headers, accept },
      payload: { contenu, appliquer },
    });
  // Each line as the contract says (a line it does not describe fails the test).
  const linesOf = (body: string) =>
    body
      .split('\n')
      .filter(Boolean)
      .map((l) => InventoryImportLine.parse(JSON.parse(l)));
  /** Each phase (in the order they came) with its `fait` values as they came, and its total. */
  const progressOf = (lines: InventoryImportLine[]) => {
    const phases = new Map<string, { fait: number[]; total: number }>();
    for (const line of lines) {
      if (!('etape' in line)) continue;
      const phase = phases.get(line.etape) ?? { fait: [], total: line.total };
      phase.fait.push(line.fait);
      phases.set(line.etape, phase);
    }
    return phases;
  };

  it('streams the reading, checking and writing of 500 rows, each phase from 0 to 500 in steps of ~2 %, then the answer the JSON route gives', async () => {
    const me = await signedInUser(t, 'csv-progression@exemple.fr');
    const contenu = file(500);
    const json = await importing(me, contenu, false, 'application/json');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);

    const preview = await importing(me, contenu, false);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const previewLines = linesOf(preview.body);
    expect(previewLines.at(-1)).toEqual({ resultat: json.json() });
    expect(previewLines.filter((l) => !('etape' in l))).toHaveLength(1);
    const previewPhases = progressOf(previewLines);
    expect([...previewPhases.keys()]).toEqual(['lecture', 'verification']);
    for (const { fait, total } of previewPhases.values()) {
      expect(total).toBe(500);
      expect(fait[0]).toBe(0);
      expect(fait.at(-1)).toBe(500);
      expect(fait.every((n, i) => i === 0 || n > fait[i - 1]!)).toBe(true);
      // Every 10 rows (2 % of 500): 51 lines, not one a row.
      expect(fait).toHaveLength(51);
    }
    expect((await t.app.inject({ url: `${users(me.id)}/appliances`, headers: me.headers })).json()).toEqual([]);

    const applied = await importing(me, contenu, true);
    const appliedLines = linesOf(applied.body);
    expect(appliedLines.at(-1)).toEqual({ resultat: { ...json.json(), applique: true } });
    const writing = progressOf(appliedLines).get('ecriture')!;
    expect(writing.total).toBe(500);
    expect(writing.fait.at(-1)).toBe(500);
    expect(writing.fait.every((n, i) => i === 0 || n > writing.fait[i - 1]!)).toBe(true);
    expect((await t.app.inject({ url: `${users(me.id)}/appliances`, headers: me.headers })).json()).toHaveLength(500);

    // Again: nothing to write, so no writing phase; nothing created twice. Compressed for a client that asks.
    const compressed = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/import/appareils`,
      headers: { ...me.headers, accept: 'application/x-ndjson', 'accept-encoding': 'gzip' },
      payload: { contenu, appliquer: true },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    const again = linesOf(gunzipSync(compressed.rawPayload).toString('utf8'));
    expect(again.at(-1)).toMatchObject({ resultat: { crees: 0, identiques: 500 } });
    expect(progressOf(again).has('ecriture')).toBe(false);
  });

  it('rolls the whole import back when a row fails while being written, and says so on the last line', async () => {
    const me = await signedInUser(t, 'csv-progression-echec@exemple.fr');
    // A NUL character passes the form's rules but no PostgreSQL text column takes it: the 301st write fails.
    const res = await importing(me, file(300, ['Salon;Lave-linge;;Bosch;Série\u00004;SN-X;;']), true);
    expect(res.statusCode).toBe(200);
    const lines = linesOf(res.body);
    expect(lines.at(-1)).toEqual({
      erreur: { message: 'L’import n’a pas pu se faire : rien n’a été enregistré. Réessayez dans un instant.' },
    });
    // It failed while writing, after writes had been made in the transaction.
    expect(progressOf(lines).get('ecriture')!.fait.at(-1)).toBeGreaterThan(0);
    expect((await t.app.inject({ url: `${users(me.id)}/appliances`, headers: me.headers })).json()).toEqual([]);
    const universes = (await t.app.inject({ url: `${users(me.id)}/foyers/univers`, headers: me.headers })).json() as {
      univer_id: number;
    }[];
    expect(universes.filter((u) => u.univer_id > 0)).toEqual([]);
  });

  it('answers a file it cannot take with the JSON 400, before any progress', async () => {
    const me = await signedInUser(t, 'csv-progression-400@exemple.fr');
    const res = await importing(me, 'Name,Quantity\nDrill,1', true);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().message).toContain('il manque « Type d’appareil »');
    const tooMany = await importing(me, file(10_001), false);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Ce fichier a plus de 10 000 lignes : découpez-le en plusieurs fichiers.');
  });

  it('compares a file with an inventory read in several pages: 1,001 rows imported, then the same file again changes nothing', async () => {
    const me = await signedInUser(t, 'csv-pages@exemple.fr');
    const first = await importing(me, file(1001), true, 'application/json');
    expect([first.statusCode, first.json().crees]).toEqual([200, 1001]);
    const again = await importing(me, file(1001), false, 'application/json');
    expect(again.json()).toMatchObject({ crees: 0, misAJour: 0, identiques: 1001, refuses: 0 });
  });

  it('checks the request on the import’s thread as the route’s schema would: the same 400s, the same answer’s shape, nothing written', async () => {
    const me = await signedInUser(t, 'csv-requete@exemple.fr');
    const raw = (payload: string, accept = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: `${users(me.id)}/import/appareils`,
        headers: { ...me.headers, accept, 'content-type': 'application/json' },
        payload,
      });
    for (const accept of ['application/json', 'application/x-ndjson']) {
      const broken = await raw('{"contenu": "Type', accept);
      expect(broken.statusCode).toBe(400);
      expect(broken.headers['content-type']).toMatch(/^application\/json/);
      expect(broken.json()).toEqual({ message: API_MSG.invalidJson, code: 'INVALID_JSON' });
      const empty = await raw('', accept);
      expect([empty.statusCode, empty.json().code]).toEqual([400, 'INVALID_JSON']);
    }
    const noFile = await raw(JSON.stringify({ contenu: '', appliquer: true }));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({
      code: 'VALIDATION',
      message: MSG.importEmpty,
      errors: [{ path: 'body.contenu', message: MSG.importEmpty }],
    });
    const noChoice = await raw(JSON.stringify({ contenu: 'Type d’appareil;Marque;Modèle' }));
    expect(noChoice.statusCode).toBe(400);
    expect(noChoice.json().errors).toEqual([{ path: 'body.appliquer', message: API_MSG.invalidInput }]);
    const notAnObject = await raw('[1, 2]');
    expect([notAnObject.statusCode, notAnObject.json().code]).toEqual([400, 'VALIDATION']);
    const tooLarge = await raw(JSON.stringify({ contenu: 'x'.repeat(IMPORT_MAX_CHARS + 1), appliquer: false }));
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toBe(MSG.importTooLarge);
    // A text JSON allows and the database refuses (a lone surrogate) reads as « � », as in every other form.
    const lone = await raw(
      JSON.stringify({ contenu: 'Type d’appareil;Marque;Modèle;Notes\r\nLave-linge;Bosch;WGG;note \ud800 fin', appliquer: true }),
    );
    expect(lone.statusCode).toBe(200);
    // The answer the thread serialised is the contract's, field for field.
    expect(InventoryImportAnswer.strict().parse(lone.json())).toEqual({
      applique: true,
      lignes: [{ ligne: 2, nom: 'Lave-linge Bosch', resultat: 'cree', raison: null }],
      crees: 1,
      misAJour: 0,
      identiques: 0,
      refuses: 0,
      nouveauxUnivers: [],
    });
    const stored = (await t.app.inject({ url: `${users(me.id)}/appliances`, headers: me.headers })).json() as { note: string }[];
    expect(stored.map((a) => a.note)).toEqual(['note \uFFFD fin']);
  });
});

describe('CSV import run by the job runner (decision 028), and the household’s last import', () => {
  const lines = (n: number, model = 'Série') =>
    ['Type d’appareil;Marque;Modèle', ...Array.from({ length: n }, (_, i) => `Lave-linge;Bosch;${model} ${i + 1}`)].join('\r\n');
  const apply = (me: { id: number; headers: Record<string, string> }, contenu: string, accept = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/import/appareils`,
      headers: { ...me.headers, accept },
      payload: { contenu, appliquer: true },
    });
  const last = (me: { id: number; headers: Record<string, string> }) =>
    t.app.inject({ url: `${users(me.id)}/import/appareils/dernier`, headers: me.headers });
  const count = async (me: { id: number; headers: Record<string, string> }) =>
    ((await t.app.inject({ url: `${users(me.id)}/appliances`, headers: me.headers })).json() as unknown[]).length;
  /** The import jobs of a household's imports. */
  const importJobs = (foyerId: number) =>
    t.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'inventory.import')
      .where(sql<string>`payload->>'id'`, 'in', t.db.selectFrom('inventory_imports').select('id').where('foyer_id', '=', foyerId))
      .orderBy('id')
      .execute();
  const importRows = (foyerId: number) => t.db.selectFrom('inventory_imports').selectAll().where('foyer_id', '=', foyerId).execute();
  /** What a process killed mid-import leaves: the import waiting with its file, its job held by a process that is gone. */
  const leftByADeadProcess = async (foyerId: number, contenu: string) => {
    const id = crypto.randomUUID();
    await t.db
      .insertInto('inventory_imports')
      .values({
        id,
        foyer_id: foyerId,
        requested_by: foyerId,
        status: 'en_cours',
        step: 'ecriture',
        done: 6,
        total: 12,
        file: new TextEncoder().encode(contenu),
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .execute();
    const job = await t.app.deps.runner.enqueue('inventory.import', { id });
    await t.db
      .updateTable('jobs')
      .set({ lease_owner: 'killed', lease_until: new Date(t.clock.now().getTime() + 60_000), attempts: 1 })
      .where('id', '=', job!)
      .execute();
    return { id, job: job! };
  };

  it('answers 204 before any import, then the last one: done with its counts, or failed with its French reason', async () => {
    const me = await signedInUser(t, 'csv-dernier@exemple.fr');
    const none = await last(me);
    expect([none.statusCode, none.body]).toEqual([204, '']);
    t.clock.set('2026-11-24T10:00:00Z');
    expect((await apply(me, lines(3))).json()).toMatchObject({ crees: 3 });
    const done = await last(me);
    expect(done.headers['cache-control']).toBe('no-store');
    expect(done.json()).toEqual({
      etat: 'fait',
      debut: '2026-11-24T10:00:00.000Z',
      fin: '2026-11-24T10:00:00.000Z',
      resultat: { crees: 3, misAJour: 0 },
    });
    // The file is not kept once the import is done, nor the answer once the request has it.
    expect(await importRows(me.id)).toEqual([expect.objectContaining({ status: 'fait', file: null, answer: null })]);

    const refused = await apply(me, 'Name,Quantity\nDrill,1');
    expect(refused.statusCode).toBe(400);
    expect((await last(me)).json()).toEqual({
      etat: 'echec',
      debut: '2026-11-24T10:00:00.000Z',
      fin: '2026-11-24T10:00:00.000Z',
      erreur: { message: refused.json().message },
    });
    // Only the last import is kept.
    expect(await importRows(me.id)).toEqual([expect.objectContaining({ status: 'echec', file: null })]);
    // A preview is no import of the household's: the last one stays.
    await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/import/appareils`,
      headers: me.headers,
      payload: { contenu: lines(1), appliquer: false },
    });
    expect((await last(me)).json()).toMatchObject({ etat: 'echec' });
  });

  it('is read by every member, a lecteur too, and by no one outside the household', async () => {
    const owner = await signedInUser(t, 'csv-dernier-foyer@exemple.fr');
    const reader = await signedInUser(t, 'csv-dernier-lecteur@exemple.fr');
    const stranger = await signedInUser(t, 'csv-dernier-etranger@exemple.fr');
    await joinFoyer(t, reader, owner.id, 'lecteur');
    expect((await apply(owner, lines(2))).statusCode).toBe(200);
    const read = await last(reader);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ etat: 'fait', resultat: { crees: 2, misAJour: 0 } });
    expect((await t.app.inject({ url: `${users(owner.id)}/import/appareils/dernier`, headers: stranger.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${users(owner.id)}/import/appareils/dernier` })).statusCode).toBe(401);
    // The stranger's own household has none.
    expect((await last(stranger)).statusCode).toBe(204);
  });

  it('runs an import left by a process killed mid-import at the restart, once, and shows it running until then', async () => {
    const me = await signedInUser(t, 'csv-tue@exemple.fr');
    t.clock.set('2026-11-24T10:00:00Z');
    const { id, job } = await leftByADeadProcess(me.id, lines(12));
    expect((await last(me)).json()).toEqual({
      etat: 'en_cours',
      debut: '2026-11-24T10:00:00.000Z',
      fin: null,
      etape: 'ecriture',
      fait: 6,
      total: 12,
    });
    // Held by the dead process: no worker takes it before its lease ends…
    await t.app.deps.runner.drain();
    expect(await count(me)).toBe(0);
    // …or, on PGlite (one process per database), at the start of the next process.
    expect(await t.app.deps.runner.releaseLeases()).toBe(1);
    await t.app.deps.runner.drain();
    expect(await count(me)).toBe(12);
    expect((await last(me)).json()).toMatchObject({ etat: 'fait', resultat: { crees: 12, misAJour: 0 } });
    expect(await importJobs(me.id)).toEqual([
      expect.objectContaining({ id: job, attempts: 2, done_at: expect.any(Date), failed_at: null }),
    ]);
    expect((await t.db.selectFrom('inventory_imports').select('file').where('id', '=', id).executeTakeFirstOrThrow()).file).toBeNull();
  });

  it('writes nothing again when its job runs again after the import was written (killed between its commit and the job’s end)', async () => {
    const me = await signedInUser(t, 'csv-deja-fait@exemple.fr');
    expect((await apply(me, lines(5))).json()).toMatchObject({ crees: 5 });
    const [job] = await importJobs(me.id);
    // The transaction that wrote the rows marked the import done; the job itself was still held.
    await t.db
      .updateTable('jobs')
      .set({ done_at: null, lease_owner: 'killed', lease_until: new Date(t.clock.now().getTime() + 60_000) })
      .where('id', '=', job!.id)
      .execute();
    expect(await t.app.deps.runner.releaseLeases()).toBe(1);
    await t.app.deps.runner.drain();
    expect(await count(me)).toBe(5);
    expect((await importJobs(me.id))[0]).toMatchObject({ attempts: 2, done_at: expect.any(Date), failed_at: null });
    expect((await last(me)).json()).toMatchObject({ etat: 'fait', resultat: { crees: 5, misAJour: 0 } });
  });

  it('runs an import once when two replicas’ runners look for it at the same time', async () => {
    const me = await signedInUser(t, 'csv-deux-repliques@exemple.fr');
    const { job } = await leftByADeadProcess(me.id, lines(40));
    await t.db.updateTable('jobs').set({ lease_owner: null, lease_until: null, attempts: 0 }).where('id', '=', job).execute();
    const other = await replica();
    try {
      await Promise.all([t.app.deps.runner.drain(), other.deps.runner.drain()]);
    } finally {
      await other.close();
    }
    expect(await count(me)).toBe(40);
    expect(await importJobs(me.id)).toEqual([expect.objectContaining({ attempts: 1, done_at: expect.any(Date) })]);
    expect((await last(me)).json()).toMatchObject({ etat: 'fait', resultat: { crees: 40 } });
  });

  it('answers a request whose import another replica ran: its progress and its answer read from the import’s row', async () => {
    const me = await signedInUser(t, 'csv-autre-replique@exemple.fr');
    const other = await replica();
    // This process's worker loses the race for the job to the other replica's.
    const runNow = vi.spyOn(t.app.deps.runner, 'runNow').mockResolvedValue();
    try {
      const answer = apply(me, lines(300), 'application/x-ndjson');
      await until(async () => (await importJobs(me.id)).length === 1, 'the import’s job');
      await other.deps.runner.drain();
      const res = await answer;
      expect(res.statusCode).toBe(200);
      const got = res.body
        .split('\n')
        .filter(Boolean)
        .map((l) => InventoryImportLine.parse(JSON.parse(l)));
      expect(got.at(-1)).toMatchObject({ resultat: { applique: true, crees: 300, refuses: 0 } });
      expect(runNow).toHaveBeenCalledOnce();
    } finally {
      runNow.mockRestore();
      await other.close();
    }
    expect(await count(me)).toBe(300);
    // Taken by the request that waited for it.
    expect(await importRows(me.id)).toEqual([expect.objectContaining({ status: 'fait', answer: null })]);
  });
});

/** A second replica: the same database and clock, its own process state (its runner, its job pool). */
async function replica(): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: t.dataDir,
    JWT_SECRET: t.config.jwtSecret,
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    APP_URL: t.config.appUrl,
    RAPPELCONSO_URL: '',
    EPREL_API_URL: 'off',
    OPF_API_URL: 'off',
  });
  const app = await buildApp({ config, db: t.db, clock: t.clock, logger: false });
  await app.ready();
  return app;
}

/** Polls `check` until it is true (a condition, not a fixed sleep). */
async function until(check: () => Promise<boolean>, what: string) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > 20_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
