import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMARTFIX_KINDS } from '@ecofoyer/contracts';
import { describe, expect, it } from 'vitest';
import { KIND_PATTERNS, kindOfRecord } from './smartfix-kinds.ts';
import {
  SMARTFIX_MODEL_FILE,
  type SmartfixInput,
  explain,
  loadSmartfixModel,
  normalizeBrand,
  predictProbability,
  symptomsOf,
} from './smartfix-model.ts';
import { evaluateSplit, labelledExamples, problemForTraining, readOrdsRecords } from '../../../training/smartfix-train.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const ORDS_DIR = path.join(REPO_ROOT, 'datasets/ords');

describe('smart-fix training (CI check, time split)', () => {
  // One λ and fewer passes than scripts/smartfix-train.ts (~3 s): the bar (beat the base-rate fallback) still holds.
  it('trains on older records and beats the per-category base rate in Brier score on newer ones, with calibrated deciles', () => {
    const examples = labelledExamples(readOrdsRecords(ORDS_DIR).records);
    expect(examples.length).toBe(52_533);
    const r = evaluateSplit(examples, 'time', { lambdas: [1e-3], iterations: 150 });
    expect(r.trainDates[1] < r.testDates[0]).toBe(true);
    expect(r.model.brier).toBeLessThan(r.categoryBaseRate.brier);
    expect(r.model.auc).toBeGreaterThan(r.categoryBaseRate.auc);
    expect(r.model.deciles.reduce((s, d) => s + d.count, 0)).toBe(r.test);
    for (const d of r.model.deciles) expect(Math.abs(d.meanPredicted - d.observed)).toBeLessThan(0.08);
  });
});

describe('committed model.json', () => {
  const model = loadSmartfixModel();
  const p = (input: Partial<SmartfixInput>) =>
    predictProbability(model, { categoryId: 28, kind: null, brand: '', age: null, problem: '', ...input });

  it('loads, stays small and gives deterministic probabilities in (0, 1)', () => {
    expect(statSync(SMARTFIX_MODEL_FILE).size).toBeLessThan(64 * 1024);
    const inputs: Partial<SmartfixInput>[] = [
      { categoryId: 19, brand: 'Samsung', age: 4, problem: 'screen cracked' },
      { categoryId: 17, kind: 'lave-linge', brand: 'Bosch', age: 8, problem: 'fuite d’eau, ne vidange plus' },
      { categoryId: 8, brand: 'unknown', age: 12, problem: "l'écran ne s'allume plus" },
    ];
    for (const input of inputs) {
      const value = p(input);
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(1);
      expect(predictProbability(loadSmartfixModel(), { categoryId: 28, kind: null, brand: '', age: null, problem: '', ...input })).toBe(
        value,
      );
    }
  });

  it('has the average repair rate of every category and of the finer kinds, a washing machine its own', () => {
    for (let id = 1; id <= 40; id++) expect(model.rates.categories[String(id)]?.records, String(id)).toBeGreaterThan(0);
    const washing = model.rates.kinds['lave-linge'];
    expect(washing.records).toBeGreaterThan(10);
    expect(washing.rate).not.toBe(model.rates.categories['17'].rate);
    // The kind feature moves the estimate of a washing machine away from the generic large appliance.
    expect(p({ categoryId: 17, kind: 'lave-linge' })).not.toBe(p({ categoryId: 17 }));
  });

  it('starts from the average of the kind, else of the category: with nothing told, the estimate is that average', () => {
    expect(p({ categoryId: 17, kind: 'lave-linge' })).toBeCloseTo(model.rates.kinds['lave-linge'].rate, 6);
    expect(p({ categoryId: 17, brand: 'Ukendt', problem: 'needs testing' })).toBeCloseTo(model.rates.categories['17'].rate, 6);
    // Each told thing moves it; together they explain the whole gap in log-odds.
    const input: SmartfixInput = { categoryId: 17, kind: 'lave-linge', brand: 'Bosch', age: 12, problem: 'fuite d’eau' };
    const { probability, average, factors } = explain(model, input);
    expect(average).toEqual(model.rates.kinds['lave-linge']);
    expect(factors.length).toBeGreaterThan(0);
    expect(Math.sign(probability - average.rate)).toBe(Math.sign(factors.reduce((s, f) => s + f.points, 0)));
  });

  it('gives no weight to the repairers’ words of the records, only to symptoms a user writes', () => {
    const base = p({ categoryId: 14, problem: 'not heating' });
    for (const notes of [
      'needs new part',
      'testing',
      'safety check',
      'PAT test passed',
      'replaced',
      'advice given',
      'parts ordered',
      'volunteer suggested',
    ]) {
      expect(p({ categoryId: 14, problem: `not heating. ${notes}` }), notes).toBe(base);
      expect(symptomsOf(notes)).toEqual([]);
    }
    expect(p({ categoryId: 14, problem: 'ne chauffe plus' })).toBe(base);
    expect(p({ categoryId: 14, problem: 'le câble est abîmé' })).not.toBe(p({ categoryId: 14 }));
  });

  it('reads French symptoms through the gloss, and names what moved the estimate', () => {
    expect(symptomsOf('fuite d’eau sous la machine')).toEqual(expect.arrayContaining(['leak', 'water']));
    expect(symptomsOf('Mon grille-pain ne s’allume plus')).toContain('no-power');
    expect(symptomsOf('odeur de brûlé')).toContain('burning');
    expect(symptomsOf('The supported model')).toEqual([]); // « porte » inside an English word is no door
    const { factors } = explain(model, { categoryId: 14, kind: null, brand: 'Philips', age: 30, problem: 'ne chauffe plus' });
    expect(factors.map((f) => f.kind).sort()).toEqual(['age', 'brand', 'symptom']);
    expect(factors.find((f) => f.kind === 'symptom')!.points).toBeLessThan(0); // kettles that no longer heat are repaired less
  });
});

describe('finer kinds and text of the records', () => {
  it('match the contracts’ kinds, each looked for in its own category', () => {
    expect(KIND_PATTERNS.map((k) => k.id).sort()).toEqual(SMARTFIX_KINDS.map((k) => k.id).sort());
    for (const kind of SMARTFIX_KINDS) expect(KIND_PATTERNS.find((k) => k.id === kind.id)!.from, kind.id).toContain(kind.categoryId);
  });

  it('reads the providers’ labels in Danish, English and Dutch, and does not take a pressure washer for a washing machine', () => {
    expect(kindOfRecord(17, 'Husholdningsapparater ~ Vaskemaskine', '')).toBe('lave-linge');
    expect(kindOfRecord(17, 'Husholdningsapparater ~ Opvaskemaskine', '')).toBe('lave-vaisselle');
    expect(kindOfRecord(17, 'Electrical Item ~ Large Home Electrical', 'Washing machine not spinning')).toBe('lave-linge');
    expect(kindOfRecord(17, 'Large home electrical', 'Koelkast koelt niet meer')).toBe('refrigerateur');
    expect(kindOfRecord(24, 'Electrical Item ~ Power Tool e.g. DIY tool', 'pressure washer will not start')).toBe(
      'nettoyeur-haute-pression',
    );
    expect(kindOfRecord(9, 'Hair trimmer', '')).toBe('rasoir');
    expect(kindOfRecord(28, 'Electrical Item ~ Misc', 'Item stopped working')).toBeNull();
  });

  it('normalises brands and keeps the first sentence of a description', () => {
    expect(normalizeBrand('  Phillips ')).toBe('philips');
    for (const unknown of ['Unknown', 'ukendt', 'N/A', 'other', '-', 'Onbekend']) expect(normalizeBrand(unknown)).toBe('');
    expect(problemForTraining('Item stopped working. Replaced fuse.')).toBe('Item stopped working.');
  });
});
