import { z } from 'zod';
import repairBonusData from './data/repair-bonus.json' with { type: 'json' };
import { dayFr } from './dates.ts';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A publication date, as precise as the page gives it: a year, a month or a day. */
const PublishedOn = z
  .string()
  .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/)
  .nullable();

const Source = z.object({ url: z.string().url(), title: z.string().min(1), published_on: PublishedOn });

/**
 * One product type of the repair-bonus table (the fonds réparation of ecosystem and Ecologic, paid by
 * QualiRépar repairers), with where its amount was read and when (docs/facts.md, « Repair bonus »).
 * `confirmed`: an official page (ministry, public body, eco-organism) states it, or the eco-organisms'
 * dated 2024 flyer and at least one other source do; `unconfirmed`: kept as read, never stated as sure.
 */
export const RepairBonusEntry = z.object({
  product_type_fr: z.string().min(1),
  family_fr: z.string().min(1),
  amount_eur: z.number().int().positive(),
  min_repair_cost_eur: z.number().int().positive().nullable(),
  status: z.enum(['confirmed', 'unconfirmed']),
  source_url: z.string().url(),
  source_title: z.string().min(1),
  source_published_on: PublishedOn,
  corroborated_by: z.array(Source),
  /** The day the sources were read. */
  checked_on: Day,
  /** The day the amount applies from (date of the repair invoice), when a source gives it. */
  in_force_since: Day.nullable(),
  source_note: z.string(),
});
export type RepairBonusEntry = z.infer<typeof RepairBonusEntry>;

export const REPAIR_BONUS: readonly RepairBonusEntry[] = z.array(RepairBonusEntry).parse(repairBonusData);
const byType = new Map(REPAIR_BONUS.map((e) => [e.product_type_fr, e]));

/** Hosts whose pages are official: the ministry, public bodies, the eco-organisms and their label. */
export const REPAIR_BONUS_OFFICIAL_HOSTS = [
  'developpement-durable.gouv.fr',
  'ecologie.gouv.fr',
  'service-public.fr',
  'inc-conso.fr',
  'ecosystem.eco',
  'ecologic-france.com',
  'label-qualirepar.fr',
] as const;

export function isOfficialSource(url: string): boolean {
  const host = new URL(url).hostname;
  return REPAIR_BONUS_OFFICIAL_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

/**
 * The public page the app links to beside every amount: the Institut national de la consommation's
 * account of the scale of 1 January 2024, after the ministry (its note was read on an editorial host of
 * the ministry that a household may not reach; it stays the entries' `source_url`).
 */
export const REPAIR_BONUS_SOURCE = {
  url: 'https://www.inc-conso.fr/content/bonus-reparation-2024-davantage-de-produits-eligibles-et-augmentation-du-montant-de',
  label: 'Institut national de la consommation, d’après le ministère de la Transition écologique',
} as const;

/** The latest of ISO days (they sort as strings). */
function newest(days: readonly (string | null)[]): string {
  return (
    days
      .filter((d): d is string => d !== null)
      .sort()
      .at(-1) ?? ''
  );
}

/** The day the table was last checked: the newest `checked_on`. */
export const REPAIR_BONUS_AS_OF: string = newest(REPAIR_BONUS.map((e) => e.checked_on));

/** The day the newest amounts apply from (the scale of 1 January 2024). */
export const REPAIR_BONUS_SCALE_SINCE: string = newest(REPAIR_BONUS.map((e) => e.in_force_since));

/** « 29 novembre 2026 », « 1er janvier 2024 ». */
export function dayFrOrdinal(day: string): string {
  return day.endsWith('-01') ? dayFr(day).replace(/^1 /, '1er ') : dayFr(day);
}

/**
 * « Montants vérifiés le 29 novembre 2026 », said beside every amount the app shows. Not « en vigueur
 * au »: no page read that day states the amounts of late 2026, only that none changed the scale of
 * 1 January 2024 (docs/facts.md) — the app says what it checked, never more.
 */
export function repairBonusAsOfFr(): string {
  return `Montants vérifiés le ${dayFrOrdinal(REPAIR_BONUS_AS_OF)}`;
}

/** Said after an amount no source confirmed. */
export const BONUS_TO_CONFIRM = 'montant à confirmer auprès du réparateur';

/** One amount as the texts say it: « 50 € », or « jusqu’à 15 € (montant à confirmer auprès du réparateur) ». */
export function bonusAmountFr(montant: number, aConfirmer: boolean): string {
  return aConfirmer ? `jusqu’à ${montant} € (${BONUS_TO_CONFIRM})` : `${montant} €`;
}

/**
 * What follows « le bonus réparation » in a sentence: « de 50 € », or, unconfirmed,
 * « , jusqu’à 15 € (montant à confirmer auprès du réparateur), ».
 */
export function bonusOfFr(amount: string): string {
  return amount.startsWith('jusqu’à') ? `, ${amount},` : ` de ${amount}`;
}

export interface BonusRange {
  min: number;
  max: number;
  /** Every amount of the range is confirmed by its sources. */
  confirmed: boolean;
}

/** product §9: a product mapping to several types shows a range; an unmapped product has no amount. */
export function repairBonusFor(types: readonly string[]): BonusRange | null {
  const entries = types.map((t) => byType.get(t)).filter((e): e is RepairBonusEntry => e !== undefined);
  if (entries.length === 0) return null;
  const amounts = entries.map((e) => e.amount_eur);
  return { min: Math.min(...amounts), max: Math.max(...amounts), confirmed: entries.every((e) => e.status === 'confirmed') };
}

/**
 * "25 €" or "25 – 50 €" when confirmed; an unconfirmed amount is never said as sure:
 * « jusqu’à 25 € (montant à confirmer auprès du réparateur) ».
 */
export function formatBonus(range: BonusRange): string {
  if (!range.confirmed) return bonusAmountFr(range.max, true);
  return range.min === range.max ? `${range.min} €` : `${range.min} – ${range.max} €`;
}
