import { z } from 'zod';
import { TEXT_MAX } from './constants.ts';
import { isEan13, isEprelNumber } from './product-codes.ts';
import { MSG } from './messages.fr.ts';

const text = z
  .string()
  .max(TEXT_MAX, { error: MSG.textTooLong(TEXT_MAX) })
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));
const required = z
  .string({ error: MSG.requiredFieldsMissing })
  .trim()
  .min(1, { error: MSG.requiredFieldsMissing })
  .max(TEXT_MAX, { error: MSG.textTooLong(TEXT_MAX) });

/** No household appliance in use was bought before this year (« 1900-01-01 » is a typing slip). */
export const PURCHASE_YEAR_MIN = 1950;

/** A calendar date `YYYY-MM-DD` that exists, is not before 1950 and not in the future. */
export function isoDateError(value: string, today = new Date()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return MSG.dateInvalid;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return MSG.dateInvalid;
  if (Number(value.slice(0, 4)) < PURCHASE_YEAR_MIN) return MSG.dateTooOld(PURCHASE_YEAR_MIN);
  if (value > today.toISOString().slice(0, 10)) return MSG.dateInFuture;
  return null;
}
const purchaseDate = z
  .string()
  .nullish()
  .transform((v) => (v?.trim() ? v.trim().slice(0, 10) : null))
  .superRefine((v, ctx) => {
    const message = v ? isoDateError(v) : null;
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const ENERGY_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;

/**
 * « Mes droits »: the appliance's paperwork. Each field is optional, and left out of an
 * update it keeps its value (an older client that does not know it loses nothing); null clears it.
 */
const keepOr = <T extends z.ZodType>(schema: T) => schema.optional();
const paperText = keepOr(
  z
    .string()
    .max(TEXT_MAX, { error: MSG.textTooLong(TEXT_MAX) })
    .nullable()
    .transform((v) => (v?.trim() ? v.trim() : null)),
);
/** A day `YYYY-MM-DD` that exists and is not before 1950; `future` allows a date to come (a guarantee's end). */
const paperDate = (future: boolean) =>
  keepOr(
    z
      .string()
      .nullable()
      .transform((v) => (v?.trim() ? v.trim().slice(0, 10) : null))
      .superRefine((v, ctx) => {
        const message = v ? isoDateError(v, future ? new Date(Date.UTC(2999, 0, 1)) : new Date()) : null;
        if (message) ctx.addIssue({ code: 'custom', message: message === MSG.dateInFuture ? MSG.deliveryInFuture : message });
      }),
  );
/** A price as people type it (« 349,90 », « 1 299 », « 12.5 »): euros and up to 2 cents digits; undefined otherwise. */
function priceFromText(text: string): number | undefined {
  const compact = text.replace(/\s/g, '');
  return /^\d{1,7}([.,]\d{1,2})?$/.test(compact) ? Number(compact.replace(',', '.')) : undefined;
}

/** The form's check of a typed purchase price, the same rule as the API's: null when empty or valid. */
export function priceError(text: string): string | null {
  return RightsFields.shape.prix_achat.safeParse(text).success ? null : MSG.priceInvalid;
}

export const RightsFields = z.object({
  vendeur: paperText,
  prix_achat: keepOr(
    z
      .union([z.number(), z.string().trim()])
      .nullable()
      .transform((v, ctx) => {
        if (v === null || v === '') return null;
        const n = typeof v === 'number' ? v : priceFromText(v);
        if (n === undefined || !Number.isFinite(n) || n < 0 || n > 1_000_000 || Math.abs(Math.round(n * 100) - n * 100) > 1e-6) {
          ctx.addIssue({ code: 'custom', message: MSG.priceInvalid });
          return z.NEVER;
        }
        // 1299.9 × 100 is 129990.00000000001 in floating point: compare and keep whole cents.
        return Math.round(n * 100) / 100;
      }),
  ),
  numero_serie: paperText,
  dt_livraison: paperDate(false),
  occasion: keepOr(z.boolean()),
  garantie_commerciale_fin: paperDate(true),
});

/** The most a household appliance uses in a year, in kWh (0 to 10 000). */
export const ENERGY_KWH_YEAR_MAX = 10_000;

/** A consumption as people type it (« 180 », « 152,5 »), to the tenth of a kWh; undefined otherwise. */
function kwhFromText(text: string): number | undefined {
  const compact = text.replace(/\s/g, '');
  return /^\d{1,5}([.,]\d+)?$/.test(compact) ? Number(compact.replace(',', '.')) : undefined;
}

/**
 * The energy label's numbers and the yearly consumption: the EPREL registration number
 * (read from the label's QR code), the barcode, and kWh per year (from EPREL or typed). Left out of
 * an update they keep their value, like the paperwork; null clears them.
 */
export const EnergyFields = z.object({
  eprel_number: keepOr(
    z
      .string()
      .nullable()
      .transform((v) => (v?.trim() ? v.trim() : null))
      .refine((v) => v === null || isEprelNumber(v), { error: MSG.eprelNumberInvalid }),
  ),
  ean: keepOr(
    z
      .string()
      .nullable()
      .transform((v) => (v?.trim() ? v.trim() : null))
      .refine((v) => v === null || isEan13(v), { error: MSG.eanInvalid }),
  ),
  energy_kwh_year: keepOr(
    z
      .union([z.number(), z.string().trim()])
      .nullable()
      .transform((v, ctx) => {
        if (v === null || v === '') return null;
        const n = typeof v === 'number' ? v : kwhFromText(v);
        if (n === undefined || !Number.isFinite(n) || n < 0 || n > ENERGY_KWH_YEAR_MAX) {
          ctx.addIssue({ code: 'custom', message: MSG.energyKwhInvalid });
          return z.NEVER;
        }
        return Math.round(n * 10) / 10;
      }),
  ),
});

/** The form's check of a typed yearly consumption, the API's rule: null when empty or valid. */
export function kwhError(text: string): string | null {
  return EnergyFields.shape.energy_kwh_year.safeParse(text).success ? null : MSG.energyKwhInvalid;
}

/** product §3, Appliance; file fields are signed URLs (API.md "Files"), null when absent. */
export const Appliance = z.object({
  id: z.number().int(),
  univer_id: z.number().int().nullable(),
  univer_name: z.string().nullable(),
  prod_id: z.number().int().nullable(),
  prod_name: z.string().nullable(),
  name: z.string(),
  marque: z.string().nullable(),
  modele: z.string().nullable(),
  dt_achat: z.string().nullable(),
  dt_fab: z.string().nullable(),
  dt_creation: z.string(),
  note: z.string().nullable(),
  panne_note: z.string().nullable(),
  facture_ref: z.string().nullable(),
  classenergie: z.string().nullable(),
  pict: z.string().nullable(),
  facture: z.string().nullable(),
  facture_type: z.string().nullable(),
  notice: z.string().nullable(),
  product: z.object({ id: z.number().int(), prodName: z.string(), pict: z.string() }).nullable(),
  vendeur: z.string().nullable(),
  prix_achat: z.number().nullable(),
  numero_serie: z.string().nullable(),
  dt_livraison: z.string().nullable(),
  occasion: z.boolean(),
  garantie_commerciale_fin: z.string().nullable(),
  /** The energy label's registration number, the barcode, kWh per year. */
  eprel_number: z.string().nullable(),
  ean: z.string().nullable(),
  energy_kwh_year: z.number().nullable(),
});
export type Appliance = z.infer<typeof Appliance>;

/**
 * The `data` part of POST …/appliances (product §7): brand and model are required (product §5
 * manual add), the free texts are limited to 500 characters; `facture` here is the invoice's
 * reference text — the invoice file itself goes to PUT …/facture.
 */
export const ApplianceCreateData = z.object({
  dt_creation: z.unknown().optional(),
  prod_id: z.coerce.number({ error: MSG.productTypeRequired }).int().positive({ error: MSG.productTypeRequired }),
  name: text,
  marque: required,
  modele: required,
  dt_achat: purchaseDate,
  facture: text,
  notice: z.unknown().optional(),
  note: text,
  panne_note: text,
  classenergie: z.enum(ENERGY_CLASSES).nullish(),
  ...RightsFields.shape,
  ...EnergyFields.shape,
});
export type ApplianceCreateData = z.input<typeof ApplianceCreateData>;

/** PUT …/appliances/{id}/text: the text fields, and `univer_id` to move it. */
export const ApplianceUpdateText = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: MSG.requiredFieldsMissing })
    .max(TEXT_MAX, { error: MSG.textTooLong(TEXT_MAX) }),
  marque: required,
  modele: required,
  dt_achat: purchaseDate,
  facture: text,
  note: text,
  panne_note: text,
  classenergie: z.enum(ENERGY_CLASSES).nullish(),
  prod_id: z.coerce.number().int().positive().nullish(),
  univer_id: z.coerce.number().int().positive().nullish(),
  ...RightsFields.shape,
  ...EnergyFields.shape,
});
export type ApplianceUpdateText = z.input<typeof ApplianceUpdateText>;

/** POST /api/devices (product §7): an appliance with no universe. */
export const DeviceCreate = z.object({
  marque: required,
  modele: required,
  dt_achat: purchaseDate,
  facture: text,
  note: text,
});

/**
 * GET …/appliances, paged for large homes: without a parameter the spec's whole list; `limit` and `after` (the
 * id of the last appliance of the previous page) page it in the same order (newest first); `q`
 * answers the best matches of the app's search (accents, synonyms, small typos; at most `limit`,
 * else APPLIANCE_SEARCH_MAX), best first.
 */
export const AppliancesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  after: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(100).optional(),
});
export type AppliancesQuery = z.infer<typeof AppliancesQuery>;

export const ApplianceCount = z.object({
  data: z.record(z.string(), z.number().int()),
  /**
   * secondLife: devices of the household's history (given, sold or recycled), not in the total.
   * knownKwhYear: by type, the yearly consumption of each appliance whose label gave it;
   * the home impact counts their own use phase instead of the type's average.
   */
  meta: z.object({
    totalAppliances: z.number().int(),
    secondLife: z.number().int(),
    knownKwhYear: z.record(z.string(), z.array(z.number())),
  }),
});
export type ApplianceCount = z.infer<typeof ApplianceCount>;

export const UploadedFile = z.object({ data: z.object({ fileUrl: z.string() }) });
