import { describe, expect, it } from 'vitest';
import { fieldsOf } from './identified.ts';

describe('what a scan fills in the forms', () => {
  it('takes from EPREL the brand, the model, the class, kWh a year and the number, and the type its group suggests', () => {
    const fields = fieldsOf({
      kind: 'eprel',
      product: {
        numeroEprel: '1480123',
        groupe: 'washingmachines2019',
        marque: 'Bosch',
        modele: 'WGG244Z0FR',
        classeEnergie: 'A',
        kwhAn: 114.4,
        kwhAnBase: null,
        capaciteKg: 9,
      },
    });
    expect(fields).toEqual({
      marque: 'Bosch',
      modele: 'WGG244Z0FR',
      classenergie: 'A',
      energy_kwh_year: 114.4,
      eprel_number: '1480123',
      ean: null,
      productSlug: 'lave-linge',
    });
  });
  it('takes from a barcode the brand and the product’s name in place of the model, and no type', () => {
    expect(
      fieldsOf({ kind: 'ean', product: { ean: '3540012345678', marque: 'Moulinex', nom: 'Bouilloire Subito', indiceReparabilite: 8.1 } }),
    ).toEqual({
      marque: 'Moulinex',
      modele: 'Bouilloire Subito',
      classenergie: null,
      energy_kwh_year: null,
      eprel_number: null,
      ean: '3540012345678',
      productSlug: null,
    });
  });
});
