import { describe, expect, it } from 'vitest';
import { formatBonus, REPAIR_BONUS, repairBonusFor } from './repair-bonus.ts';

describe('repair bonus (product §9)', () => {
  it('holds the official amounts of 2024 and the §9 types', () => {
    const amount = (t: string) => REPAIR_BONUS.find((e) => e.product_type_fr === t)?.amount_eur;
    expect(amount('Téléviseur')).toBe(60);
    expect(amount('Lave-linge')).toBe(50);
    expect(amount('Bouilloire')).toBe(15);
    expect(amount('Sèche-cheveux')).toBe(15);
    expect(REPAIR_BONUS.length).toBeGreaterThanOrEqual(63);
    expect(REPAIR_BONUS.find((e) => e.product_type_fr === 'Imprimante')?.min_repair_cost_eur).toBe(150);
  });
  it('shows one amount, a min – max range for several types, and nothing for unmapped types', () => {
    expect(repairBonusFor(['Lave-linge'])).toEqual({ min: 50, max: 50 });
    expect(formatBonus(repairBonusFor(['Lave-linge'])!)).toBe('50 €');
    const fridge = repairBonusFor(['Réfrigérateur', 'Réfrigérateur-congélateur']);
    expect(fridge).not.toBeNull();
    const oven = repairBonusFor(['Four encastrable (hors micro-ondes)', 'Four posable'])!;
    expect(oven.min).toBeLessThan(oven.max);
    expect(formatBonus(oven)).toBe(`${oven.min} – ${oven.max} €`);
    expect(repairBonusFor([])).toBeNull();
    expect(repairBonusFor(['Type inconnu'])).toBeNull();
  });
});
