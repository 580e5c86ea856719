import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
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

interface CardEntry {
  slug: string;
  product: string;
  title: string;
  duration: number;
  waitMinutes?: number;
  frequency: number;
  season?: { from: number; to: number; label: string };
  level: string;
  steps: { title: string; detail: string; video: string | null }[];
  agents: { slug: string; name: string; volume: string; count: number }[];
}

const read = <T>(file: string): T[] => {
  const full = path.join(DIR, file);
  return existsSync(full) ? JSON.parse(readFileSync(full, 'utf8')) : [];
};

/** The reference products of the repo (slug, name…), as the modules that key content by slug need them. */
export const referenceProducts = (): ProductEntry[] => read<ProductEntry>('products.json');

/**
 * What the loaded reference data was made from: the repo's files and this loader's revision (raise
 * it when the loader writes differently). Equal to the stored one: nothing to load (so a start
 * no longer rewrites 40 cards and their steps).
 */
const LOADER_REVISION = 1;
const SOURCES = ['universes.json', 'products.json', 'badges.json', 'maintenance-cards.json'];
export function referenceFingerprint(): string {
  const hash = createHash('sha256').update(`loader ${LOADER_REVISION}\n`);
  for (const file of SOURCES) {
    const full = path.join(DIR, file);
    hash.update(`${file}\n`).update(existsSync(full) ? readFileSync(full) : '');
  }
  return hash.digest('hex');
}

/** Loads the reference universes and products of the repo when they changed; idempotent (upsert by slug). */
export async function loadReferenceData(db: Db): Promise<void> {
  const fingerprint = referenceFingerprint();
  const stored = await db.selectFrom('reference_data').select('fingerprint').executeTakeFirst();
  if (stored?.fingerprint === fingerprint) return;
  const universes = read<UniverseEntry>('universes.json');
  const products = read<ProductEntry>('products.json');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('reference_data').execute();
    await trx.insertInto('reference_data').values({ fingerprint }).execute();
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

    const badges = read<{
      slug: string;
      name: string;
      description: string;
      rule: { kind: string; threshold: number };
      bonus: { description: string; link?: string | null } | null;
    }>('badges.json');
    if (badges.length > 0) {
      await trx
        .insertInto('ref_badges')
        .values(
          badges.map((b, position) => ({
            slug: b.slug,
            name: b.name,
            description: b.description,
            pict: `/ref/badges/${b.slug}.svg`,
            rule_kind: b.rule.kind,
            rule_threshold: b.rule.threshold,
            bonus_description: b.bonus?.description ?? null,
            bonus_link: b.bonus?.link ?? null,
            position,
          })),
        )
        .onConflict((oc) =>
          oc.column('slug').doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            description: eb.ref('excluded.description'),
            pict: eb.ref('excluded.pict'),
            rule_kind: eb.ref('excluded.rule_kind'),
            rule_threshold: eb.ref('excluded.rule_threshold'),
            bonus_description: eb.ref('excluded.bonus_description'),
            bonus_link: eb.ref('excluded.bonus_link'),
            position: eb.ref('excluded.position'),
          })),
        )
        .execute();
    }

    // Maintenance cards: upserted by slug; their steps and products are replaced as a whole.
    const cards = read<CardEntry>('maintenance-cards.json');
    if (cards.length === 0) return;
    const productIds = new Map((await trx.selectFrom('ref_products').select(['id', 'slug']).execute()).map((p) => [p.slug, p.id]));
    const rows = await trx
      .insertInto('maintenance_cards')
      .values(
        cards.map((c, position) => {
          const prodId = productIds.get(c.product);
          if (!prodId) throw new Error(`maintenance card ${c.slug}: unknown product ${c.product}`);
          return {
            slug: c.slug,
            prod_id: prodId,
            title: c.title,
            duration: c.duration,
            frequency: c.frequency,
            level: c.level,
            position,
            wait_minutes: c.waitMinutes ?? null,
            season_from: c.season?.from ?? null,
            season_to: c.season?.to ?? null,
            season_label: c.season?.label ?? null,
          };
        }),
      )
      .onConflict((oc) =>
        oc.column('slug').doUpdateSet((eb) => ({
          prod_id: eb.ref('excluded.prod_id'),
          title: eb.ref('excluded.title'),
          duration: eb.ref('excluded.duration'),
          frequency: eb.ref('excluded.frequency'),
          level: eb.ref('excluded.level'),
          position: eb.ref('excluded.position'),
          wait_minutes: eb.ref('excluded.wait_minutes'),
          season_from: eb.ref('excluded.season_from'),
          season_to: eb.ref('excluded.season_to'),
          season_label: eb.ref('excluded.season_label'),
        })),
      )
      .returning(['id', 'slug'])
      .execute();
    const ids = new Map(rows.map((r) => [r.slug, r.id]));
    const cardIds = [...ids.values()];
    await trx.deleteFrom('maintenance_steps').where('card_id', 'in', cardIds).execute();
    await trx.deleteFrom('maintenance_agents').where('card_id', 'in', cardIds).execute();
    const steps = cards.flatMap((c) =>
      c.steps.map((s, i) => ({
        card_id: ids.get(c.slug) as number,
        steporder: i + 1,
        title: s.title,
        detail: s.detail,
        video: s.video ?? null,
      })),
    );
    const agents = cards.flatMap((c) =>
      c.agents.map((a, i) => ({
        card_id: ids.get(c.slug) as number,
        position: i,
        slug: a.slug,
        name: a.name,
        pict: `/ref/agents/${a.slug}.svg`,
        volume: a.volume,
        count: a.count,
      })),
    );
    if (steps.length) await trx.insertInto('maintenance_steps').values(steps).execute();
    if (agents.length) await trx.insertInto('maintenance_agents').values(agents).execute();
  });
}
