import { MB } from './offline-store.ts';

const ONE_DECIMAL = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** A size as the « Hors connexion » card says it: « 0 Mo », « 850 ko », « 12,4 Mo » (1 Mo = 1024 ko). */
export function offlineSizeFr(bytes: number): string {
  if (bytes <= 0) return '0\u00a0Mo';
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / 1024))}\u00a0ko`;
  return `${ONE_DECIMAL.format(bytes / MB).replace(/[\u202f\u2009\s]/g, '\u00a0')}\u00a0Mo`;
}

/** « 12,4 Mo sur 100 Mo »: the space the offline copies use, out of the budget. */
export function offlineUsageFr(bytes: number, budget: number): string {
  return `${offlineSizeFr(bytes)} sur ${offlineSizeFr(budget)}`;
}

/** The share of the budget used, 0–100, for the card's gauge. */
export function usedPercent(bytes: number, budget: number): number {
  if (budget <= 0) return 100;
  return Math.min(100, Math.round((bytes / budget) * 100));
}
