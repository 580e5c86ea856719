import repairBonusData from './data/repair-bonus.json' with { type: 'json' };

/** One product type of the repair-bonus table (data/METHOD.md: sources). */
export interface RepairBonusEntry {
  product_type_fr: string;
  family_fr: string;
  amount_eur: number;
  min_repair_cost_eur: number | null;
  confidence: string;
  source_note: string;
}

export const REPAIR_BONUS = repairBonusData as RepairBonusEntry[];
const byType = new Map(REPAIR_BONUS.map((e) => [e.product_type_fr, e]));

/** product §9: a product mapping to several types shows a range; an unmapped product has no amount. */
export function repairBonusFor(types: readonly string[]): { min: number; max: number } | null {
  const amounts = types.map((t) => byType.get(t)?.amount_eur).filter((a): a is number => typeof a === 'number');
  if (amounts.length === 0) return null;
  return { min: Math.min(...amounts), max: Math.max(...amounts) };
}

/** "25 €" or "25 – 50 €". */
export function formatBonus(range: { min: number; max: number }): string {
  return range.min === range.max ? `${range.min} €` : `${range.min} – ${range.max} €`;
}
