import { describe, expect, it } from 'vitest';
import {
  CARBON_ENTRIES,
  carbonBySlug,
  checkCountResponse,
  ELECTRICITY_KG_CO2E_PER_KWH,
  footprintPerYear,
  homeImpact,
  lifecycleFootprint,
  production,
  savingVersusAverage,
  usagePerYear,
  withRealConsumption,
} from './carbon.ts';

const kettle = carbonBySlug.get('bouilloire')!;
const washer = carbonBySlug.get('lave-linge')!;

describe('carbon simulator (product §9), checked by hand on the kettle', () => {
  it('production = 3.93 + 0.24 + 0.59 + 5.15 = 9.91', () => {
    expect(production(kettle)).toBeCloseTo(9.91, 2);
  });
  it('usage per year = (37.79 − 9.91 − (−3.74)) / 6 = 5.27', () => {
    expect(usagePerYear(kettle)).toBeCloseTo(5.27, 2);
  });
  it('over its 6 years the life cycle is the home impact’s total: 9.91 + 6 × 5.27 − 3.74 = 37.79', () => {
    expect(lifecycleFootprint(kettle, kettle.lifespanYears)).toBeCloseTo(kettle.total, 2);
    expect(lifecycleFootprint(washer, washer.lifespanYears)).toBeCloseTo(513.42, 2);
  });
  it('per year of use: 37.79 / 6 = 6.30 kg; over 10 years (9.91 + 52.7 − 3.74) / 10 = 5.89 kg', () => {
    expect(footprintPerYear(kettle, 6)).toBeCloseTo(6.3, 2);
    expect(footprintPerYear(kettle, 10)).toBeCloseTo(5.89, 2);
  });
  it('kept 10 years rather than 6: 10 × 6.30 − 58.87 = 4.11 kg saved; replaced after 3: 3 × 6.30 − 21.98 = −3.08 kg', () => {
    expect(savingVersusAverage(kettle, 10)).toBeCloseTo(4.11, 1);
    expect(savingVersusAverage(kettle, 3)).toBeCloseTo(-3.08, 1);
    expect(savingVersusAverage(kettle, 6)).toBeCloseTo(0, 6);
  });
});

describe('every type of the simulator', () => {
  it.each(CARBON_ENTRIES.map((e) => [e.slug, e] as const))(
    '%s: never negative, falls per year as it lasts longer, equals the home total at its lifespan',
    (_slug, e) => {
      expect(lifecycleFootprint(e, e.lifespanYears)).toBeCloseTo(e.total, 2);
      for (let y = 1; y <= 20; y++) {
        expect(lifecycleFootprint(e, y)).toBeGreaterThan(0);
        if (y > 1) expect(footprintPerYear(e, y)).toBeLessThan(footprintPerYear(e, y - 1));
      }
      expect(savingVersusAverage(e, e.lifespanYears + 2)).toBeGreaterThan(0);
    },
  );
});

describe('home impact (product §9, §8)', () => {
  const entryOf = (name: string) => ({ Bouilloire: kettle, 'Lave-linge': washer })[name];
  it('sums lifecycle × count, 1 kg per unknown unit; trees = kg / 35; trips = kg / 3500', () => {
    // 2 × 37.79 + 1 × 513.42 + 1 × 1 = 590.00
    const impact = homeImpact({ Bouilloire: 2, 'Lave-linge': 1, Autre: 1 }, entryOf);
    expect(impact.kg).toBeCloseTo(590.0, 2);
    expect(impact.trees).toBeCloseTo(590 / 35, 4);
    expect(impact.trips).toBeCloseTo(590 / 3500, 4);
    expect(homeImpact({}, entryOf)).toEqual({ kg: 0, trees: 0, trips: 0 });
  });
  it('counts the use phase of an appliance whose consumption is known, the others of its type at the average', () => {
    // Two washing machines, one of them 100 kWh/year: its use phase is 100 × 0.0519 = 5.19 kg CO2e a year.
    const real = production(washer) + 5.19 * washer.lifespanYears + washer.endOfLife;
    expect(homeImpact({ 'Lave-linge': 2 }, entryOf, { 'Lave-linge': [100] }).kg).toBeCloseTo(washer.total + real, 2);
    expect(real).not.toBeCloseTo(washer.total, 0);
    // More known figures than appliances of the type count once each; a type without figures, or unknown, is unchanged.
    expect(homeImpact({ 'Lave-linge': 1 }, entryOf, { 'Lave-linge': [100, 200] }).kg).toBeCloseTo(real, 2);
    expect(homeImpact({ Bouilloire: 1, Autre: 1 }, entryOf, { Autre: [300] }).kg).toBeCloseTo(kettle.total + 1, 2);
  });
  it('refuses an invalid count answer with the spec text', () => {
    expect(checkCountResponse({ data: { Bouilloire: 2 }, meta: { totalAppliances: 2 } }).meta.totalAppliances).toBe(2);
    for (const bad of [
      null,
      {},
      { data: { Bouilloire: 'deux' }, meta: { totalAppliances: 2 } },
      { data: {}, meta: {} },
      { data: { x: -1 }, meta: { totalAppliances: 1 } },
    ]) {
      expect(() => checkCountResponse(bad)).toThrow('Réponse invalide du backend. Impossible de calculer l’impact carbone.');
    }
  });
});

describe('the use phase from the appliance’s own consumption', () => {
  it('is kWh a year × the French mix (0,0519 kg CO2e/kWh): 114,4 kWh → 5,94 kg a year instead of the type’s 18,08', () => {
    const real = withRealConsumption(washer, 114.4);
    expect(ELECTRICITY_KG_CO2E_PER_KWH).toBe(0.0519);
    expect(usagePerYear(real)).toBeCloseTo(5.94, 2);
    expect(real.usagePerYear).toBe(5.94);
    // Manufacturing and end of life stay the type's; over 12 years: 341.1 + 12 × 5.94 − 44.64.
    expect(production(real)).toBe(production(washer));
    expect(lifecycleFootprint(real, 12)).toBeCloseTo(341.1 + 12 * 5.94 - 44.64, 2);
    expect(footprintPerYear(real, 12)).toBeLessThan(footprintPerYear(washer, 12));
  });
  it('says which consumption it counts, with the factor’s source', () => {
    const real = withRealConsumption(washer, 114.4);
    expect(real.sources.usage).toMatch(
      /^Consommation réelle de votre appareil\s: 114,4 kWh\/an × 0,0519 kg CO2e\/kWh \(ADEME, Base Empreinte, identifiant 43642\s: .*\) = 5,94 kg CO2e\/an$/,
    );
    expect(washer.sources.usage).not.toMatch(/réelle/);
  });
});
