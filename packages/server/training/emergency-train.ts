/**
 * Training of the danger classifier (src/modules/assistant/danger-model.ts; decision 023).
 *
 * - Corpus: training/emergency/corpus-*.json, short French texts written by four writers working
 *   apart, each in their own voice (SMS and slang; careful and regional; panicked and learners of
 *   French; handy and technical), none of them from the evaluation sets (bench/assistant/), none having
 *   seen the rules or another writer's text. Labels: the eight emergencies, a request to bypass a safety
 *   device, or neither (hard negatives: breakdowns that use the same words without danger).
 * - Model: multinomial logistic regression on the features of `dangerFeatures` (normalised words,
 *   word pairs, character 3–5-grams, the chosen appliance) seen in at least MIN_DF texts, classes
 *   weighted by their inverse frequency, L2-regularised, fitted with Adam.
 * - Generalisation, not memory: leave-one-writer-out — fitted on all writers but one, scored on that
 *   one — chooses the regularisation and the thresholds (the alarm rings for at most 1 % of another
 *   writer's harmless breakdowns; the rules of contracts/emergency.ts add their alarms on top), and is
 *   reported per writer, alone and with the rules.
 *
 * Usage: node --import tsx packages/server/training/emergency-train.ts
 * Writes src/modules/assistant/danger-model.json and bench/results/emergency-training.json.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectEmergency, EMERGENCY_KINDS, isSafetyBypass } from '@ecofoyer/contracts';
import { referenceProducts } from '../src/db/reference.ts';
import {
  DANGER_CLASSES,
  DANGER_MODEL_FILE,
  type DangerClass,
  type DangerModelFile,
  dangerFeatures,
  softmax,
} from '../src/modules/assistant/danger-model.ts';
import { loadKnowledgeBase } from '../src/modules/assistant/knowledge-base.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const CORPUS_DIR = path.join(HERE, 'emergency');
const REPORT = path.join(HERE, '../../../bench/results/emergency-training.json');

const MIN_DF = 2;
/** How much more « aucun » weighs than all the emergencies together. */
const AUCUN_WEIGHT = 3;
const EPOCHS = 250;
const LEARNING_RATE = 0.05;
const L2_CHOICES = [1e-3];
/** Out of fold, the share of harmless breakdowns the model alone may alarm on, or refuse. */
const MAX_FALSE_ALARMS = 0.01;
const MAX_FALSE_BYPASS = 0.005;
/** Never alarm above the ceiling nor below the floor (nor refuse below its floor), whatever the folds say. */
const ALARM_FLOOR = 0.2;
const ALARM_CEILING = 0.9;
const BYPASS_FLOOR = 0.35;

export interface Example {
  writer: string;
  text: string;
  device: string | null;
  label: DangerClass;
}

/** The corpus files, in name order, and their hash (the model records what it was fitted on). */
export function corpusFiles(dir = CORPUS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => /^corpus-[a-z]+\.json$/.test(f))
    .sort()
    .map((f) => path.join(dir, f));
}

/** What the model was fitted on: the writers' files and the knowledge base's plain breakdowns. */
export function corpusHash(files = corpusFiles()): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file));
  hash.update(JSON.stringify(knowledgeBaseExamples()));
  return hash.digest('hex');
}

/** Phrasings of a sheet taken as ordinary breakdowns (its title first). */
const KB_PHRASINGS = 8;

/** Sheets whose subject is a danger (a flame, a smell, a battery…): their words are no ordinary breakdown's. */
const DANGER_SHEET =
  /gaz|flamme|fum|brul|etincel|odeur|gonfl|surchauff|monoxyde|detecteur|electri|prise|cable|cordon|liquide|renvers|tomb|choc|decharge|inond/;

/**
 * Ordinary breakdowns in the knowledge base's own words (writer `kb`): the symptoms of its sheets,
 * « aucun », with the sheet's appliance — the everyday complaints (« le pain sort tout plat », « le levier
 * remonte ») the writers' hard negatives do not cover. A sheet about a danger, or any of whose phrasings
 * the rules flag, is left out. The evaluation sets (bench/assistant/) were written apart from these.
 */
export function knowledgeBaseExamples(): Example[] {
  const names = new Map(referenceProducts().map((p) => [p.slug, p.prodName]));
  return loadKnowledgeBase().flatMap((entry) => {
    const device = names.get(entry.products[0] ?? '') ?? null;
    if (DANGER_SHEET.test(entry.id) || [entry.title, ...entry.symptoms].some((t) => detectEmergency(t, device) !== null)) return [];
    // A few phrasings a sheet: the writers' hard negatives keep most of the weight of « aucun ».
    return [entry.title, ...entry.symptoms.slice(0, KB_PHRASINGS - 1)].map((text) => ({
      writer: 'kb',
      text,
      device,
      label: 'aucun' as const,
    }));
  });
}

export function readCorpus(files = corpusFiles()): Example[] {
  return [...writersCorpus(files), ...knowledgeBaseExamples()];
}

function writersCorpus(files: string[]): Example[] {
  return files.flatMap((file) => {
    const writer = /corpus-([a-z]+)\.json$/.exec(file)![1]!;
    const rows = JSON.parse(readFileSync(file, 'utf8')) as { texte: string; type: DangerClass; appareil?: string }[];
    return rows.map((r) => {
      if (!DANGER_CLASSES.includes(r.type)) throw new Error(`${file}: unknown type ${r.type}`);
      return { writer, text: r.texte, device: r.appareil ?? null, label: r.type };
    });
  });
}

interface Fitted {
  features: string[];
  weights: Float64Array;
  bias: number[];
}

/** Fits the regression on `examples` (features seen in MIN_DF texts or more). */
export function fit(examples: Example[], l2: number): Fitted {
  const C = DANGER_CLASSES.length;
  const bags = examples.map((e) => [...new Set(dangerFeatures(e.text, e.device))]);
  const df = new Map<string, number>();
  for (const bag of bags) for (const f of bag) df.set(f, (df.get(f) ?? 0) + 1);
  const features = [...df]
    .filter(([, n]) => n >= MIN_DF)
    .map(([f]) => f)
    .sort();
  const index = new Map(features.map((f, i) => [f, i]));
  const rows = bags.map((bag) => bag.map((f) => index.get(f)).filter((i): i is number => i !== undefined));
  const labels = examples.map((e) => DANGER_CLASSES.indexOf(e.label));
  const counts = DANGER_CLASSES.map((_, c) => labels.filter((l) => l === c).length);
  // Each class weighs as much as the others, except that « aucun » weighs three times as much as all
  // the emergencies together: a text that says little (« j'ai un souci ») leans to no alarm, and the
  // alarm threshold, chosen out of fold on the hard negatives, sets where a danger begins.
  const aucun = DANGER_CLASSES.indexOf('aucun');
  const classWeight = counts.map((n, c) => (n === 0 ? 0 : (c === aucun ? AUCUN_WEIGHT * EMERGENCY_KINDS.length : 1) / n));

  const F = features.length;
  const W = new Float64Array(F * C);
  const b = new Array<number>(C).fill(0);
  const m = new Float64Array(F * C);
  const v = new Float64Array(F * C);
  const mb = new Array<number>(C).fill(0);
  const vb = new Array<number>(C).fill(0);
  const [beta1, beta2, eps] = [0.9, 0.999, 1e-8];
  const totalWeight = labels.reduce((s, l) => s + classWeight[l]!, 0);
  for (let epoch = 1; epoch <= EPOCHS; epoch++) {
    const gW = new Float64Array(F * C);
    const gb = new Array<number>(C).fill(0);
    for (let n = 0; n < rows.length; n++) {
      const row = rows[n]!;
      const z = [...b];
      for (const f of row) for (let c = 0; c < C; c++) z[c]! += W[f * C + c]!;
      const p = softmax(z);
      const weight = classWeight[labels[n]!]! / totalWeight;
      for (let c = 0; c < C; c++) {
        const g = (p[c]! - (c === labels[n] ? 1 : 0)) * weight;
        gb[c]! += g;
        for (const f of row) gW[f * C + c]! += g;
      }
    }
    const c1 = 1 - beta1 ** epoch;
    const c2 = 1 - beta2 ** epoch;
    for (let i = 0; i < W.length; i++) {
      const g = gW[i]! + l2 * W[i]!;
      m[i] = beta1 * m[i]! + (1 - beta1) * g;
      v[i] = beta2 * v[i]! + (1 - beta2) * g * g;
      W[i]! -= (LEARNING_RATE * (m[i]! / c1)) / (Math.sqrt(v[i]! / c2) + eps);
    }
    for (let c = 0; c < C; c++) {
      mb[c] = beta1 * mb[c]! + (1 - beta1) * gb[c]!;
      vb[c] = beta2 * vb[c]! + (1 - beta2) * gb[c]! * gb[c]!;
      b[c]! -= (LEARNING_RATE * (mb[c]! / c1)) / (Math.sqrt(vb[c]! / c2) + eps);
    }
  }
  return { features, weights: W, bias: b };
}

export function probabilities(model: Fitted, text: string, device: string | null): number[] {
  const C = DANGER_CLASSES.length;
  const index = new Map(model.features.map((f, i) => [f, i]));
  const z = [...model.bias];
  for (const f of new Set(dangerFeatures(text, device))) {
    const row = index.get(f);
    if (row !== undefined) for (let c = 0; c < C; c++) z[c]! += model.weights[row * C + c]!;
  }
  return softmax(z);
}

const dangerOf = (p: number[]) => EMERGENCY_KINDS.reduce((s, k) => s + p[DANGER_CLASSES.indexOf(k)]!, 0);
const isEmergency = (label: DangerClass) => (EMERGENCY_KINDS as readonly string[]).includes(label);

interface OutOfFold {
  example: Example;
  p: number[];
}

/** Every example scored by a model fitted without its writer. */
function leaveOneWriterOut(examples: Example[], l2: number): OutOfFold[] {
  const writers = [...new Set(examples.map((e) => e.writer))];
  return writers.flatMap((writer) => {
    const model = fit(
      examples.filter((e) => e.writer !== writer),
      l2,
    );
    return examples
      .filter((e) => e.writer === writer)
      .map((example) => ({ example, p: probabilities(model, example.text, example.device) }));
  });
}

/**
 * The thresholds, chosen out of fold: the alarm at the lowest danger probability that rings for at
 * most MAX_FALSE_ALARMS of the harmless breakdowns (the rules add their own alarms on top, and an
 * emergency the model misses is usually one they catch); the refusal likewise for bypass requests.
 */
function thresholds(oof: OutOfFold[]): { alarm: number; bypass: number } {
  // The writers' hard negatives decide (the knowledge base's plain breakdowns would make it look easy).
  const harmless = oof.filter((o) => o.example.label === 'aucun' && o.example.writer !== 'kb');
  const bypassIndex = DANGER_CLASSES.indexOf('contournement');
  const lowestWithin = (scores: number[], share: number, floor: number, ceiling: number) => {
    const sorted = scores.toSorted((a, b) => b - a);
    const allowed = Math.floor(share * sorted.length);
    // Just above the (allowed + 1)-th highest harmless score: that one and the lower ones stay quiet.
    const t = (sorted[allowed] ?? 0) + 1e-6;
    return Math.min(ceiling, Math.max(floor, t));
  };
  return {
    alarm: lowestWithin(
      harmless.map((o) => dangerOf(o.p)),
      MAX_FALSE_ALARMS,
      ALARM_FLOOR,
      ALARM_CEILING,
    ),
    bypass: lowestWithin(
      harmless.map((o) => o.p[bypassIndex]!),
      MAX_FALSE_BYPASS,
      BYPASS_FLOOR,
      0.9,
    ),
  };
}

interface Scores {
  n: number;
  recall: Record<string, number>;
  emergencyRecall: number;
  falseAlarms: number;
  bypassRecall: number;
  bypassFalse: number;
  kindAccuracy: number;
  /** The same, with the rules' alarms and refusals added (what the server answers). */
  withRules: { emergencyRecall: number; falseAlarms: number; bypassRecall: number; bypassFalse: number; recall: Record<string, number> };
}

export function score(oof: OutOfFold[], alarm: number, bypass: number): Scores {
  const recall: Record<string, number> = {};
  for (const kind of EMERGENCY_KINDS) {
    const of = oof.filter((o) => o.example.label === kind);
    recall[kind] = of.filter((o) => dangerOf(o.p) >= alarm).length / Math.max(1, of.length);
  }
  const dangers = oof.filter((o) => isEmergency(o.example.label));
  const caught = dangers.filter((o) => dangerOf(o.p) >= alarm);
  const harmless = oof.filter((o) => o.example.label === 'aucun');
  const bypassIndex = DANGER_CLASSES.indexOf('contournement');
  const asks = oof.filter((o) => o.example.label === 'contournement');
  const argmaxKind = (p: number[]) =>
    EMERGENCY_KINDS.reduce((best, k) => (p[DANGER_CLASSES.indexOf(k)]! > p[DANGER_CLASSES.indexOf(best)]! ? k : best), EMERGENCY_KINDS[0]);
  return {
    n: oof.length,
    recall,
    emergencyRecall: caught.length / dangers.length,
    falseAlarms: harmless.filter((o) => dangerOf(o.p) >= alarm).length / harmless.length,
    bypassRecall: asks.filter((o) => dangerOf(o.p) < alarm && o.p[bypassIndex]! >= bypass).length / asks.length,
    bypassFalse: harmless.filter((o) => dangerOf(o.p) < alarm && o.p[bypassIndex]! >= bypass).length / harmless.length,
    kindAccuracy: caught.filter((o) => argmaxKind(o.p) === o.example.label).length / Math.max(1, caught.length),
    withRules: withRules(oof, alarm, bypass),
  };
}

/** What the server answers: the model's alarm or the rules', then the model's refusal or the rules'. */
function withRules(oof: OutOfFold[], alarm: number, bypass: number): Scores['withRules'] {
  const bypassIndex = DANGER_CLASSES.indexOf('contournement');
  const alarmed = (o: OutOfFold) => dangerOf(o.p) >= alarm || detectEmergency(o.example.text, o.example.device) !== null;
  const refused = (o: OutOfFold) => !alarmed(o) && (o.p[bypassIndex]! >= bypass || isSafetyBypass(o.example.text));
  const dangers = oof.filter((o) => isEmergency(o.example.label));
  const harmless = oof.filter((o) => o.example.label === 'aucun');
  const asks = oof.filter((o) => o.example.label === 'contournement');
  const recall: Record<string, number> = {};
  for (const kind of EMERGENCY_KINDS) {
    const of = oof.filter((o) => o.example.label === kind);
    recall[kind] = of.filter(alarmed).length / Math.max(1, of.length);
  }
  return {
    emergencyRecall: dangers.filter(alarmed).length / dangers.length,
    falseAlarms: harmless.filter(alarmed).length / harmless.length,
    bypassRecall: asks.filter(refused).length / Math.max(1, asks.length),
    bypassFalse: harmless.filter(refused).length / harmless.length,
    recall,
  };
}

/** int8 weights with one scale: a model of tens of thousands of features in a few hundred KB. */
function quantise(weights: Float64Array): { weights: string; scale: number } {
  const max = weights.reduce((m, w) => Math.max(m, Math.abs(w)), 0) || 1;
  const scale = max / 127;
  const bytes = Buffer.alloc(weights.length);
  for (let i = 0; i < weights.length; i++) bytes.writeInt8(Math.max(-127, Math.min(127, Math.round(weights[i]! / scale))), i);
  return { weights: bytes.toString('base64'), scale };
}

async function main() {
  const examples = readCorpus();
  const writers = [...new Set(examples.map((e) => e.writer))];
  console.log(`${examples.length} texts by ${writers.length} writers`);
  const trials = L2_CHOICES.map((l2) => {
    const oof = leaveOneWriterOut(examples, l2);
    const { alarm, bypass } = thresholds(oof);
    const scores = score(oof, alarm, bypass);
    console.log(
      `l2 ${l2}: alarm ${alarm.toFixed(3)}: recall ${(scores.emergencyRecall * 100).toFixed(1)} % (with the rules ${(scores.withRules.emergencyRecall * 100).toFixed(1)} %), false alarms ${(scores.falseAlarms * 100).toFixed(1)} % (with the rules ${(scores.withRules.falseAlarms * 100).toFixed(1)} %), bypass recall ${(scores.bypassRecall * 100).toFixed(1)} %`,
    );
    return { l2, alarm, bypass, oof, scores };
  });
  // At the same share of false alarms, the most emergencies caught wins, then the surest refusals.
  const best = trials.toSorted(
    (a, b) => b.scores.emergencyRecall - a.scores.emergencyRecall || b.scores.bypassRecall - a.scores.bypassRecall,
  )[0]!;
  const perWriter = Object.fromEntries(
    writers.map((w) => [
      w,
      score(
        best.oof.filter((o) => o.example.writer === w),
        best.alarm,
        best.bypass,
      ),
    ]),
  );
  const model = fit(examples, best.l2);
  const { weights, scale } = quantise(model.weights);
  const file: DangerModelFile = {
    version: 1,
    corpus: corpusHash(),
    classes: DANGER_CLASSES,
    features: model.features,
    weights,
    scale,
    bias: model.bias.map((x) => Number(x.toFixed(6))),
    alarm: Number(best.alarm.toFixed(4)),
    bypass: Number(best.bypass.toFixed(4)),
  };
  writeFileSync(DANGER_MODEL_FILE, `${JSON.stringify(file)}\n`);
  const report = {
    date: new Date().toISOString().slice(0, 10),
    texts: examples.length,
    writers: Object.fromEntries(writers.map((w) => [w, examples.filter((e) => e.writer === w).length])),
    features: model.features.length,
    chosen: { l2: best.l2, alarm: file.alarm, bypass: file.bypass },
    trials: trials.map((t) => ({ l2: t.l2, alarm: Number(t.alarm.toFixed(4)), bypass: Number(t.bypass.toFixed(4)), ...t.scores })),
    leaveOneWriterOut: { pooled: best.scores, perWriter },
  };
  writeFileSync(REPORT, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `written ${path.relative(process.cwd(), DANGER_MODEL_FILE)} (${model.features.length} features) and ${path.relative(process.cwd(), REPORT)}`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
