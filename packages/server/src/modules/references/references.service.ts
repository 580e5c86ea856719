import type { RefProduct, RefUniverse } from '@ecofoyer/contracts';
import type { RefProductRow, RefUniverseRow } from '../../db/schema.ts';
import type { ReferencesRepository } from './references.repository.ts';

export const toRefProduct = (row: RefProductRow): RefProduct => ({ id: row.id, slug: row.slug, prodName: row.prod_name, pict: row.pict, carbonSlug: row.carbon_slug, repairBonusTypes: row.repair_bonus_types });
export const toRefUniverse = (row: RefUniverseRow): RefUniverse => ({
  id: row.id,
  name: row.name,
  description: row.description,
  image: row.image,
});

/** Reference universes and products (loaded from the repo at start, read-only here). */
export class ReferencesService {
  constructor(private readonly repo: ReferencesRepository) {}

  async products(): Promise<RefProduct[]> {
    return (await this.repo.products()).map(toRefProduct);
  }

  async universes(): Promise<RefUniverse[]> {
    return (await this.repo.universes()).map(toRefUniverse);
  }

  productRows() {
    return this.repo.products();
  }

  universeRows() {
    return this.repo.universes();
  }

  product(id: number) {
    return this.repo.product(id);
  }

  universe(id: number) {
    return this.repo.universe(id);
  }
}
