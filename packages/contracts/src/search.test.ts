import { REPAIR_BONUS } from './repair-bonus.ts';
import { describe, expect, it } from 'vitest';
import products from '../../server/src/db/reference/products.json' with { type: 'json' };
import { createSearch, editDistance, normalizeForSearch } from './search.ts';

/** The catalogue's 71 product names, as the chooser and the wizard list them. */
const catalogue = createSearch(products, ['prodName']);
const names = (query: string) => catalogue(query).map((p) => p.prodName);
const bonus = createSearch(REPAIR_BONUS, ['product_type_fr', 'family_fr']);
const bonusTypes = (query: string) => bonus(query).map((r) => r.product_type_fr);

describe('one French search', () => {
  it('normalizes accents, case, hyphens and apostrophes', () => {
    expect(normalizeForSearch('  Lave-Vaisselle ')).toBe('lave vaisselle');
    expect(normalizeForSearch('Purificateur d’air')).toBe('purificateur d air');
    expect(normalizeForSearch('Réfrigérateur')).toBe('refrigerateur');
  });

  it('counts a swap of two letters as one typo', () => {
    expect(editDistance('bsoch', 'bosch', 2)).toBe(1);
    expect(editDistance('vaiselle', 'vaisselle', 2)).toBe(1);
    expect(editDistance('radiateur', 'refrigerateur', 2)).toBe(3);
  });

  it('finds a product typed without accents, with a typo, or with a space for the hyphen', () => {
    expect(names('refrigerateur')[0]).toBe('Réfrigérateur');
    expect(names('lave vaiselle')[0]).toBe('Lave-vaisselle');
    expect(names('lave linge')[0]).toBe('Lave-linge');
    expect(names('trotinette')[0]).toBe('Trottinette électrique');
  });

  it('puts the obvious match first and leaves out look-alikes', () => {
    expect(names('lave')).toEqual(['Lave-vaisselle', 'Lave-linge']);
    expect(names('lave')).not.toContain('Cave à vin');
    expect(names('télé')[0]).toBe('Téléviseur');
    expect(names('télé')).not.toContain('Sèche-linge');
    expect(names('télé')).not.toContain('Four électrique');
    expect(names('aspi')).toEqual(['Aspirateur']);
    expect(names('four')[0]).toBe('Four électrique');
  });

  it('knows the words households use: frigo, machine à laver, micro onde, pc, smartphone', () => {
    expect(names('frigo')[0]).toBe('Réfrigérateur');
    expect(names('machine a laver')[0]).toBe('Lave-linge');
    expect(names('machine à laver')[0]).toBe('Lave-linge');
    expect(names('micro onde')[0]).toBe('Micro-ondes');
    expect(names('pc')).toEqual(expect.arrayContaining(['Ordinateur portable', 'Ordinateur fixe']));
    expect(names('smartphone')[0]).toBe('Téléphone portable');
  });

  it('answers nothing rather than a wrong device', () => {
    expect(names('xylophone')).toEqual([]);
    expect(names('zz')).toEqual([]);
  });

  it('gives every item for an empty query, in their order', () => {
    expect(names('  ')).toEqual(products.map((p) => p.prodName));
  });

  it('searches a brand with a typo in the inventory, the name field first', () => {
    const inventory = createSearch(
      [
        { name: 'Lave-linge', marque: 'Bosch', modele: 'Serie 4' },
        { name: 'Four', marque: 'Siemens', modele: 'HB' },
        { name: 'Bouilloire', marque: 'Philips', modele: 'Bosch edition' },
      ],
      ['name', 'marque', 'modele'],
    );
    expect(inventory('bsoch').map((a) => a.name)).toEqual(['Lave-linge', 'Bouilloire']);
    expect(inventory('bosch').map((a) => a.name)).toEqual(['Lave-linge', 'Bouilloire']);
  });
});

describe('the repair-bonus table search', () => {
  it('finds the washing machine for « machine à laver », not the coffee machines', () => {
    expect(bonusTypes('machine à laver')[0]).toBe('Lave-linge');
    expect(bonusTypes('machine à laver')).not.toContain('Machine à café à capsule');
  });

  it('finds coffee makers, televisions, computers and phones by their everyday names', () => {
    expect(bonusTypes('cafetière')).toEqual(
      expect.arrayContaining(['Machine à café à capsule', 'Machine à café avec filtre', 'Machine à café tout automatique']),
    );
    expect(bonusTypes('expresso').length).toBeGreaterThan(0);
    expect(bonusTypes('tv')[0]).toBe('Téléviseur');
    expect(bonusTypes('pc')).toEqual(expect.arrayContaining(['Ordinateur portable', 'Ordinateur fixe / tout-en-un']));
    expect(bonusTypes('smartphone')[0]).toBe('Téléphone portable (casse écran)');
  });

  it('gives nothing for a device without a bonus, and only ovens for « four »', () => {
    expect(bonusTypes('radiateur')).toEqual([]);
    expect(bonusTypes('four').every((t) => t.startsWith('Four'))).toBe(true);
    expect(bonusTypes('four')).not.toContain('Console de jeux');
  });
});
