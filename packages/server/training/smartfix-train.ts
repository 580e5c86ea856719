/**
 * Training and evaluation of the smart-fix repairability model (smartfix-model.ts) on the Open
 * Repair Alliance records (ORDS v0.3, datasets/ords, CC BY-SA 4.0). Its rules:
 *
 * - features a user can give only: category, finer kind (smartfix-kinds.ts), brand, age and the
 *   symptoms of smartfix-model.ts found in the first sentence of the description (the rest of the
 *   `problem` field is mostly the repairers' notes); no other word of the records is a feature;
 * - evaluated on splits that keep whole repair events, whole venues, or the most recent months
 *   apart from training (not record by record: records of one event share a volunteer, a day and
 *   a way of writing), against the per-category base rate, with ROC AUC, Brier score and a decile
 *   calibration table;
 * - anchored on the average repair rate of the kind or category (the figure shown beside the
 *   estimate), moved by the told features' weights times a slope fitted on a validation part that
 *   comes after (time split) or apart from (group splits) the records the weights were fitted on.
 *
 * The providers differ in repair rate (Denmark 68 %, Repair Connects 85 %) and in what they record
 * (no description in Denmark and Toronto, ages only in Repair Connects and Fixit Clinic): each gets
 * an unpenalised intercept while fitting, and the published model uses their average, so that
 * « age given » or « a description » is not read as « this repair café ».
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { kindOfRecord } from '../src/modules/smartfix/smartfix-kinds.ts';
import {
  type RateEntry,
  SMARTFIX_MODEL_VERSION,
  type SmartfixInput,
  type SmartfixModel,
  averageOf,
  deviations,
  features,
  normalizeBrand,
  sigmoid,
  symptomsOf,
} from '../src/modules/smartfix/smartfix-model.ts';

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

export interface OrdsRecord {
  id: string;
  data_provider: string;
  partner_product_category: string;
  product_category_id: string;
  brand: string;
  year_of_manufacture: string;
  product_age: string;
  repair_status: string;
  group_identifier: string;
  event_date: string;
  problem: string;
}

export interface Example {
  id: string;
  provider: string;
  /** provider + group_identifier: one repair café. */
  venue: string;
  /** venue + event_date: one repair session. */
  event: string;
  date: string;
  input: SmartfixInput;
  symptoms: string[];
  label: 0 | 1;
}

/** 32-bit FNV-1a over the UTF-16 code units of s (seeded splits). */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const PARTNER_FILE = /^OpenRepairData_v0\.3_(?!Product_Categories).+\.csv$/;

/** All records of the ORDS partner CSV files of dir (csv-parse sync API). */
export function readOrdsRecords(dir: string): { files: string[]; records: OrdsRecord[] } {
  const files = readdirSync(dir)
    .filter((f) => PARTNER_FILE.test(f))
    .sort();
  if (files.length === 0) throw new Error(`no ORDS partner CSV in ${dir}`);
  const records: OrdsRecord[] = [];
  for (const file of files)
    records.push(...(parse(readFileSync(path.join(dir, file)), { columns: true, skip_empty_lines: true, bom: true }) as OrdsRecord[]));
  return { files, records };
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
  const age = r.product_age.trim() === '' ? Number.NaN : Number(r.product_age);
  if (Number.isFinite(age) && age >= 0) return age;
  const made = Number(r.year_of_manufacture);
  const year = Number(r.event_date.slice(0, 4));
  if (r.year_of_manufacture.trim() !== '' && Number.isFinite(made) && Number.isFinite(year) && year >= made) return year - made;
  return null;
}

/**
 * The owner's part of a record's `problem`: its first sentence (Fixit Clinic, Repair Cafe Wales and
 * Repair Connects append the repairers' notes: « Item stopped working. Replaced fuse. »).
 */
export function problemForTraining(problem: string): string {
  const text = problem.replace(/\\[rnt]/g, ' ').trim();
  return (text.split(/(?<=[.!?])\s+|\s*\n\s*|\.{2,}/)[0] ?? '').trim();
}

/** Labelled records as examples (kind and symptoms read once). */
export function labelledExamples(records: OrdsRecord[], options: { symptoms?: boolean; kinds?: boolean } = {}): Example[] {
  const out: Example[] = [];
  for (const r of records) {
    const label = labelOf(r.repair_status);
    if (label === null) continue;
    const categoryId = Number(r.product_category_id);
    const problem = problemForTraining(r.problem);
    const venue = `${r.data_provider}|${r.group_identifier}`;
    out.push({
      id: r.id,
      provider: r.data_provider,
      venue,
      event: `${venue}|${r.event_date}`,
      date: r.event_date,
      label,
      input: {
        categoryId,
        kind: options.kinds === false ? null : kindOfRecord(categoryId, r.partner_product_category, r.problem),
        brand: r.brand,
        age: ageOf(r),
        problem,
      },
      symptoms: options.symptoms === false ? [] : symptomsOf(problem, false),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Logistic regression over named features
// ---------------------------------------------------------------------------------------------

interface Design {
  rowStart: Int32Array;
  ids: Int32Array;
  y: Float64Array;
  dim: number;
}

const PROVIDER = 'provider:';

function design(examples: Example[], index: Map<string, number>, knownBrand: (b: string) => boolean, withProvider: boolean): Design {
  const rows = examples.map((e) => {
    const keys = features(e.input, knownBrand, e.symptoms);
    if (withProvider) keys.push(PROVIDER + e.provider);
    return keys.map((k) => index.get(k)).filter((i): i is number => i !== undefined);
  });
  const rowStart = new Int32Array(rows.length + 1);
  const ids = new Int32Array(rows.reduce((s, r) => s + r.length, 0));
  let k = 0;
  rows.forEach((r, i) => {
    rowStart[i] = k;
    for (const id of r) ids[k++] = id;
  });
  rowStart[rows.length] = k;
  return { rowStart, ids, y: Float64Array.from(examples, (e) => e.label), dim: index.size };
}

function scores(d: Design, w: Float64Array): Float64Array {
  const z = new Float64Array(d.y.length);
  for (let i = 0; i < z.length; i++) {
    let s = 0;
    for (let k = d.rowStart[i]; k < d.rowStart[i + 1]; k++) s += w[d.ids[k]];
    z[i] = s;
  }
  return z;
}

/** Mean log loss + λ/2 ‖w‖² (unpenalised: bias, categories, providers), full-batch Adam steps: deterministic. */
function fit(d: Design, lambda: number, penalized: Uint8Array, iterations: number): Float64Array {
  const n = d.y.length;
  const w = new Float64Array(d.dim);
  const m = new Float64Array(d.dim);
  const v = new Float64Array(d.dim);
  const grad = new Float64Array(d.dim);
  const mean = d.y.reduce((s, y) => s + y, 0) / n;
  w[0] = Math.log(mean / (1 - mean)); // index 0 is the bias
  const lr = 0.05;
  for (let t = 1; t <= iterations; t++) {
    grad.fill(0);
    const z = scores(d, w);
    for (let i = 0; i < n; i++) {
      const r = (sigmoid(z[i]) - d.y[i]) / n;
      for (let k = d.rowStart[i]; k < d.rowStart[i + 1]; k++) grad[d.ids[k]] += r;
    }
    const c1 = 1 - 0.9 ** t;
    const c2 = 1 - 0.999 ** t;
    for (let j = 0; j < d.dim; j++) {
      const g = grad[j] + (penalized[j] ? lambda * w[j] : 0);
      m[j] = 0.9 * m[j] + 0.1 * g;
      v[j] = 0.999 * v[j] + 0.001 * g * g;
      w[j] -= (lr * (m[j] / c1)) / (Math.sqrt(v[j] / c2) + 1e-8);
    }
  }
  return w;
}

export interface FitSettings {
  lambda: number;
  iterations?: number;
  /** A brand gets its own weight when seen this many times (default 15). */
  minBrandCount?: number;
  /** Fit provider intercepts and average them out (default true). */
  providerAdjustment?: boolean;
}

/** Regression weights fitted on `part` (provider intercepts averaged into the bias). */
export function fitWeights(part: Example[], settings: FitSettings): Record<string, number> {
  const minBrand = settings.minBrandCount ?? 15;
  const withProvider = settings.providerAdjustment ?? true;
  const brandCounts = new Map<string, number>();
  for (const e of part) {
    const b = normalizeBrand(e.input.brand);
    if (b) brandCounts.set(b, (brandCounts.get(b) ?? 0) + 1);
  }
  const brands = new Set([...brandCounts].filter(([, c]) => c >= minBrand).map(([b]) => b));
  const knownBrand = (b: string) => brands.has(b);
  const keys = new Set<string>(['bias']);
  for (const e of part) {
    for (const k of features(e.input, knownBrand, e.symptoms)) keys.add(k);
    if (withProvider) keys.add(PROVIDER + e.provider);
  }
  const names = ['bias', ...[...keys].filter((k) => k !== 'bias').sort()];
  const index = new Map(names.map((k, i) => [k, i]));
  const d = design(part, index, knownBrand, withProvider);
  const penalized = Uint8Array.from(names, (k) => (k === 'bias' || k.startsWith('cat:') || k.startsWith(PROVIDER) ? 0 : 1));
  const w = fit(d, settings.lambda, penalized, settings.iterations ?? 300);

  const weights: Record<string, number> = {};
  let shift = 0;
  if (withProvider) {
    const share = new Map<string, number>();
    for (const e of part) share.set(e.provider, (share.get(e.provider) ?? 0) + 1 / part.length);
    for (const [p, s] of share) shift += s * w[index.get(PROVIDER + p)!];
  }
  names.forEach((k, i) => {
    if (!k.startsWith(PROVIDER)) weights[k] = sig4(i === 0 ? w[i] + shift : w[i]);
  });
  return weights;
}

/** Σ of the told features' moves (before the slope) of each example. */
export function deviationScores(weights: Record<string, number>, examples: Example[]): Float64Array {
  return Float64Array.from(examples, (e) => deviations(weights, e.input, e.symptoms).reduce((s, m) => s + m.delta, 0));
}

/** logit of the average each example starts from (its kind's, else its category's rate in `rates`). */
export function startLogits(rates: SmartfixModel['rates'], examples: Example[]): Float64Array {
  return Float64Array.from(examples, (e) => {
    const p = Math.min(1 - 1e-4, Math.max(1e-4, averageOf({ rates }, e.input).rate));
    return Math.log(p / (1 - p));
  });
}

/** The slope s of σ(offset + s·d) that minimises the log loss on (offset, d, y), by Newton's method. */
export function fitSlope(offset: ArrayLike<number>, d: ArrayLike<number>, y: ArrayLike<number>): number {
  let s = 1;
  for (let it = 0; it < 50; it++) {
    let g = 0;
    let h = 0;
    for (let i = 0; i < d.length; i++) {
      const q = sigmoid(offset[i] + s * d[i]);
      g += (q - y[i]) * d[i];
      h += q * (1 - q) * d[i] * d[i];
    }
    if (!(h > 1e-12)) break;
    const step = g / h;
    s -= step;
    if (Math.abs(step) < 1e-10) break;
  }
  return round(s, 4);
}

/** Fits σ(a·z + b) to (z, y) by Newton's method on the log loss (the regression's own calibration, for comparison). */
export function plattScaling(z: ArrayLike<number>, y: ArrayLike<number>): { a: number; b: number } {
  let a = 1;
  let b = 0;
  for (let it = 0; it < 50; it++) {
    let ga = 0;
    let gb = 0;
    let haa = 0;
    let hab = 0;
    let hbb = 0;
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
  return { a: round(a, 4), b: round(b, 4) };
}

export const anchoredProbabilities = (offset: ArrayLike<number>, d: ArrayLike<number>, slope: number) =>
  Array.from(d, (v, i) => sigmoid(offset[i] + slope * v));

// ---------------------------------------------------------------------------------------------
// Rates (the averages shown beside an estimate)
// ---------------------------------------------------------------------------------------------

/** A kind's rate is shrunk towards its category's with the weight of this many records. */
export const KIND_PRIOR_RECORDS = 20;

export function repairRates(examples: Example[]): SmartfixModel['rates'] {
  const tally = (key: (e: Example) => string | null) => {
    const t = new Map<string, [number, number]>();
    for (const e of examples) {
      const k = key(e);
      if (k === null) continue;
      const s = t.get(k) ?? [0, 0];
      s[0]++;
      s[1] += e.label;
      t.set(k, s);
    }
    return t;
  };
  const overall = examples.reduce((s, e) => s + e.label, 0) / examples.length;
  const categories: Record<string, RateEntry> = {};
  for (const [k, [n, pos]] of tally((e) => String(e.input.categoryId))) categories[k] = { rate: round(pos / n, 4), records: n };
  const kinds: Record<string, RateEntry> = {};
  // A kind is compared with its own records; its category's rate (in the app's category) is the prior.
  const kindCategory = new Map<string, Map<string, number>>();
  for (const e of examples) {
    if (!e.input.kind) continue;
    const c = kindCategory.get(e.input.kind) ?? new Map<string, number>();
    c.set(String(e.input.categoryId), (c.get(String(e.input.categoryId)) ?? 0) + 1);
    kindCategory.set(e.input.kind, c);
  }
  for (const [k, [n, pos]] of tally((e) => e.input.kind)) {
    const main = [...kindCategory.get(k)!].sort((a, b) => b[1] - a[1])[0][0];
    const prior = categories[main]?.rate ?? overall;
    kinds[k] = { rate: round((pos + KIND_PRIOR_RECORDS * prior) / (n + KIND_PRIOR_RECORDS), 4), records: n };
  }
  return { overall: { rate: round(overall, 4), records: examples.length }, categories, kinds };
}

// ---------------------------------------------------------------------------------------------
// Metrics
// ---------------------------------------------------------------------------------------------

export interface Metrics {
  count: number;
  positiveRate: number;
  auc: number;
  brier: number;
  logLoss: number;
  /** Share answered « Réparable : Oui » (p ≥ 0.5). */
  answeredYes: number;
}

export interface DecileBin {
  decile: number;
  count: number;
  from: number;
  to: number;
  meanPredicted: number;
  observed: number;
}

const EPS = 1e-6;
const round = (x: number, digits: number) => Number(x.toFixed(digits));
const sig4 = (x: number) => (x === 0 ? 0 : Number(x.toPrecision(4)));

/** ROC AUC (Mann–Whitney, ties count half). */
export function rocAuc(p: ArrayLike<number>, y: ArrayLike<number>): number {
  const order = Array.from({ length: p.length }, (_, i) => i).sort((a, b) => p[a] - p[b]);
  let positives = 0;
  let rankSum = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && p[order[j + 1]] === p[order[i]]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++)
      if (y[order[k]] === 1) {
        positives++;
        rankSum += rank;
      }
    i = j + 1;
  }
  const negatives = order.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

export function metrics(p: ArrayLike<number>, y: ArrayLike<number>): Metrics {
  let brier = 0;
  let logLoss = 0;
  let pos = 0;
  let yes = 0;
  for (let i = 0; i < p.length; i++) {
    const q = Math.min(1 - EPS, Math.max(EPS, p[i]));
    brier += (p[i] - y[i]) ** 2;
    logLoss -= y[i] === 1 ? Math.log(q) : Math.log(1 - q);
    pos += y[i];
    if (p[i] >= 0.5) yes++;
  }
  const n = p.length;
  return {
    count: n,
    positiveRate: round(pos / n, 4),
    auc: round(rocAuc(p, y), 4),
    brier: round(brier / n, 5),
    logLoss: round(logLoss / n, 5),
    answeredYes: round(yes / n, 4),
  };
}

/** Ten equal-count bins of predicted probability (deciles), each with its mean prediction and observed rate. */
export function decileTable(p: ArrayLike<number>, y: ArrayLike<number>): DecileBin[] {
  const order = Array.from({ length: p.length }, (_, i) => i).sort((a, b) => p[a] - p[b] || a - b);
  return Array.from({ length: 10 }, (_, d) => {
    const part = order.slice(Math.floor((d * order.length) / 10), Math.floor(((d + 1) * order.length) / 10));
    const mean = part.reduce((s, i) => s + p[i], 0) / part.length;
    const obs = part.reduce((s, i) => s + y[i], 0) / part.length;
    return {
      decile: d + 1,
      count: part.length,
      from: round(p[part[0]], 4),
      to: round(p[part[part.length - 1]], 4),
      meanPredicted: round(mean, 4),
      observed: round(obs, 4),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Splits and evaluation
// ---------------------------------------------------------------------------------------------

export type SplitName = 'time' | 'event' | 'venue';

/**
 * Train / test parts. `time`: test = the latest ~20 % of records by event date (whole months, never
 * a month on both sides). `event` / `venue`: ~20 % of the repair sessions / repair cafés, chosen by
 * a seeded hash of their key, with all their records.
 */
export function splitExamples(
  examples: Example[],
  split: SplitName,
  seed: number,
  share = 0.2,
): { train: Example[]; test: Example[]; cutoff?: string } {
  if (split === 'time') {
    const dates = examples.map((e) => e.date).sort();
    const cutoff = dates[Math.floor(dates.length * (1 - share))];
    return { train: examples.filter((e) => e.date < cutoff), test: examples.filter((e) => e.date >= cutoff), cutoff };
  }
  const key = split === 'event' ? (e: Example) => e.event : (e: Example) => e.venue;
  const inTest = (e: Example) => fnv1a(`${seed}:${key(e)}`) / 2 ** 32 < share;
  return { train: examples.filter((e) => !inTest(e)), test: examples.filter(inTest) };
}

export interface SplitReport {
  split: SplitName;
  train: number;
  test: number;
  trainDates: [string, string];
  testDates: [string, string];
  testGroups: number;
  lambda: number;
  lambdaSearch: { lambda: number; validationLogLoss: number; validationAuc: number; slope: number }[];
  /** Slope of the told features' moves, fitted on the validation part. */
  slope: number;
  model: Metrics & { deciles: DecileBin[] };
  /** The fitted regression itself (its own category and kind weights), Platt-scaled on the same validation part: for comparison. */
  regression: Metrics & { platt: { a: number; b: number } };
  /** The category's repair rate in the training part, for every record of the category. */
  categoryBaseRate: Metrics & { deciles: DecileBin[] };
  /** The kind's (else the category's) repair rate in the training part. */
  kindBaseRate: Metrics;
  /** 1 − Brier(model) / Brier(category base rate). */
  brierSkill: number;
  /** Largest test categories: mean estimate, observed rate, training base rate. */
  perCategory: { categoryId: number; count: number; observed: number; meanPredicted: number; baseRate: number; auc: number }[];
  /** Test records where the user would have told a symptom / an age. */
  subsets: { name: string; count: number; model: Metrics; categoryBaseRate: Metrics }[];
}

export interface TrainSettings {
  seed?: number;
  lambdas?: number[];
  iterations?: number;
  providerAdjustment?: boolean;
}

const DEFAULT_LAMBDAS = [1e-5, 3e-5, 1e-4, 3e-4, 1e-3, 3e-3, 1e-2];

/**
 * Weights fitted on `train` and calibrated: λ and the Platt scaling are chosen on a validation
 * part of `train` (its latest fifth by date for the time split, a fifth of its events otherwise),
 * then the weights are refitted on the whole of `train` with that λ.
 */
export function trainCalibrated(train: Example[], split: SplitName, settings: TrainSettings = {}) {
  const seed = settings.seed ?? 20251016;
  const inner = splitExamples(train, split === 'time' ? 'time' : 'event', seed + 1);
  const yValidation = inner.test.map((e) => e.label);
  const offset = startLogits(repairRates(inner.train), inner.test);
  const lambdaSearch = (settings.lambdas ?? DEFAULT_LAMBDAS).map((lambda) => {
    const weights = fitWeights(inner.train, { lambda, iterations: settings.iterations, providerAdjustment: settings.providerAdjustment });
    const d = deviationScores(weights, inner.test);
    const slope = fitSlope(offset, d, yValidation);
    const m = metrics(anchoredProbabilities(offset, d, slope), yValidation);
    return { lambda, validationLogLoss: m.logLoss, validationAuc: m.auc, slope, z: rawScores(weights, inner.test) };
  });
  const best = lambdaSearch.reduce((a, b) => (b.validationLogLoss < a.validationLogLoss ? b : a));
  const platt = plattScaling(best.z, yValidation);
  const weights = fitWeights(train, {
    lambda: best.lambda,
    iterations: settings.iterations,
    providerAdjustment: settings.providerAdjustment,
  });
  return { weights, slope: best.slope, platt, lambda: best.lambda, lambdaSearch: lambdaSearch.map(({ z: _z, ...r }) => r) };
}

/** The regression's raw scores (bias, category and kind weights included), for the comparison. */
function rawScores(weights: Record<string, number>, examples: Example[]): Float64Array {
  const knownBrand = (b: string) => `brand:${b}` in weights;
  return Float64Array.from(examples, (e) => features(e.input, knownBrand, e.symptoms).reduce((z, k) => z + (weights[k] ?? 0), 0));
}

export function evaluateSplit(examples: Example[], split: SplitName, settings: TrainSettings = {}): SplitReport {
  const seed = settings.seed ?? 20251016;
  const { train, test } = splitExamples(examples, split, seed);
  const { weights, slope, platt, lambda, lambdaSearch } = trainCalibrated(train, split, settings);
  const rates = repairRates(train);
  const p = anchoredProbabilities(startLogits(rates, test), deviationScores(weights, test), slope);
  const y = test.map((e) => e.label);
  const overall = rates.overall.rate;
  const catRate = (e: Example) => rates.categories[String(e.input.categoryId)]?.rate ?? overall;
  const base = test.map(catRate);
  const kindBase = test.map((e) => averageOf({ rates }, e.input).rate);
  const pRegression = Array.from(rawScores(weights, test), (z) => sigmoid(platt.a * z + platt.b));
  const mModel = metrics(p, y);
  const mBase = metrics(base, y);

  const counts = new Map<number, number>();
  for (const e of test) counts.set(e.input.categoryId, (counts.get(e.input.categoryId) ?? 0) + 1);
  const perCategory = [...counts]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, 10)
    .map(([categoryId, count]) => {
      const idx = test.flatMap((e, i) => (e.input.categoryId === categoryId ? [i] : []));
      return {
        categoryId,
        count,
        observed: round(idx.reduce((s, i) => s + y[i], 0) / count, 4),
        meanPredicted: round(idx.reduce((s, i) => s + p[i], 0) / count, 4),
        baseRate: round(base[idx[0]], 4),
        auc: round(
          rocAuc(
            idx.map((i) => p[i]),
            idx.map((i) => y[i]),
          ),
          4,
        ),
      };
    });
  const subset = (name: string, keep: (e: Example) => boolean) => {
    const idx = test.flatMap((e, i) => (keep(e) ? [i] : []));
    const ys = idx.map((i) => y[i]);
    return {
      name,
      count: idx.length,
      model: metrics(
        idx.map((i) => p[i]),
        ys,
      ),
      categoryBaseRate: metrics(
        idx.map((i) => base[i]),
        ys,
      ),
    };
  };
  const dates = (part: Example[]): [string, string] => {
    const sorted = part.map((e) => e.date).sort();
    return [sorted[0], sorted[sorted.length - 1]];
  };
  return {
    split,
    train: train.length,
    test: test.length,
    trainDates: dates(train),
    testDates: dates(test),
    testGroups: new Set(test.map((e) => (split === 'venue' ? e.venue : e.event))).size,
    lambda,
    lambdaSearch,
    slope,
    model: { ...mModel, deciles: decileTable(p, y) },
    regression: { ...metrics(pRegression, y), platt },
    categoryBaseRate: { ...mBase, deciles: decileTable(base, y) },
    kindBaseRate: metrics(kindBase, y),
    brierSkill: round(1 - mModel.brier / mBase.brier, 4),
    perCategory,
    subsets: [
      subset('with a symptom found in the description', (e) => e.symptoms.length > 0),
      subset('without a symptom found', (e) => e.symptoms.length === 0),
      subset('with a finer kind', (e) => e.input.kind !== null),
      subset('with an age', (e) => e.input.age !== null),
    ].filter((s) => s.count > 0),
  };
}

/** The published model: trained like the time split's model, on every labelled record. */
export function publishModel(examples: Example[], settings: TrainSettings = {}): SmartfixModel {
  const { weights, slope, lambda } = trainCalibrated(examples, 'time', settings);
  const dates = examples.map((e) => e.date).sort();
  // Only the told features' weights are used at inference (bias, category and kind: the averages).
  const told = Object.fromEntries(Object.entries(weights).filter(([k]) => /^(age|brand|sym):/.test(k)));
  return {
    version: SMARTFIX_MODEL_VERSION,
    threshold: 0.5,
    weights: told,
    slope,
    rates: repairRates(examples),
    meta: {
      trainedOn:
        'ORDS v0.3 partner files 202507 (datasets/ords), CC BY-SA 4.0, Open Repair Alliance / The Restart Project and the named data providers',
      records: examples.length,
      from: dates[0],
      to: dates[dates.length - 1],
      lambda,
      kindPriorRecords: KIND_PRIOR_RECORDS,
    },
  };
}
