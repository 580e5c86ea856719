import type { RefProduct, RefUniverse } from '@ecofoyer/contracts';
import type { RefProductRow, RefUniverseRow } from '../../db/schema.ts';
import type { ReferencesRepository } from './references.repository.ts';

export const toRefProduct = (row: RefProductRow): RefProduct => ({
  id: row.id,
  slug: row.slug,
  prodName: row.prod_name,
  pict: row.pict,
  universeSlug: row.universe_slug,
  carbonSlug: row.carbon_slug,
  repairBonusTypes: row.repair_bonus_types,
});
export const toRefUniverse = (row: RefUniverseRow): RefUniverse => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  description: row.description,
  image: row.image,
});

/**
 * Reference universes and products (loaded from the repo at start, read-only here). They never change
 * while the server runs: read once, then served from memory. A failed read is not kept.
 */
export class ReferencesService {
  private productRowsCache?: Promise<RefProductRow[]>;
  private universeRowsCache?: Promise<RefUniverseRow[]>;
  private productsCache?: Promise<RefProduct[]>;
  private universesCache?: Promise<RefUniverse[]>;

  constructor(private readonly repo: ReferencesRepository) {}

  products(): Promise<RefProduct[]> {
    return (this.productsCache ??= this.remember(
      this.productRows().then((rows) => rows.map(toRefProduct)),
      () => (this.productsCache = undefined),
    ));
  }

  universes(): Promise<RefUniverse[]> {
    return (this.universesCache ??= this.remember(
      this.universeRows().then((rows) => rows.map(toRefUniverse)),
      () => (this.universesCache = undefined),
    ));
  }

  productRows(): Promise<RefProductRow[]> {
    return (this.productRowsCache ??= this.remember(this.repo.products(), () => (this.productRowsCache = undefined)));
  }

  universeRows(): Promise<RefUniverseRow[]> {
    return (this.universeRowsCache ??= this.remember(this.repo.universes(), () => (this.universeRowsCache = undefined)));
  }

  async product(id: number): Promise<RefProductRow | undefined> {
    return (await this.productRows()).find((p) => p.id === id);
  }

  async universe(id: number): Promise<RefUniverseRow | undefined> {
    return (await this.universeRows()).find((u) => u.id === id);
  }

  /** The promise, forgotten if it fails so that the next call asks the database again. */
  private remember<T>(promise: Promise<T>, forget: () => void): Promise<T> {
    promise.catch(forget);
    return promise;
  }
}
