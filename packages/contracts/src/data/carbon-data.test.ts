import { describe, expect, it } from 'vitest';
import type { CarbonEntry } from '../carbon.ts';
import products from '../../../server/src/db/reference/products.json' with { type: 'json' };
import data from './carbon.json' with { type: 'json' };

type Status = CarbonEntry['status'];

const entries = data as CarbonEntry[];
const bySlug = new Map(entries.map((e) => [e.slug, e]));

/** The 22 slugs of shared/data/carbon-appliances.json, in its order, with their status. */
const DATASET: [string, Status][] = [
  ['bouilloire', 'ademe'],
  ['cafetiere-dosettes', 'ademe'],
  ['cafetiere-filtre', 'ademe'],
  ['cafetiere-expresso', 'ademe'],
  ['four', 'ademe'],
  ['lave-vaisselle', 'ademe'],
  ['lave-linge', 'ademe'],
  ['refrigerateur', 'ademe'],
  ['aspirateur', 'ademe'],
  ['climatiseur', 'ademe'],
  ['micro-ondes', 'ademe'],
  ['congelateur', 'estimated-phases'],
  ['seche-linge', 'estimated-phases'],
  ['hotte', 'estimated-phases'],
  ['plaque-de-cuisson', 'estimated-phases'],
  ['robot-cuiseur', 'estimated-phases'],
  ['appareil-a-raclette', 'estimated'],
  ['chauffe-eau', 'estimated'],
  ['machine-a-pain', 'estimated'],
  ['mini-four', 'estimated'],
  ['radiateur', 'estimated'],
  ['yaourtiere', 'estimated'],
];

/**
 * Spot checks copied from shared/data/carbon-appliances.json (source "impactco2"):
 * phases.raw_materials, usage_per_year_kg, lifespan_years and total_kg (not rounded).
 */
const ADEME: Record<string, { rawMaterials: number; usagePerYear: number; lifespan: number; totalKg: number }> = {
  bouilloire: { rawMaterials: 3.93, usagePerYear: 5.27273319, lifespan: 6, totalKg: 37.8034 },
  'cafetiere-dosettes': { rawMaterials: 8.46, usagePerYear: 35.160078, lifespan: 5, totalKg: 237.9544 },
  'cafetiere-filtre': { rawMaterials: 16.7, usagePerYear: 27.1831351, lifespan: 5, totalKg: 191.3257 },
  'cafetiere-expresso': { rawMaterials: 27.1, usagePerYear: 28.0487772, lifespan: 5, totalKg: 212.2509 },
  four: { rawMaterials: 133.0, usagePerYear: 6.29728333, lifespan: 12, totalKg: 272.6074 },
  'lave-vaisselle': { rawMaterials: 155.0, usagePerYear: 18.25, lifespan: 12, totalKg: 460.79 },
  'lave-linge': { rawMaterials: 191.0, usagePerYear: 18.08, lifespan: 12, totalKg: 513.42 },
  refrigerateur: { rawMaterials: 133.0, usagePerYear: 8.83240334, lifespan: 10, totalKg: 338.714 },
  aspirateur: { rawMaterials: 20.2, usagePerYear: 3.7325, lifespan: 8, totalKg: 73.43 },
  climatiseur: { rawMaterials: 170.0, usagePerYear: 18.2596505, lifespan: 6, totalKg: 421.7479 },
  'micro-ondes': { rawMaterials: 58.6, usagePerYear: 2.45, lifespan: 12, totalKg: 121.35 },
};

/** Manufacturing totals (distribution included) of the Nos Gestes Climat entries, and their lifespans. */
const NGC: Record<string, { manufacturingKg: number; lifespan: number }> = {
  congelateur: { manufacturingKg: 415, lifespan: 10 },
  'seche-linge': { manufacturingKg: 266, lifespan: 10 },
  hotte: { manufacturingKg: 60.4, lifespan: 10 },
  'plaque-de-cuisson': { manufacturingKg: 65.3, lifespan: 10 },
  'robot-cuiseur': { manufacturingKg: 41.3, lifespan: 8 },
};

const ROUNDING = 0.006; // values are rounded to 2 decimals
const SUM_TOLERANCE = 0.02;

const phaseSum = (e: CarbonEntry) =>
  e.phases.rawMaterials + e.phases.supply + e.phases.forming + e.phases.assemblyAndDistribution + (e.phases.construction ?? 0);

/**
 * ADEME's digital-equipment figures (Impact CO2, « numérique »), copied in data/METHOD.md §9:
 * assembly and distribution, manufacturing (one figure), use per year, lifespan, end of life.
 */
const NUMERIQUE: Record<
  string,
  { assembly: number; construction: number; usagePerYear: number; lifespan: number; endOfLife: number; total: number }
> = {
  televiseur: { assembly: 3.26, construction: 325, usagePerYear: 3.69, lifespan: 8, endOfLife: 11.9, total: 369.68 },
  'ordinateur-portable': { assembly: 12.3, construction: 170, usagePerYear: 1.51, lifespan: 5, endOfLife: 2.79, total: 192.64 },
  'ordinateur-fixe': { assembly: 2.94, construction: 259, usagePerYear: 5.3, lifespan: 6, endOfLife: 6.61, total: 300.35 },
  moniteur: { assembly: 1.29, construction: 64.6, usagePerYear: 3.79, lifespan: 6, endOfLife: 3.95, total: 92.58 },
  tablette: { assembly: 3.43, construction: 80.5, usagePerYear: 0.95, lifespan: 3, endOfLife: 0.36, total: 87.14 },
  // 2.5 years in the source, 3 here: the simulator counts whole years.
  smartphone: { assembly: 2.27, construction: 77, usagePerYear: 0.26, lifespan: 3, endOfLife: 0.25, total: 80.3 },
  enceinte: { assembly: 0.3, construction: 19.5, usagePerYear: 1.14, lifespan: 5, endOfLife: 0.7, total: 26.2 },
  'box-internet': { assembly: 0.61, construction: 60.8, usagePerYear: 3.64, lifespan: 5, endOfLife: 1.63, total: 81.24 },
};

describe('carbon dataset (product §3, §9)', () => {
  it('starts with the 22 entries of the data set, then one for every other product of the catalogue, slugs unique', () => {
    expect(new Set(entries.map((e) => e.slug)).size).toBe(entries.length);
    expect(entries.slice(0, 22).map((e) => e.slug)).toEqual(DATASET.map(([slug]) => slug));
  });

  it('gives every product of the catalogue its own figures: no placeholder kilogram', () => {
    for (const p of products) {
      expect(p.carbonSlug, p.prodName).not.toBeNull();
      expect(bySlug.has(p.carbonSlug as string), p.prodName).toBe(true);
    }
  });

  it('copies ADEME’s digital-equipment figures for screens, computers, phones, tablets, boxes and speakers', () => {
    for (const [slug, ref] of Object.entries(NUMERIQUE)) {
      const e = bySlug.get(slug)!;
      expect(e.status, slug).toBe('ademe');
      expect(e.phases, slug).toEqual({
        rawMaterials: 0,
        supply: 0,
        forming: 0,
        assemblyAndDistribution: ref.assembly,
        construction: ref.construction,
      });
      expect([e.usagePerYear, e.lifespanYears, e.endOfLife, e.total], slug).toEqual([
        ref.usagePerYear,
        ref.lifespan,
        ref.endOfLife,
        ref.total,
      ]);
      expect(e.sources.phases, slug).toContain('ADEME, base Impact CO2 (données « numérique »');
    }
    expect(bySlug.get('televiseur')!.total).toBeGreaterThan(360);
    expect(bySlug.get('ordinateur-portable')!.total).toBeGreaterThan(180);
  });

  it('writes every source for a reader, in French, with no file or field name of the code', () => {
    for (const e of entries) {
      for (const text of Object.values(e.sources)) {
        expect(text, e.slug).not.toMatch(/\w\/\w+\/|\.json|\.md\b|\.ts\b|[a-z]_[a-z]|usage\.|defaultyears|via shared/);
        expect(text, e.slug).toMatch(/^(ADEME|Nos Gestes Climat|Estimation EcoFoyer)/);
      }
    }
  });

  it('gives each entry of the data set its status (11 ademe, 5 estimated-phases, 6 estimated)', () => {
    for (const [slug, status] of DATASET) expect(bySlug.get(slug)?.status, slug).toBe(status);
  });

  it('has a name and exactly the four phases, assembly and distribution being one combined figure', () => {
    for (const e of entries) {
      expect(e.name.trim(), e.slug).not.toBe('');
      const keys = ['assemblyAndDistribution', 'forming', 'rawMaterials', 'supply'];
      // Manufacturing the source does not split (digital equipment, and estimates made from it).
      expect(Object.keys(e.phases).sort(), e.slug).toEqual(
        e.phases.construction === undefined ? keys : [...keys.slice(0, 1), 'construction', ...keys.slice(1)],
      );
    }
  });

  it('production = sum of the phases, total = production + usage × lifespan + end of life', () => {
    for (const e of entries) {
      expect(Math.abs(e.production - phaseSum(e)), `${e.slug} production`).toBeLessThanOrEqual(SUM_TOLERANCE);
      const total = e.production + e.usagePerYear * e.lifespanYears + e.endOfLife;
      expect(Math.abs(e.total - total), `${e.slug} total`).toBeLessThanOrEqual(SUM_TOLERANCE);
    }
  });

  it('keeps numbers ≥ 0 (end of life may be negative) with at most 2 decimals', () => {
    for (const e of entries) {
      const numbers = [...Object.values(e.phases), e.usagePerYear, e.production, e.total, e.endOfLife];
      for (const n of numbers) {
        expect(Number.isFinite(n), e.slug).toBe(true);
        expect(Math.abs(n * 100 - Math.round(n * 100)), `${e.slug} ${n}`).toBeLessThan(1e-6);
      }
      for (const n of [...Object.values(e.phases), e.usagePerYear, e.production, e.total]) {
        expect(n, e.slug).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('has integer lifespans between 1 and 30 years', () => {
    for (const e of entries) {
      expect(Number.isInteger(e.lifespanYears), e.slug).toBe(true);
      expect(e.lifespanYears, e.slug).toBeGreaterThanOrEqual(1);
      expect(e.lifespanYears, e.slug).toBeLessThanOrEqual(30);
    }
  });

  it('cites a non-empty source for every figure', () => {
    for (const e of entries) {
      for (const key of ['phases', 'usage', 'endOfLife', 'lifespan'] as const) {
        expect(typeof e.sources[key], `${e.slug} ${key}`).toBe('string');
        expect(e.sources[key].trim(), `${e.slug} ${key}`).not.toBe('');
      }
    }
  });

  it('copies the ADEME / Impact CO2 figures of the data set', () => {
    for (const [slug, ref] of Object.entries(ADEME)) {
      const e = bySlug.get(slug)!;
      expect(e.status).toBe('ademe');
      expect(Math.abs(e.phases.rawMaterials - ref.rawMaterials), `${slug} rawMaterials`).toBeLessThanOrEqual(ROUNDING);
      expect(Math.abs(e.usagePerYear - ref.usagePerYear), `${slug} usagePerYear`).toBeLessThanOrEqual(ROUNDING);
      expect(e.lifespanYears, `${slug} lifespan`).toBe(ref.lifespan);
      // The total is recomputed from the 2-decimal figures: at most a few hundredths from total_kg.
      expect(Math.abs(e.total - ref.totalKg), `${slug} total`).toBeLessThanOrEqual(0.05);
      for (const key of ['phases', 'usage', 'endOfLife', 'lifespan'] as const) {
        expect(e.sources[key], `${slug} ${key}`).toContain('ADEME, base Impact CO2');
      }
    }
  });

  it('keeps the Nos Gestes Climat manufacturing totals and lifespans, with estimated figures labelled', () => {
    for (const [slug, ref] of Object.entries(NGC)) {
      const e = bySlug.get(slug)!;
      expect(e.status).toBe('estimated-phases');
      expect(Math.abs(e.production - ref.manufacturingKg), `${slug} production`).toBeLessThanOrEqual(ROUNDING);
      expect(e.lifespanYears, `${slug} lifespan`).toBe(ref.lifespan);
      expect(e.sources.phases).toContain('Nos Gestes Climat');
      for (const key of ['phases', 'usage', 'endOfLife'] as const) {
        expect(e.sources[key], `${slug} ${key}`).toMatch(/estimation EcoFoyer/i);
      }
    }
  });

  it('labels every figure of the entries without data as "estimation EcoFoyer"', () => {
    for (const e of entries.filter((x) => x.status === 'estimated')) {
      for (const key of ['phases', 'usage', 'endOfLife', 'lifespan'] as const) {
        expect(e.sources[key], `${e.slug} ${key}`).toMatch(/estimation EcoFoyer/i);
      }
    }
  });
});
