import { describe, expect, it } from 'vitest';
import type { CarbonEntry } from '../carbon.ts';
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
  e.phases.rawMaterials + e.phases.supply + e.phases.forming + e.phases.assemblyAndDistribution;

describe('carbon dataset (spec §3, §9)', () => {
  it('has 22 entries with unique slugs matching the data set', () => {
    expect(entries).toHaveLength(22);
    expect(new Set(entries.map((e) => e.slug)).size).toBe(22);
    expect(entries.map((e) => e.slug)).toEqual(DATASET.map(([slug]) => slug));
  });

  it('gives each entry the expected status (11 ademe, 5 estimated-phases, 6 estimated)', () => {
    for (const [slug, status] of DATASET) expect(bySlug.get(slug)?.status, slug).toBe(status);
  });

  it('has a name and exactly the four phases, assembly and distribution being one combined figure', () => {
    for (const e of entries) {
      expect(e.name.trim(), e.slug).not.toBe('');
      expect(Object.keys(e.phases).sort(), e.slug).toEqual(
        ['assemblyAndDistribution', 'forming', 'rawMaterials', 'supply'],
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
        expect(e.sources[key], `${slug} ${key}`).toContain('ADEME / Impact CO2');
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
        expect(e.sources[key], `${slug} ${key}`).toContain('estimation EcoFoyer');
      }
    }
  });

  it('labels every figure of the entries without data as "estimation EcoFoyer"', () => {
    for (const e of entries.filter((x) => x.status === 'estimated')) {
      for (const key of ['phases', 'usage', 'endOfLife', 'lifespan'] as const) {
        expect(e.sources[key], `${e.slug} ${key}`).toContain('estimation EcoFoyer');
      }
    }
  });
});
