import { describe, expect, it } from 'vitest';
import { carbonBySlug, checkCountResponse, homeImpact, production, savedPerExtraYear, simulatedFootprint, usagePerYear } from './carbon.ts';

const kettle = carbonBySlug.get('bouilloire')!;
const washer = carbonBySlug.get('lave-linge')!;

describe('carbon simulator (spec §9), checked by hand on the kettle', () => {
  it('production = 3.93 + 0.24 + 0.59 + 5.15 = 9.91', () => {
    expect(production(kettle)).toBeCloseTo(9.91, 2);
  });
  it('usage per year = (37.79 − 9.91 − (−3.74)) / 6 = 5.27', () => {
    expect(usagePerYear(kettle)).toBeCloseTo(5.27, 2);
  });
  it('simulated footprint over 10 years = 10 × 5.27 − 3.74 = 48.96, and over its 6 years = total − production', () => {
    expect(simulatedFootprint(kettle, 10)).toBeCloseTo(48.96, 1);
    expect(simulatedFootprint(kettle, kettle.lifespanYears)).toBeCloseTo(kettle.total - production(kettle), 2);
  });
  it('an extra year saves production / lifespan = 9.91 / 6 = 1.65 kg', () => {
    expect(savedPerExtraYear(kettle)).toBeCloseTo(1.65, 2);
  });
});

describe('home impact (spec §9, §8)', () => {
  const lifecycle = (name: string) => ({ Bouilloire: kettle.total, 'Lave-linge': washer.total })[name];
  it('sums lifecycle × count, 1 kg per unknown unit; trees = kg / 35; trips = kg / 3500', () => {
    // 2 × 37.79 + 1 × 513.42 + 1 × 1 = 590.00
    const impact = homeImpact({ Bouilloire: 2, 'Lave-linge': 1, Autre: 1 }, lifecycle);
    expect(impact.kg).toBeCloseTo(590.0, 2);
    expect(impact.trees).toBeCloseTo(590 / 35, 4);
    expect(impact.trips).toBeCloseTo(590 / 3500, 4);
    expect(homeImpact({}, lifecycle)).toEqual({ kg: 0, trees: 0, trips: 0 });
  });
  it('refuses an invalid count answer with the spec text', () => {
    expect(checkCountResponse({ data: { Bouilloire: 2 }, meta: { totalAppliances: 2 } }).meta.totalAppliances).toBe(2);
    for (const bad of [null, {}, { data: { Bouilloire: 'deux' }, meta: { totalAppliances: 2 } }, { data: {}, meta: {} }, { data: { x: -1 }, meta: { totalAppliances: 1 } }]) {
      expect(() => checkCountResponse(bad)).toThrow("Réponse invalide du backend. Impossible de calculer l'impact carbone.");
    }
  });
});
