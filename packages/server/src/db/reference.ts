import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.ts';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'reference');

interface UniverseEntry {
  slug: string;
  name: string;
  description: string;
  image: string;
}
interface ProductEntry {
  slug: string;
  prodName: string;
  pict: string;
  universe: string | null;
  carbonSlug: string | null;
  smartfixCategoryId: number | null;
  repairBonusTypes: string[];
}

const read = <T>(file: string): T[] => JSON.parse(readFileSync(path.join(DIR, file), 'utf8'));

/** Loads the reference universes and products of the repo; idempotent (upsert by slug). */
export async function loadReferenceData(db: Db): Promise<void> {
  const universes = read<UniverseEntry>('universes.json');
  const products = read<ProductEntry>('products.json');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('ref_universes')
      .values(universes.map((u, position) => ({ slug: u.slug, name: u.name, description: u.description, image: u.image, position })))
      .onConflict((oc) =>
        oc.column('slug').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          description: eb.ref('excluded.description'),
          image: eb.ref('excluded.image'),
          position: eb.ref('excluded.position'),
        })),
      )
      .execute();
    await trx
      .insertInto('ref_products')
      .values(
        products.map((p, position) => ({
          slug: p.slug,
          prod_name: p.prodName,
          pict: p.pict,
          universe_slug: p.universe,
          carbon_slug: p.carbonSlug,
          smartfix_category_id: p.smartfixCategoryId,
          repair_bonus_types: p.repairBonusTypes,
          position,
        })),
      )
      .onConflict((oc) =>
        oc.column('slug').doUpdateSet((eb) => ({
          prod_name: eb.ref('excluded.prod_name'),
          pict: eb.ref('excluded.pict'),
          universe_slug: eb.ref('excluded.universe_slug'),
          carbon_slug: eb.ref('excluded.carbon_slug'),
          smartfix_category_id: eb.ref('excluded.smartfix_category_id'),
          repair_bonus_types: eb.ref('excluded.repair_bonus_types'),
          position: eb.ref('excluded.position'),
        })),
      )
      .execute();
  });
}
