/**
 * Training and held-out evaluation of the smart-fix repairability model (smartfix-model.ts) on the
 * Open Repair Alliance records (ORDS v0.3, datasets/ords, CC BY-SA 4.0).
 *
 * Deterministic: labelled records are ordered by a seeded FNV-1a hash of their id; the first 80 %
 * train (their last fifth is the validation part that picks the L2 strength and checks the
 * calibration), the other 20 % are the held-out test. The final model is refitted on the whole
 * training part. The per-category base rate (the category's repair rate in train) is the bar.
 *
 * Two corrections of the data, both measured in bench/smartfix/README.md:
 * - the `problem` field of several providers also holds the repairer's notes ("Replaced fuse, works
 *   OK", "Repair was not successful"): the model trains on the first sentence without outcome words;
 * - the providers differ in repair rate and in what they record (Denmark and Toronto never give a
 *   problem text, only Repair Connects and Fixit Clinic give ages), so a plain fit learns "no text" or
 *   "age given" as a provider marker. A data-provider effect is fitted (unpenalised) during training
 *   and averaged out in the published model, which never sees the provider.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import {
  F,
  SMARTFIX_MODEL_VERSION,
  type SmartfixInput,
  type SmartfixModel,
  featureName,
  featurize,
  fnv1a,
  normalizeBrand,
  sigmoid,
  textBuckets,
  textOffset,
} from './smartfix-model.ts';

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

export interface OrdsRecord {
  id: string;
  data_provider: string;
  product_category_id: string;
  brand: string;
  year_of_manufacture: string;
  product_age: string;
  repair_status: string;
  event_date: string;
  problem: string;
}

export interface Example {
  id: string;
  provider: string;
  input: SmartfixInput;
  label: 0 | 1;
}

const PARTNER_FILE = /^OpenRepairData_v0\.3_(?!Product_Categories).+\.csv$/;

/** All records of the ORDS partner CSV files of dir (csv-parse sync API). */
export function readOrdsRecords(dir: string): { files: string[]; records: OrdsRecord[] } {
  const files = readdirSync(dir).filter((f) => PARTNER_FILE.test(f)).sort();
  if (files.length === 0) throw new Error(`no ORDS partner CSV in ${dir}`);
  const records: OrdsRecord[] = [];
  for (const file of files) {
    const rows = parse(readFileSync(path.join(dir, file)), { columns: true, skip_empty_lines: true, bom: true }) as OrdsRecord[];
    records.push(...rows);
  }
  return { files, records };
}

/** ORDS category names by id, from OpenRepairData_v0.3_Product_Categories.csv. */
export function readCategoryNames(dir: string): Map<number, string> {
  const rows = parse(readFileSync(path.join(dir, 'OpenRepairData_v0.3_Product_Categories.csv')), { columns: true, bom: true }) as {
    product_category_id: string;
    product_category: string;
  }[];
  return new Map(rows.map((r) => [Number(r.product_category_id), r.product_category]));
}

/** 1 for Fixed / Repairable, 0 for End of life, null (dropped) for Unknown or empty. */
export function labelOf(status: string): 0 | 1 | null {
  const s = status.trim().toLowerCase();
  if (s === 'fixed' || s === 'repairable') return 1;
  if (s === 'end of life') return 0;
  return null;
}

/** product_age, else event year − year_of_manufacture, else null. */
export function ageOf(r: OrdsRecord): number | null {
  const age = r.product_age.trim() === '' ? NaN : Number(r.product_age);
  if (Number.isFinite(age) && age >= 0) return age;
  const made = Number(r.year_of_manufacture);
  const year = Number(r.event_date.slice(0, 4));
  if (r.year_of_manufacture.trim() !== '' && Number.isFinite(made) && Number.isFinite(year) && year >= made) return year - made;
  return null;
}

/**
 * Words that report the outcome of the repair, not the problem. Several providers write the
 * repairers' notes into `problem` ("Replaced fuse, works OK", "Not economically repairable",
 * "Repair was not successful"); a user of the app describes a symptom before any repair, so these
 * words would only teach the model to read the answer. They are removed from the training text.
 */
const OUTCOME_WORDS = new Set(
  (
    'fixed repaired repair repairs repairable unrepairable irreparable replaced replacing replacement mended resolved ' +
    'successful successfully unsuccessful success eol advised recommended suggested recycle recycled recycling scrap ' +
    'scrapped economically tested soldered resoldered cleaned fitted refitted reassembled ' +
    'volunteer volunteers clinic fixit customer owner pat gerepareerd hersteld vervangen gemaakt nagekeken schoongemaakt ' +
    'repareret udskiftet lavet fikset'
  ).split(' '),
);

/**
 * Problem text as the owner would state it: the first sentence of the record's `problem` (the rest
 * is mostly the repairer's notes), without the outcome words. Training-side only.
 */
export function problemForTraining(problem: string, firstSentence = true): string {
  const text = problem.replace(/\\[rnt]/g, ' ').trim();
  const kept = firstSentence ? (text.split(/(?<=[.!?])\s+|\s*\n\s*|\.{2,}/)[0] ?? '') : text;
  return kept
    .split(/\s+/)
    .filter((w) => {
      const word = w.toLowerCase().replace(/[^\p{L}]+/gu, '');
      return word !== '' && !OUTCOME_WORDS.has(word);
    })
    .join(' ');
}

export interface DataVariant {
  /**
   * Training text: 'first-sentence' (default: first sentence without outcome words),
   * 'outcome-words' (whole text without outcome words) or 'none' (the raw `problem`).
   */
  textCleaning?: 'first-sentence' | 'outcome-words' | 'none';
}

/** Labelled examples in the seeded shuffled order. */
export function labelledExamples(records: OrdsRecord[], seed: number, variant: DataVariant = {}): Example[] {
  const cleaning = variant.textCleaning ?? 'first-sentence';
  const out: (Example & { key: number })[] = [];
  for (const r of records) {
    const label = labelOf(r.repair_status);
    if (label === null) continue;
    const problem = cleaning === 'none' ? r.problem : problemForTraining(r.problem, cleaning === 'first-sentence');
    out.push({
      id: r.id,
      provider: r.data_provider,
      label,
      key: fnv1a(`${seed}:${r.id}`),
      input: { categoryId: Number(r.product_category_id), brand: r.brand, age: ageOf(r), problem },
    });
  }
  out.sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return out.map(({ key: _key, ...e }) => e);
}

// ---------------------------------------------------------------------------------------------
// Logistic regression
// ---------------------------------------------------------------------------------------------

interface Design {
  rowStart: Int32Array;
  ids: Int32Array;
  values: Float64Array;
  y: Float64Array;
  dim: number;
}

/** Sparse design matrix; nuisance (training-only) features are appended after the text space. */
function design(examples: Example[], model: Pick<SmartfixModel, 'brands' | 'hashBits' | 'text' | 'noTextFeature'>, nuisance?: (e: Example) => number | undefined): Design {
  const base = textOffset(model) + 2 ** model.hashBits;
  const rows = examples.map((e) => {
    const x = featurize(e.input, model);
    const extra = nuisance?.(e);
    if (extra !== undefined) x.set(base + extra, 1);
    return x;
  });
  const nnz = rows.reduce((s, x) => s + x.size, 0);
  const rowStart = new Int32Array(rows.length + 1);
  const ids = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  let k = 0;
  rows.forEach((x, i) => {
    rowStart[i] = k;
    for (const [id, v] of x) {
      ids[k] = id;
      values[k++] = v;
    }
  });
  rowStart[rows.length] = k;
  return { rowStart, ids, values, y: Float64Array.from(examples, (e) => e.label), dim: base + 64 };
}

function scores(d: Design, w: Float64Array): Float64Array {
  const n = d.y.length;
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = d.rowStart[i]; k < d.rowStart[i + 1]; k++) s += w[d.ids[k]] * d.values[k];
    z[i] = s;
  }
  return z;
}

export interface FitOptions {
  lambda: number;
  iterations: number;
  /** Feature ids without L2 (bias and nuisance features). */
  unpenalized: (id: number) => boolean;
}

/**
 * Minimises mean log loss + λ/2 ‖w‖² (bias and nuisance features unpenalised) by full-batch
 * gradient descent with Adam steps: deterministic, no ordering effects, converges in a few hundred
 * passes on this problem.
 */
function fit(d: Design, options: FitOptions): Float64Array {
  const { lambda, iterations } = options;
  const n = d.y.length;
  const w = new Float64Array(d.dim);
  const m = new Float64Array(d.dim);
  const v = new Float64Array(d.dim);
  const grad = new Float64Array(d.dim);
  const used = new Uint8Array(d.dim);
  for (const id of d.ids) used[id] = 1;
  const active = Int32Array.from([...used.keys()].filter((j) => used[j]));
  const penalized = Uint8Array.from(active, (j) => (options.unpenalized(j) ? 0 : 1));
  // Prior log-odds as the starting bias.
  const mean = d.y.reduce((s, y) => s + y, 0) / n;
  w[F.BIAS] = Math.log(Math.max(mean, 1e-6) / Math.max(1 - mean, 1e-6));
  const lr = 0.05;
  const b1 = 0.9;
  const b2 = 0.999;
  for (let t = 1; t <= iterations; t++) {
    grad.fill(0);
    const z = scores(d, w);
    for (let i = 0; i < n; i++) {
      const r = (sigmoid(z[i]) - d.y[i]) / n;
      for (let k = d.rowStart[i]; k < d.rowStart[i + 1]; k++) grad[d.ids[k]] += r * d.values[k];
    }
    const c1 = 1 - b1 ** t;
    const c2 = 1 - b2 ** t;
    for (let a = 0; a < active.length; a++) {
      const j = active[a];
      const g = grad[j] + (penalized[a] ? lambda * w[j] : 0);
      m[j] = b1 * m[j] + (1 - b1) * g;
      v[j] = b2 * v[j] + (1 - b2) * g * g;
      w[j] -= (lr * (m[j] / c1)) / (Math.sqrt(v[j] / c2) + 1e-8);
    }
  }
  return w;
}

// ---------------------------------------------------------------------------------------------
// Metrics
// ---------------------------------------------------------------------------------------------

export interface Metrics {
  count: number;
  accuracy: number;
  auc: number;
  brier: number;
  logLoss: number;
}

export interface CalibrationBin {
  from: number;
  to: number;
  count: number;
  meanPredicted: number | null;
  observed: number | null;
}

const EPS = 1e-6;

/** ROC AUC (Mann–Whitney, ties count half). */
export function rocAuc(p: ArrayLike<number>, y: ArrayLike<number>): number {
  const order = Array.from({ length: p.length }, (_, i) => i).sort((a, b) => p[a] - p[b]);
  let positives = 0;
  let rankSum = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && p[order[j + 1]] === p[order[i]]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (y[order[k]] === 1) {
      positives++;
      rankSum += rank;
    }
    i = j + 1;
  }
  const negatives = order.length - positives;
  if (positives === 0 || negatives === 0) return NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

export function metrics(p: ArrayLike<number>, y: ArrayLike<number>, threshold = 0.5): Metrics {
  let correct = 0;
  let brier = 0;
  let logLoss = 0;
  for (let i = 0; i < p.length; i++) {
    const q = Math.min(1 - EPS, Math.max(EPS, p[i]));
    if ((p[i] >= threshold ? 1 : 0) === y[i]) correct++;
    brier += (p[i] - y[i]) ** 2;
    logLoss -= y[i] === 1 ? Math.log(q) : Math.log(1 - q);
  }
  const n = p.length;
  return { count: n, accuracy: correct / n, auc: rocAuc(p, y), brier: brier / n, logLoss: logLoss / n };
}

/** Ten equal-width bins of predicted probability. */
export function calibrationTable(p: ArrayLike<number>, y: ArrayLike<number>, bins = 10): CalibrationBin[] {
  const sum = new Float64Array(bins);
  const pos = new Float64Array(bins);
  const count = new Float64Array(bins);
  for (let i = 0; i < p.length; i++) {
    const b = Math.min(bins - 1, Math.floor(p[i] * bins));
    sum[b] += p[i];
    pos[b] += y[i];
    count[b]++;
  }
  return Array.from({ length: bins }, (_, b) => ({
    from: b / bins,
    to: (b + 1) / bins,
    count: count[b],
    meanPredicted: count[b] ? round(sum[b] / count[b], 4) : null,
    observed: count[b] ? round(pos[b] / count[b], 4) : null,
  }));
}

const round = (x: number, digits: number) => Number(x.toFixed(digits));
/** 4 significant digits. */
const sig4 = (x: number) => (x === 0 ? 0 : Number(x.toPrecision(4)));

// ---------------------------------------------------------------------------------------------
// Training + evaluation
// ---------------------------------------------------------------------------------------------

export interface TrainOptions extends DataVariant {
  /** Folder holding the ORDS CSV files. */
  dir: string;
  /** Keep only the first N shuffled labelled records (CI check). */
  sample?: number;
  seed?: number;
  hashBits?: number;
  /** A brand gets its own weight when seen this many times in training (default 15). */
  minBrandCount?: number;
  /** A text bucket is in the vocabulary when present in this many training texts (default 3). */
  minTextCount?: number;
  /** Add a "no known word in the problem text" feature (default true). */
  noTextFeature?: boolean;
  /** Category weights without L2, like the base rate they refine (default true). */
  unpenalizedCategories?: boolean;
  /** L2 strengths tried on the validation part (default 3e-5 … 1e-2). */
  lambdas?: number[];
  iterations?: number;
  /**
   * Learn an unpenalised data-provider effect during training and average it out in the
   * published model (default true); see bench/smartfix/README.md.
   */
  providerAdjustment?: boolean;
  /** Transfer check: test on all the records of this data provider, train on the others. */
  holdOutProvider?: string;
}

export interface PredictorReport extends Metrics {
  calibration: CalibrationBin[];
}

export interface EvaluationReport {
  data: {
    files: string[];
    recordsRead: number;
    labelled: number;
    droppedUnknownStatus: number;
    sample: number | null;
    train: number;
    validation: number;
    test: number;
    positiveRate: number;
    positiveRateTrain: number;
    positiveRateTest: number;
    seed: number;
  };
  model: PredictorReport;
  baseRate: PredictorReport;
  /** model − base rate (AUC, accuracy: higher is better; Brier, log loss: lower is better). */
  improvement: { auc: number; accuracy: number; brier: number; logLoss: number; brierSkill: number };
  /** Held-out test records with / without a problem text (the providers without text are Denmark and Toronto). */
  subsets: { name: string; count: number; model: Metrics; baseRate: Metrics }[];
  /** The 10 largest categories of the test part: AUC of the model within the category (the base rate is constant there). */
  perCategory: { categoryId: number; name: string; count: number; positiveRate: number; auc: number; brier: number; baseBrier: number }[];
  training: {
    lambda: number;
    lambdaSearch: { lambda: number; validationLogLoss: number; validationAuc: number }[];
    iterations: number;
    hashBits: number;
    minBrandCount: number;
    minTextCount: number;
    noTextFeature: boolean;
    brands: number;
    textWeights: number;
    textCleaning: string;
    providerAdjustment: boolean;
    providerEffects: Record<string, number>;
    validationCalibration: CalibrationBin[];
    /**
     * Platt scaling p' = σ(a·logit(p) + b) fitted on the validation part, with the validation log loss
     * before and after. Not applied to the model when a ≈ 1 and b ≈ 0 (the gain is then negligible).
     */
    platt: { a: number; b: number; validationLogLoss: number; validationLogLossScaled: number };
    /** Share of held-out records under the threshold (predicted "end of life"). */
    predictedNegativeShare: number;
    topFeatures: { feature: string; weight: number }[];
    seconds: number;
  };
}

export function trainAndEvaluate(options: TrainOptions): { model: SmartfixModel; report: EvaluationReport } {
  const started = performance.now();
  const seed = options.seed ?? 20251016;
  const hashBits = options.hashBits ?? 18;
  const minBrandCount = options.minBrandCount ?? 15;
  const minTextCount = options.minTextCount ?? 3;
  const unpenalizedCategories = options.unpenalizedCategories ?? true;
  const noTextFeature = options.noTextFeature ?? true;
  const lambdas = options.lambdas ?? [3e-5, 1e-4, 3e-4, 1e-3, 3e-3, 1e-2];
  const iterations = options.iterations ?? 300;
  const providerAdjustment = options.providerAdjustment ?? true;
  const textCleaning = options.textCleaning ?? 'first-sentence';

  const { files, records } = readOrdsRecords(options.dir);
  const names = readCategoryNames(options.dir);
  const all = labelledExamples(records, seed, { textCleaning });
  const examples = options.sample ? all.slice(0, options.sample) : all;
  const nTrain = Math.round(examples.length * 0.8);
  const heldOut = options.holdOutProvider;
  const train = heldOut ? examples.filter((e) => e.provider !== heldOut) : examples.slice(0, nTrain);
  const test = heldOut ? examples.filter((e) => e.provider === heldOut) : examples.slice(nTrain);
  const nFit = Math.round(train.length * 0.8);
  const fitPart = train.slice(0, nFit);
  const validation = train.slice(nFit);

  const providers = [...new Set(train.map((e) => e.provider))].sort();
  const providerIndex = new Map(providers.map((p, i) => [p, i]));

  /** Fits on `part` with `lambda`; returns a model whose bias includes the averaged provider effect. */
  const fitModel = (part: Example[], lambda: number) => {
    const brandCounts = new Map<string, number>();
    for (const e of part) {
      const b = normalizeBrand(e.input.brand);
      if (b) brandCounts.set(b, (brandCounts.get(b) ?? 0) + 1);
    }
    const brands = [...brandCounts].filter(([, c]) => c >= minBrandCount).map(([b]) => b).sort();
    // Text vocabulary: buckets present in at least minTextCount texts of the fitted records.
    const textCounts = new Map<number, number>();
    for (const e of part) for (const b of textBuckets(e.input.problem, hashBits)) textCounts.set(b, (textCounts.get(b) ?? 0) + 1);
    const vocabulary = [...textCounts].filter(([, c]) => c >= minTextCount).map(([b]) => b).sort((a, b) => a - b);
    const shape = { brands, hashBits, noTextFeature, text: vocabulary.map((b): [number, number] => [b, 0]) };
    const offset = textOffset(shape);
    const nuisanceBase = offset + 2 ** hashBits;
    const d = design(part, shape, providerAdjustment ? (e) => providerIndex.get(e.provider) : undefined);
    const free = (id: number) => id === F.BIAS || id >= nuisanceBase || (unpenalizedCategories && id <= F.UNKNOWN_CATEGORY);
    const w = fit(d, { lambda, iterations, unpenalized: free });
    // Average the provider effects with the providers' shares of the fitted records.
    const providerEffects: Record<string, number> = {};
    let shift = 0;
    if (providerAdjustment) {
      for (const p of providers) {
        const share = part.filter((e) => e.provider === p).length / part.length;
        const effect = w[nuisanceBase + providerIndex.get(p)!];
        providerEffects[p] = round(effect, 4);
        shift += share * effect;
      }
    }
    const dense = Array.from(w.subarray(0, offset), sig4);
    dense[F.BIAS] = sig4(w[F.BIAS] + shift);
    const text = vocabulary.map((b): [number, number] => [b, sig4(w[offset + b])]);
    const model: SmartfixModel = { version: SMARTFIX_MODEL_VERSION, threshold: 0.5, hashBits, noTextFeature, brands, dense, text };
    return { model, providerEffects };
  };
  const predictAll = (model: SmartfixModel, part: Example[]) => {
    const d = design(part, model);
    const w = new Float64Array(d.dim);
    model.dense.forEach((x, i) => (w[i] = x));
    const offset = textOffset(model);
    for (const [b, x] of model.text) w[offset + b] = x;
    return Float64Array.from(scores(d, w), sigmoid);
  };

  // L2 strength chosen on the validation part (last fifth of train).
  const yValidation = validation.map((e) => e.label);
  const lambdaSearch = lambdas.map((lambda) => {
    const p = predictAll(fitModel(fitPart, lambda).model, validation);
    const m = metrics(p, yValidation);
    return { lambda, validationLogLoss: round(m.logLoss, 5), validationAuc: round(m.auc, 5), p };
  });
  const best = lambdaSearch.reduce((a, b) => (b.validationLogLoss < a.validationLogLoss ? b : a));
  const validationCalibration = calibrationTable(best.p, yValidation);
  const platt = plattScaling(best.p, yValidation);

  // Final model on the whole training part.
  const { model, providerEffects } = fitModel(train, best.lambda);

  // Held-out test: model vs the per-category base rate of train.
  const yTest = test.map((e) => e.label);
  const pModel = predictAll(model, test);
  const trainRate = train.reduce((s, e) => s + e.label, 0) / train.length;
  const categoryStats = new Map<number, [number, number]>();
  for (const e of train) {
    const s = categoryStats.get(e.input.categoryId) ?? [0, 0];
    s[0]++;
    s[1] += e.label;
    categoryStats.set(e.input.categoryId, s);
  }
  const baseRateOf = (categoryId: number) => {
    const s = categoryStats.get(categoryId);
    return s ? s[1] / s[0] : trainRate;
  };
  const pBase = Float64Array.from(test, (e) => baseRateOf(e.input.categoryId));
  const mModel = metrics(pModel, yTest, model.threshold);
  const mBase = metrics(pBase, yTest, model.threshold);

  const subset = (name: string, keep: (e: Example) => boolean) => {
    const idx = test.flatMap((e, i) => (keep(e) ? [i] : []));
    const y = idx.map((i) => yTest[i]);
    return {
      name,
      count: idx.length,
      model: roundMetrics(metrics(idx.map((i) => pModel[i]), y, model.threshold)),
      baseRate: roundMetrics(metrics(idx.map((i) => pBase[i]), y, model.threshold)),
    };
  };
  const hasText = (e: Example) => /\p{L}{2,}/u.test(e.input.problem);

  const testCounts = new Map<number, number>();
  for (const e of test) testCounts.set(e.input.categoryId, (testCounts.get(e.input.categoryId) ?? 0) + 1);
  const perCategory = [...testCounts]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, 10)
    .map(([categoryId, count]) => {
      const idx = test.flatMap((e, i) => (e.input.categoryId === categoryId ? [i] : []));
      const y = idx.map((i) => yTest[i]);
      const p = idx.map((i) => pModel[i]);
      const base = idx.map((i) => pBase[i]);
      return {
        categoryId,
        name: names.get(categoryId) ?? String(categoryId),
        count,
        positiveRate: round(y.reduce((s: number, v) => s + v, 0) / count, 4),
        auc: round(rocAuc(p, y), 4),
        brier: round(metrics(p, y).brier, 4),
        baseBrier: round(metrics(base, y).brier, 4),
      };
    });

  const offset = textOffset(model);
  const topFeatures = model.dense
    .map((weight, id) => ({ feature: featureName(id, model), weight }))
    .filter((f) => f.feature !== 'bias')
    .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight))
    .slice(0, 20);

  const positives = (part: Example[]) => round(part.reduce((s, e) => s + e.label, 0) / part.length, 4);
  model.meta = {
    trainedOn: 'ORDS v0.3 partner files 202507 (datasets/ords), CC BY-SA 4.0, Open Repair Alliance / The Restart Project and the named data providers',
    train: train.length,
    lambda: best.lambda,
    seed,
    features: offset + model.text.length,
  };
  const report: EvaluationReport = {
    data: {
      files,
      recordsRead: records.length,
      labelled: all.length,
      droppedUnknownStatus: records.length - all.length,
      sample: options.sample ?? null,
      train: train.length,
      validation: validation.length,
      test: test.length,
      positiveRate: positives(examples),
      positiveRateTrain: positives(train),
      positiveRateTest: positives(test),
      seed,
    },
    model: { ...roundMetrics(mModel), calibration: calibrationTable(pModel, yTest) },
    baseRate: { ...roundMetrics(mBase), calibration: calibrationTable(pBase, yTest) },
    improvement: {
      auc: round(mModel.auc - mBase.auc, 4),
      accuracy: round(mModel.accuracy - mBase.accuracy, 4),
      brier: round(mModel.brier - mBase.brier, 5),
      logLoss: round(mModel.logLoss - mBase.logLoss, 5),
      brierSkill: round(1 - mModel.brier / mBase.brier, 4),
    },
    subsets: [
      subset('with problem text', hasText),
      subset('without problem text', (e) => !hasText(e)),
      ...[...new Set(test.map((e) => e.provider))].sort().map((p) => subset(`provider: ${p}`, (e) => e.provider === p)),
    ].filter((s) => s.count > 0),
    perCategory,
    training: {
      lambda: best.lambda,
      lambdaSearch: lambdaSearch.map(({ p: _p, ...r }) => r),
      iterations,
      hashBits,
      minBrandCount,
      minTextCount,
      noTextFeature,
      brands: model.brands.length,
      textWeights: model.text.length,
      textCleaning,
      providerAdjustment,
      providerEffects,
      validationCalibration,
      platt,
      predictedNegativeShare: round(pModel.filter((p) => p < model.threshold).length / pModel.length, 4),
      topFeatures,
      seconds: round((performance.now() - started) / 1000, 2),
    },
  };
  return { model, report };
}

/** Fits σ(a·logit(p) + b) to (p, y) by Newton's method on the log loss. */
export function plattScaling(p: ArrayLike<number>, y: ArrayLike<number>) {
  const z = Array.from(p, (q) => Math.log(Math.min(1 - EPS, Math.max(EPS, q)) / (1 - Math.min(1 - EPS, Math.max(EPS, q)))));
  let a = 1;
  let b = 0;
  for (let it = 0; it < 50; it++) {
    let ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
    for (let i = 0; i < z.length; i++) {
      const q = sigmoid(a * z[i] + b);
      const r = q - y[i];
      const h = q * (1 - q);
      ga += r * z[i];
      gb += r;
      haa += h * z[i] * z[i];
      hab += h * z[i];
      hbb += h;
    }
    const det = haa * hbb - hab * hab;
    if (!(Math.abs(det) > 1e-12)) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  const scaled = z.map((v) => sigmoid(a * v + b));
  return { a: round(a, 4), b: round(b, 4), validationLogLoss: round(metrics(p, y).logLoss, 5), validationLogLossScaled: round(metrics(scaled, y).logLoss, 5) };
}

/** Held-out check on a data provider never seen in training, for each provider with ≥ minRecords labelled records. */
export function providerTransfer(options: TrainOptions & { minRecords?: number }) {
  const { records } = readOrdsRecords(options.dir);
  const counts = new Map<string, number>();
  for (const r of records) if (labelOf(r.repair_status) !== null) counts.set(r.data_provider, (counts.get(r.data_provider) ?? 0) + 1);
  return [...counts]
    .filter(([, n]) => n >= (options.minRecords ?? 500))
    .sort((a, b) => b[1] - a[1])
    .map(([provider]) => {
      const { report } = trainAndEvaluate({ ...options, holdOutProvider: provider });
      const { auc, brier, logLoss, accuracy } = report.model;
      const base = report.baseRate;
      return {
        provider,
        train: report.data.train,
        test: report.data.test,
        positiveRate: report.data.positiveRateTest,
        model: { auc, brier, logLoss, accuracy },
        baseRate: { auc: base.auc, brier: base.brier, logLoss: base.logLoss, accuracy: base.accuracy },
      };
    });
}

function roundMetrics(m: Metrics): Metrics {
  return { count: m.count, accuracy: round(m.accuracy, 4), auc: round(m.auc, 4), brier: round(m.brier, 5), logLoss: round(m.logLoss, 5) };
}

