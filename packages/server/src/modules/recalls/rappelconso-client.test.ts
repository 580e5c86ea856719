import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toSheet } from './rappelconso-client.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/rappelconso');
const [bosch] = JSON.parse(readFileSync(path.join(fixtures, 'page-1.json'), 'utf8')).results as Record<string, unknown>[];

describe('a RappelConso record read as a sheet', () => {
  it('keeps the id, brand, references, GTINs, wording and link of a V2 record', () => {
    expect(toSheet(bosch!)).toEqual({
      sheetId: '2026-11-0142',
      title: 'Lave-linge bosch série 6',
      brand: 'bosch',
      models: 'série 6 wgg24409ff / wgg244a9ff',
      gtins: ['04242005238613', '04242005238620'],
      risk: "Risque d'incendie, brûlures.",
      whatToDo: "Ne plus utiliser le produit. Débrancher l'appareil. Contacter le service consommateur.",
      link: 'https://rappel.conso.gouv.fr/fiche-rappel/18427/interne',
      publishedAt: new Date('2026-11-18T10:12:00Z'),
    });
  });

  it('reads the multivalued fields when the API answers lists', () => {
    const sheet = toSheet({
      ...bosch,
      gtin: undefined,
      identification_produits: [
        '4242005238613',
        'fd 2209',
        'non concerné',
        '',
        '',
        '|4242005238620',
        'lot 12345678',
        'non concerné',
        '',
        '',
      ],
      conduites_a_tenir_par_le_consommateur: ['ne plus utiliser le produit', 'rapporter le produit au point de vente'],
      modeles_ou_references: ['wgg24409ff', 'wgg244a9ff'],
    });
    expect(sheet).toMatchObject({
      gtins: ['04242005238613', '04242005238620'],
      whatToDo: 'Ne plus utiliser le produit. Rapporter le produit au point de vente.',
      models: 'wgg24409ff\nwgg244a9ff',
    });
  });

  it('never links elsewhere than an https address, and skips a record without number or date', () => {
    expect(toSheet({ ...bosch, lien_vers_la_fiche_rappel: 'javascript:alert(1)' })?.link).toBe('https://rappel.conso.gouv.fr/');
    expect(toSheet({ ...bosch, numero_fiche: undefined, id: 18427 })?.sheetId).toBe('18427');
    expect(toSheet({ ...bosch, numero_fiche: undefined, id: undefined })).toBeNull();
    expect(toSheet({ ...bosch, date_publication: 'hier' })).toBeNull();
  });
});
