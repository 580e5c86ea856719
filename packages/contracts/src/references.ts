import { z } from 'zod';

/** product §3, Reference product. */
export const RefProduct = z.object({
  id: z.number().int(),
  /** Stable key of the reference product (products.json), used by content keyed per product. */
  slug: z.string(),
  prodName: z.string(),
  pict: z.string(),
  /** The reference universe (room) it is usually found in, by slug: the wizard offers it first there. */
  universeSlug: z.string().nullable(),
  /** The product's entry in the carbon data set (contracts/src/data/carbon.json), if any. */
  carbonSlug: z.string().nullable(),
  /** The repair-bonus product types it maps to (contracts/src/data/repair-bonus.json). */
  repairBonusTypes: z.array(z.string()),
});
export type RefProduct = z.infer<typeof RefProduct>;

export const RefUniverse = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
});
export type RefUniverse = z.infer<typeof RefUniverse>;
