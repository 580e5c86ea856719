import { z } from 'zod';
import categories from './data/smartfix-categories.json' with { type: 'json' };
import { TEXT_MAX } from './constants.ts';
import { MSG } from './messages.fr.ts';
import { SMARTFIX_CATEGORY_KEYWORDS, SMARTFIX_CATEGORY_PLURALS, SMARTFIX_KINDS } from './smartfix-kinds.ts';
import { percentFr } from './typography.ts';

export { SMARTFIX_KINDS, type SmartfixKind, smartfixKindOfProduct } from './smartfix-kinds.ts';

/**
 * product §3, Smart-fix categories: the 40 Open Repair Data Standard categories (ORDS v0.3, Open Repair
 * Alliance, CC BY-SA 4.0), French names translated by the project under the same licence.
 */
export const SMARTFIX_CATEGORIES: { id: number; name: string; nameEn: string }[] = (
  categories as { id: number; name_en: string; name_fr: string }[]
).map((c) => ({
  id: c.id,
  name: c.name_fr,
  nameEn: c.name_en,
}));

const SmartfixKindSchema = z.object({ id: z.string(), name: z.string(), plural: z.string(), keywords: z.array(z.string()) });

/**
 * GET V1/smartfix/categories item: API.md's {id, name}, plus the plural used in the
 * result, the everyday words the search also matches and the finer kinds of the category.
 */
export const SmartfixCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  plural: z.string(),
  keywords: z.array(z.string()),
  kinds: z.array(SmartfixKindSchema),
});
export type SmartfixCategory = z.infer<typeof SmartfixCategory>;

/** The categories with their kinds, as GET V1/smartfix/categories answers them. */
export const smartfixCategoryList = (): SmartfixCategory[] =>
  SMARTFIX_CATEGORIES.map(({ id, name }) => ({
    id,
    name,
    plural: SMARTFIX_CATEGORY_PLURALS[id] ?? name.toLowerCase(),
    keywords: SMARTFIX_CATEGORY_KEYWORDS[id] ?? [],
    kinds: SMARTFIX_KINDS.filter((k) => k.categoryId === id).map(({ id: kindId, name: kindName, plural, keywords }) => ({
      id: kindId,
      name: kindName,
      plural,
      keywords,
    })),
  }));

/** product §5: the age is digits only (years). */
export const SMARTFIX_AGE_PATTERN = /^\d{1,3}$/;
/** Repair records hold almost no device older than this; beyond it the form refuses. */
export const SMARTFIX_AGE_MAX = 50;

/** POST V1/smartfix/predict (product §3, Smart-fix request). */
export const SmartfixRequest = z
  .object({
    product_category_id: z.coerce
      .number({ error: MSG.smartfixCategoryInvalid })
      .int({ error: MSG.smartfixCategoryInvalid })
      .min(1, { error: MSG.smartfixCategoryInvalid })
      .max(40, { error: MSG.smartfixCategoryInvalid }),
    brand: z
      .string()
      .trim()
      .max(100, { error: MSG.textTooLong(100) })
      .nullish()
      .transform((v) => v ?? ''),
    product_age: z
      .union([z.number(), z.string().trim().regex(SMARTFIX_AGE_PATTERN, { error: MSG.smartfixAgeDigits })], {
        error: MSG.smartfixAgeDigits,
      })
      .transform((v) => Number(v))
      .pipe(
        z
          .number()
          .int({ error: MSG.smartfixAgeDigits })
          .min(0, { error: MSG.smartfixAgeDigits })
          .max(SMARTFIX_AGE_MAX, { error: MSG.smartfixAgeTooOld }),
      )
      .nullish(),
    problem: z
      .string()
      .trim()
      .max(TEXT_MAX, { error: MSG.textTooLong(TEXT_MAX) })
      .nullish()
      .transform((v) => v ?? ''),
    /** A finer kind of the category, to compare like with like (SMARTFIX_KINDS id), optional. */
    kind: z
      .string()
      .trim()
      .max(40)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((body, ctx) => {
    if (body.kind && !SMARTFIX_KINDS.some((k) => k.id === body.kind && k.categoryId === body.product_category_id)) {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: MSG.smartfixKindInvalid });
    }
  });
export type SmartfixRequest = z.input<typeof SmartfixRequest>;

/** What moved the estimate away from the kind's average, in percentage points. */
export const SmartfixFactor = z.object({ label: z.string(), effect: z.enum(['hausse', 'baisse']), points: z.number().int().min(0) });
export type SmartfixFactor = z.infer<typeof SmartfixFactor>;

/**
 * product §3, Smart-fix response, plus the average repair rate of the kind or category in the
 * repair records (`category_rate`, from `category_records` records) and the 2–3 factors that moved
 * the calibrated `repair_probability` away from it.
 */
export const SmartfixResponse = z.object({
  is_repairable: z.boolean(),
  repair_probability: z.number().min(0).max(1),
  category_rate: z.number().min(0).max(1),
  category_name: z.string(),
  category_records: z.number().int().min(0),
  factors: z.array(SmartfixFactor),
});
export type SmartfixResponse = z.infer<typeof SmartfixResponse>;

/**
 * The repair probability (or an average rate) on 0–100, rounded once for the whole screen: the
 * headline, the chart and its label show the same whole percent (product §9 had one decimal in
 * the chart and two in the label, which showed one figure three ways).
 */
export const repairPercent = (p: number) => Math.round(p * 100);
/** « 78 % », from the one rounding above. */
export const repairPercentLabel = (p: number) => percentFr(repairPercent(p));

/** POST /api/ai/images (API.md): what was read on a rating plate. */
/** POST /api/ai/images: the uploaded photo, and optionally what the user typed (brand or model, ≤ 50 characters). */
export const ImageSearchBody = z.object({
  urlImage: z.string().trim().min(1).max(2000),
  searchText: z
    .string()
    .trim()
    .max(50, { error: MSG.imageSearchHintTooLong })
    .nullish()
    .transform((v) => v ?? ''),
});
export type ImageSearchBody = z.input<typeof ImageSearchBody>;
export const ImageReading = z.object({ marque: z.string().nullable(), modele: z.string().nullable(), text: z.string() });
export type ImageReading = z.infer<typeof ImageReading>;

/** POST /api/ai/appliance/searchandsave (product §3, image search payload). */
export const SearchAndSaveBody = z.object({
  urlImage: z.string().trim().min(1).max(2000),
  searchText: z
    .string()
    .trim()
    .max(50, { error: MSG.imageSearchHintTooLong })
    .nullish()
    .transform((v) => v ?? ''),
  userId: z.coerce.number().int().positive(),
  univerId: z.coerce.number().int().positive(),
  refProdId: z.coerce.number({ error: MSG.productTypeRequired }).int().positive({ error: MSG.productTypeRequired }),
});
export type SearchAndSaveBody = z.input<typeof SearchAndSaveBody>;
