import { z } from 'zod';
import { dayFr } from './dates.ts';

/**
 * The regulated electricity price the yearly cost is counted at: EDF's « Tarif Bleu »,
 * option Base, 3 and 6 kVA, 0,1940 € TTC per kWh from 1 February 2026 (CRE, délibération
 * n° 2026-06 du 14 janvier 2026; arrêté du 28 janvier 2026, JORF n° 0025 du 30 janvier 2026; the
 * grid of that day as published by revolution-energetique.com and picbleu.fr). The server's
 * ELECTRICITY_PRICE_EUR_KWH and ELECTRICITY_PRICE_DATE replace it when the tariff changes.
 */
export const DEFAULT_ELECTRICITY_TARIFF = { prixKwh: 0.194, date: '2026-02-01' } as const;

/** GET /api/V1/energie/tarif: the price the server counts at, and the day it came into force. */
export const ElectricityTariff = z.object({ prixKwh: z.number(), date: z.string() });
export type ElectricityTariff = z.infer<typeof ElectricityTariff>;

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const kwhFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** « 180 kWh », « 1 234,5 kWh ». */
export const kwhFr = (kwh: number) => `${kwhFormat.format(kwh)} kWh`;

/** The yearly electricity cost in euros, to the cent: kWh per year × price per kWh. */
export function yearlyCost(kwhYear: number, prixKwh: number): number {
  return Math.round(kwhYear * prixKwh * 100) / 100;
}

/** « 1er février 2026 »: French writes the first day of a month as an ordinal. */
function tariffDayFr(day: string): string {
  return dayFr(day).replace(/^1 /, '1er ');
}

/** « 84,20 € par an au tarif réglementé du 1er février 2026 ». */
export function runningCostFr(kwhYear: number, tariff: ElectricityTariff): string {
  return `${euros.format(yearlyCost(kwhYear, tariff.prixKwh))} par an au tarif réglementé du ${tariffDayFr(tariff.date)}`;
}

/** « 0,1940 € le kWh (tarif réglementé du 1er février 2026) ». */
export function tariffFr(tariff: ElectricityTariff): string {
  return `${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 4, maximumFractionDigits: 4 }).format(tariff.prixKwh)} € le kWh (tarif réglementé du ${tariffDayFr(tariff.date)})`;
}

/**
 * The classes of the labels since 2021: each class is a band of the energy efficiency index (EEI, in
 * %: the consumption over the standard consumption of an appliance of the same size). `ceilingA` is
 * class A's upper bound, `floors` each lower class's lower bound, so a class-A model of the same
 * size uses at most `ceilingA / floor` of this one.
 * - Fridges and freezers, Delegated Regulation (EU) 2019/2016, Annex II: A ≤ 41, B ≤ 51, C ≤ 64,
 *   D ≤ 84, E ≤ 100, F ≤ 125, G above.
 * - Washing machines, Delegated Regulation (EU) 2019/2014, Annex II (EEIW, eco 40-60 programme):
 *   A ≤ 52, B ≤ 60, C ≤ 69, D ≤ 80, E ≤ 91, F ≤ 102, G above.
 * - Dishwashers, Delegated Regulation (EU) 2019/2017, Annex II (eco programme): A < 32, B < 38,
 *   C < 44, D < 50, E < 56, F < 62, G from 62.
 * Their kWh per year here are the label's kWh per 100 cycles scaled by a fixed number of cycles, so
 * the ratio holds for them too.
 */
const CLASS_BANDS: Record<string, { ceilingA: number; floors: Record<string, number> }> = {
  refrigerateur: { ceilingA: 41, floors: { B: 41, C: 51, D: 64, E: 84, F: 100, G: 125 } },
  congelateur: { ceilingA: 41, floors: { B: 41, C: 51, D: 64, E: 84, F: 100, G: 125 } },
  'lave-linge': { ceilingA: 52, floors: { B: 52, C: 60, D: 69, E: 80, F: 91, G: 102 } },
  'lave-vaisselle': { ceilingA: 32, floors: { B: 32, C: 38, D: 44, E: 50, F: 56, G: 62 } },
};

/**
 * « Réparer ou remplacer ? »: the most a class-A model of the same size would use in a
 * year, for a fridge, freezer, washing machine or dishwasher of a lower class whose consumption is
 * known; null otherwise (no class bands we can cite for the other types, or already class A).
 */
export function classAKwhYear(carbonSlug: string | null | undefined, classe: string | null, kwhYear: number | null): number | null {
  const bands = carbonSlug ? CLASS_BANDS[carbonSlug] : undefined;
  if (!bands || !classe || kwhYear === null) return null;
  const floor = bands.floors[classe];
  return floor ? Math.round((kwhYear * bands.ceilingA) / floor) : null;
}
