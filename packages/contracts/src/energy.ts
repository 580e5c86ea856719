import { z } from 'zod';
import { dayFr } from './dates.ts';

/**
 * The regulated electricity price the yearly cost is counted at (issue 22): EDF's « Tarif Bleu »,
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
 * Refrigerating appliances' classes (Delegated Regulation (EU) 2019/2016, Annex II): the energy
 * efficiency index EEI, in %, below which each class starts (A: EEI ≤ 41, B: ≤ 51, C: ≤ 64, D: ≤ 84,
 * E: ≤ 100, F: ≤ 125, G: above). EEI is the consumption over the standard consumption of an appliance
 * of the same size, so an A of the same size uses at most 41 / (the class's lower bound) of it.
 */
const FRIDGE_CLASS_FLOOR: Record<string, number> = { B: 41, C: 51, D: 64, E: 84, F: 100, G: 125 };
const FRIDGE_A_CEILING = 41;
const FRIDGE_SLUGS = new Set(['refrigerateur', 'congelateur']);

/**
 * « Réparer ou remplacer ? » (issue 22): the most a class-A model of the same size would use in a
 * year, for a fridge or freezer of a lower class whose consumption is known; null otherwise (no
 * class bounds we can cite for the other types, or already class A).
 */
export function classAKwhYear(carbonSlug: string | null | undefined, classe: string | null, kwhYear: number | null): number | null {
  if (!carbonSlug || !FRIDGE_SLUGS.has(carbonSlug) || !classe || kwhYear === null) return null;
  const floor = FRIDGE_CLASS_FLOOR[classe];
  return floor ? Math.round((kwhYear * FRIDGE_A_CEILING) / floor) : null;
}
