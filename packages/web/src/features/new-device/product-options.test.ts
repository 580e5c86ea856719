import type { RefProduct, RefUniverse } from '@ecofoyer/contracts';
import type { ComboboxItem, ComboboxItemGroup } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import catalogue from '../../../../server/src/db/reference/products.json' with { type: 'json' };
import universes from '../../../../server/src/db/reference/universes.json' with { type: 'json' };
import { productOptions, roomOf, searchProductOptions } from './product-options.ts';

const products: RefProduct[] = catalogue.map((p, i) => ({
  id: i + 1,
  slug: p.slug,
  prodName: p.prodName,
  pict: p.pict,
  universeSlug: p.universe,
  carbonSlug: p.carbonSlug,
  repairBonusTypes: p.repairBonusTypes,
}));
const rooms: RefUniverse[] = universes.map((u, i) => ({
  id: i + 1,
  slug: u.slug,
  name: u.name,
  description: u.description,
  image: u.image,
}));
const kitchen = rooms.find((r) => r.slug === 'cuisine')!;
const labels = (items: (ComboboxItem | ComboboxItemGroup<ComboboxItem>)[]) =>
  items.flatMap((o) => ('group' in o ? o.items : [o])).map((o) => o.label);

describe('the wizard’s « Type de produit »', () => {
  it('lists the kitchen’s products first, then the others, each in French alphabetical order', () => {
    const options = productOptions(products, kitchen) as ComboboxItemGroup<ComboboxItem>[];
    expect(options.map((g) => g.group)).toEqual(['Souvent dans « Cuisine »', 'Autres appareils']);
    const first = options[0]!.items.map((o) => o.label);
    expect(first).toContain('Réfrigérateur');
    expect(first).not.toContain('Tondeuse à gazon');
    expect(first).toEqual([...first].sort((a, b) => a.localeCompare(b, 'fr')));
    expect(options[1]!.items.map((o) => o.label)).toContain('Tondeuse à gazon');
    expect(labels(options)).toHaveLength(products.length);
  });

  it('finds the room of a universe made from it, or named like it', () => {
    expect(roomOf({ refuniver_id: kitchen.id, name: 'Ma cuisine' }, rooms)?.slug).toBe('cuisine');
    expect(roomOf({ refuniver_id: null, name: 'cuisine' }, rooms)?.slug).toBe('cuisine');
    expect(roomOf({ refuniver_id: null, name: 'Grenier' }, rooms)).toBeNull();
    expect(labels(productOptions(products, null))[0]).toBe('Appareil à raclette');
  });

  it('finds « refrigerateur » and « lave vaiselle » as the chooser does, across the groups', () => {
    const options = productOptions(products, kitchen);
    const search = (text: string) =>
      labels(searchProductOptions({ options, search: text, limit: Number.POSITIVE_INFINITY }) as ComboboxItem[]);
    expect(search('refrigerateur')[0]).toBe('Réfrigérateur');
    expect(search('lave vaiselle')[0]).toBe('Lave-vaisselle');
    expect(search('frigo')[0]).toBe('Réfrigérateur');
    expect(search('tondeuse')[0]).toBe('Tondeuse à gazon');
    expect(search('')).toHaveLength(products.length);
  });
});
