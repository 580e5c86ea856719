import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { F, SMARTFIX_MODEL_FILE, type SmartfixInput, featurize, loadSmartfixModel, normalizeBrand, predictProbability, tokenize } from './smartfix-model.ts';
import { problemForTraining, trainAndEvaluate } from './smartfix-train.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const ORDS_DIR = path.join(REPO_ROOT, 'datasets/ords');

describe('smart-fix training (CI check on a fixed sample)', () => {
  // 24,000 of the 52,533 labelled records (~5–7 s), not 8,000: with 8,000 the published model's edge
  // over the category base rate is below the noise of a 1,600-record test part (8 seeds: mean +0.003
  // AUC, 4 of 8 below the base rate in AUC and in Brier). With 24,000 it beats it on all 8 seeds
  // (AUC +0.007 to +0.037, Brier −0.0005 to −0.0039). The plain fit without the provider adjustment
  // does beat it at 8,000, but by recognising the data provider (see bench/smartfix/README.md).
  it('beats the per-category base rate on its held-out part (AUC and Brier)', () => {
    const { model, report } = trainAndEvaluate({ dir: ORDS_DIR, sample: 24_000 });
    expect(report.data.train + report.data.test).toBe(24_000);
    expect(report.data.recordsRead).toBe(59_604);
    expect(report.model.auc).toBeGreaterThan(report.baseRate.auc);
    expect(report.model.brier).toBeLessThan(report.baseRate.brier);
    expect(report.model.calibration.reduce((s, b) => s + b.count, 0)).toBe(report.data.test);
    expect(model.dense.length).toBeGreaterThan(F.BRAND);
  });
});

describe('committed model.json', () => {
  const model = loadSmartfixModel();
  const p = (input: Partial<SmartfixInput>) => predictProbability(model, { categoryId: 28, brand: '', age: null, problem: '', ...input });

  it('loads, stays small and gives deterministic probabilities in (0, 1)', () => {
    expect(statSync(SMARTFIX_MODEL_FILE).size).toBeLessThan(2 * 1024 * 1024);
    expect(model.threshold).toBe(0.5);
    const inputs: SmartfixInput[] = [
      { categoryId: 19, brand: 'Samsung', age: 4, problem: 'screen cracked' },
      { categoryId: 14, brand: 'Philips', age: null, problem: 'not heating' },
      { categoryId: 34, brand: 'Dyson', age: 8, problem: 'no suction, motor noisy' },
      { categoryId: 8, brand: 'unknown', age: 12, problem: "l'écran ne s'allume plus" },
    ];
    const again = loadSmartfixModel();
    for (const input of inputs) {
      const value = predictProbability(model, input);
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(1);
      expect(predictProbability(model, input)).toBe(value);
      expect(predictProbability(again, input)).toBe(value);
    }
  });

  // Orderings backed by many records (cleaned text, all categories): "flex/cable/wire/lead" 990
  // records, 89 % repaired; "not heating" 212 records, 54 %; "screen/crack" 254, 81 %; "won't
  // turn on" 500, 70 %.
  it('ranks problems as the repair records do', () => {
    for (const categoryId of [14, 28, 29, 31, 40]) {
      expect(p({ categoryId, problem: 'damaged flex cable' })).toBeGreaterThan(p({ categoryId, problem: 'not heating' }));
    }
    expect(p({ categoryId: 19, problem: 'screen cracked' })).toBeGreaterThan(p({ categoryId: 19, problem: "won't turn on" }));
    // Lamps are far more often repaired than flat screens (90 % vs 58 % in the data).
    expect(p({ categoryId: 15 })).toBeGreaterThan(p({ categoryId: 8 }));
  });
});

describe('featurize', () => {
  const model = loadSmartfixModel();

  it('handles a missing brand, a null age, empty and non-Latin text without throwing', () => {
    const odd: SmartfixInput[] = [
      { categoryId: 28, brand: '', age: null, problem: '' },
      { categoryId: 28, brand: undefined as unknown as string, age: Number.NaN, problem: undefined as unknown as string },
      { categoryId: 0, brand: 'n/a', age: -3, problem: '   ' },
      { categoryId: 99, brand: 'Ukendt', age: 300, problem: '屏幕坏了，无法开机' },
      { categoryId: 19, brand: 'Xiaomi', age: 2.5, problem: 'экран разбит 🙁 الشاشة مكسورة' },
      { categoryId: Number.NaN, brand: '???', age: null, problem: '\\r\\n...' },
    ];
    for (const input of odd) {
      const x = featurize(input, model);
      expect(x.get(F.BIAS)).toBe(1);
      const value = predictProbability(model, input);
      expect(Number.isFinite(value) && value > 0 && value < 1).toBe(true);
    }
    const empty = featurize(odd[0], model);
    expect(empty.has(F.AGE)).toBe(true); // age bucket "unknown"
    expect(empty.has(F.UNKNOWN_BRAND)).toBe(true);
    expect(empty.has(F.EMPTY_TEXT)).toBe(true);
    expect(featurize(odd[3], model).has(F.UNKNOWN_CATEGORY)).toBe(true);
    expect(tokenize('屏幕坏了 Écran CASSÉ')).toEqual(['屏幕坏了', 'ecran', 'casse']);
  });

  it('normalises brands and strips outcome notes from training text', () => {
    expect(normalizeBrand('  Phillips ')).toBe('philips');
    expect(normalizeBrand('De’Longhi')).toBe(normalizeBrand('Delonghi'));
    for (const unknown of ['Unknown', 'ukendt', 'N/A', 'other', '-', 'Onbekend']) expect(normalizeBrand(unknown)).toBe('');
    expect(problemForTraining('Item stopped working. Replaced fuse.')).toBe('Item stopped working.');
    expect(problemForTraining('. Repair was not successful. N/A.')).toBe('');
  });
});
