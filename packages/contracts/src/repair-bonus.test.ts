import { describe, expect, it } from 'vitest';
import {
  bonusAmountFr,
  formatBonus,
  isOfficialSource,
  REPAIR_BONUS,
  REPAIR_BONUS_AS_OF,
  REPAIR_BONUS_SCALE_SINCE,
  REPAIR_BONUS_SOURCE,
  repairBonusAsOfFr,
  repairBonusFor,
} from './repair-bonus.ts';

const entry = (t: string) => REPAIR_BONUS.find((e) => e.product_type_fr === t);

describe('repair bonus (product §9)', () => {
  it('holds the amounts of the scale in force since 1 January 2024 and the §9 types', () => {
    expect(entry('Téléviseur')?.amount_eur).toBe(60);
    expect(entry('Lave-linge')?.amount_eur).toBe(50);
    expect(entry('Bouilloire')?.amount_eur).toBe(15);
    expect(entry('Sèche-cheveux')?.amount_eur).toBe(15);
    expect(REPAIR_BONUS).toHaveLength(63);
    expect(entry('Imprimante')?.min_repair_cost_eur).toBe(150);
    expect(entry('Ordinateur portable')?.min_repair_cost_eur).toBe(150);
  });

  it('shows one amount, a min – max range for several types, and nothing for unmapped types', () => {
    expect(repairBonusFor(['Lave-linge'])).toEqual({ min: 50, max: 50, confirmed: true });
    expect(formatBonus(repairBonusFor(['Lave-linge'])!)).toBe('50 €');
    const fridge = repairBonusFor(['Réfrigérateur', 'Réfrigérateur-congélateur']);
    expect(fridge).not.toBeNull();
    const oven = repairBonusFor(['Four encastrable (hors micro-ondes)', 'Four encastrable (hors micro-ondes)'])!;
    expect(formatBonus(oven)).toBe('25 €');
    expect(formatBonus({ min: 25, max: 50, confirmed: true })).toBe('25 – 50 €');
    expect(repairBonusFor([])).toBeNull();
    expect(repairBonusFor(['Type inconnu'])).toBeNull();
  });

  it('never states an unconfirmed amount as sure, nor a range with one in it', () => {
    const dryer = repairBonusFor(['Sèche-cheveux'])!;
    expect(dryer.confirmed).toBe(false);
    expect(formatBonus(dryer)).toBe('jusqu’à 15 € (montant à confirmer auprès du réparateur)');
    const ovens = repairBonusFor(['Four encastrable (hors micro-ondes)', 'Four posable'])!;
    expect(ovens).toEqual({ min: 15, max: 25, confirmed: false });
    expect(formatBonus(ovens)).toBe('jusqu’à 25 € (montant à confirmer auprès du réparateur)');
    expect(bonusAmountFr(40, false)).toBe('40 €');
  });
});

describe('repair-bonus provenance (docs/facts.md, « Repair bonus »)', () => {
  it('gives every entry a source, the day it was checked and a status', () => {
    for (const e of REPAIR_BONUS) {
      expect(e.source_url, e.product_type_fr).toMatch(/^https:\/\//);
      expect(e.source_title.length, e.product_type_fr).toBeGreaterThan(10);
      expect(e.checked_on, e.product_type_fr).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(['confirmed', 'unconfirmed'], e.product_type_fr).toContain(e.status);
      if (e.in_force_since) expect(e.in_force_since <= e.checked_on, e.product_type_fr).toBe(true);
    }
  });

  it('confirms an entry only on an official page, or on a dated source another source agrees with', () => {
    for (const e of REPAIR_BONUS.filter((x) => x.status === 'confirmed')) {
      const official = isOfficialSource(e.source_url) || e.corroborated_by.some((s) => isOfficialSource(s.url));
      const datedAndCorroborated = e.source_published_on !== null && e.corroborated_by.length > 0;
      expect(official || datedAndCorroborated, e.product_type_fr).toBe(true);
      expect(e.in_force_since, e.product_type_fr).not.toBeNull();
    }
    // The amounts the ministry states itself.
    for (const t of ['Téléviseur', 'Lave-linge', 'Lave-vaisselle', 'Sèche-linge', 'Ordinateur portable', 'Plaque de cuisson']) {
      expect(isOfficialSource(entry(t)!.source_url), t).toBe(true);
      expect(entry(t)!.status, t).toBe('confirmed');
    }
  });

  it('marks what no source confirmed, the flattened-flyer readings among them', () => {
    for (const t of [
      'Robot pâtissier',
      'Robot / préparateur culinaire chauffant',
      'Sèche-cheveux',
      'Trottinette électrique',
      'Épilateur',
    ]) {
      expect(entry(t)!.status, t).toBe('unconfirmed');
    }
    const unconfirmed = REPAIR_BONUS.filter((e) => e.status === 'unconfirmed').length;
    expect(unconfirmed).toBeGreaterThan(0);
    expect(unconfirmed).toBeLessThan(REPAIR_BONUS.length);
  });

  it('dates the table to the newest check and links to the official page', () => {
    const newest = REPAIR_BONUS.map((e) => e.checked_on)
      .sort()
      .at(-1);
    expect(REPAIR_BONUS_AS_OF).toBe(newest);
    expect(REPAIR_BONUS_AS_OF).toBe('2026-11-29');
    expect(repairBonusAsOfFr()).toBe('Montants vérifiés le 29 novembre 2026');
    expect(REPAIR_BONUS_SCALE_SINCE).toBe('2024-01-01');
    expect(isOfficialSource(REPAIR_BONUS_SOURCE.url)).toBe(true);
    // The page linked is one the entries were checked against.
    expect(REPAIR_BONUS.some((e) => e.corroborated_by.some((c) => c.url === REPAIR_BONUS_SOURCE.url))).toBe(true);
  });
});
