import { describe, expect, it } from 'vitest';
import type { RefProductRow, RefUniverseRow } from '../../db/schema.ts';
import type { ReferencesRepository } from './references.repository.ts';
import { ReferencesService } from './references.service.ts';

const product = {
  id: 7,
  slug: 'lave-linge',
  prod_name: 'Lave-linge',
  pict: null,
  universe_slug: 'buanderie',
  carbon_slug: 'lave-linge',
  repair_bonus_types: [],
} as unknown as RefProductRow;
const universe = { id: 3, slug: 'buanderie', name: 'Buanderie', description: '', image: null, position: 1 } as unknown as RefUniverseRow;

/** Counts the database reads; the first one fails when asked to. */
function countingRepo(failFirst = false) {
  const reads = { products: 0, universes: 0 };
  const repo = {
    products: async () => {
      reads.products += 1;
      if (failFirst && reads.products === 1) throw new Error('base indisponible');
      return [product];
    },
    universes: async () => {
      reads.universes += 1;
      return [universe];
    },
  } as unknown as ReferencesRepository;
  return { reads, repo };
}

describe('reference data served from memory', () => {
  it('reads products and universes once, whatever the number of requests and lookups', async () => {
    const { reads, repo } = countingRepo();
    const service = new ReferencesService(repo);
    for (let i = 0; i < 5; i++) {
      expect(await service.products()).toEqual([
        {
          id: 7,
          slug: 'lave-linge',
          prodName: 'Lave-linge',
          pict: null,
          universeSlug: 'buanderie',
          carbonSlug: 'lave-linge',
          repairBonusTypes: [],
        },
      ]);
      expect((await service.product(7))?.prod_name).toBe('Lave-linge');
      expect(await service.product(8)).toBeUndefined();
      expect((await service.universe(3))?.name).toBe('Buanderie');
      expect(await service.universes()).toHaveLength(1);
    }
    expect(reads).toEqual({ products: 1, universes: 1 });
  });

  it('does not keep a failed read: the next request asks the database again', async () => {
    const { reads, repo } = countingRepo(true);
    const service = new ReferencesService(repo);
    await expect(service.products()).rejects.toThrow('base indisponible');
    expect(await service.products()).toHaveLength(1);
    expect(reads.products).toBe(2);
  });
});
