/**
 * Trains the smart-fix repairability model on the ORDS records and publishes it:
 *
 *   node --import tsx scripts/smartfix-train.ts [--dir datasets/ords] [--sample N] [--no-compare]
 *
 * writes packages/server/src/modules/smartfix/model.json, bench/smartfix/evaluation.json and
 * bench/smartfix/README.md (keeping its "Latency" section, written by bench/smartfix-latency.ts).
 * --no-compare skips the design comparisons (variants and unseen-provider checks, ~2 min).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { F, type SmartfixModel } from '../packages/server/src/modules/smartfix/smartfix-model.ts';
import { machineInfo } from '../bench/machine.ts';
import {
  type CalibrationBin,
  type EvaluationReport,
  type TrainOptions,
  providerTransfer,
  trainAndEvaluate,
} from '../packages/server/src/modules/smartfix/smartfix-train.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dir = path.resolve(root, option('--dir') ?? 'datasets/ords');
const sample = option('--sample') ? Number(option('--sample')) : undefined;
const compare = !args.includes('--no-compare');

const modelFile = path.join(root, 'packages/server/src/modules/smartfix/model.json');
const evaluationFile = path.join(root, 'bench/smartfix/evaluation.json');
const readmeFile = path.join(root, 'bench/smartfix/README.md');

const base: TrainOptions = { dir, sample };
console.log(`training on ${path.relative(root, dir)}${sample ? ` (sample ${sample})` : ''}…`);
const { model, report } = trainAndEvaluate(base);
console.log(summary('model', report));

interface Variant {
  name: string;
  why: string;
  report: EvaluationReport;
  model: SmartfixModel;
}
const variants: Variant[] = [];
let transfer: { shipped: ReturnType<typeof providerTransfer>; withoutAdjustment: ReturnType<typeof providerTransfer> } | null = null;
if (compare) {
  const runs: [string, string, Partial<TrainOptions>][] = [
    ['without the provider adjustment', 'plain fit: the model may use "no text" / "age given" as provider markers', { providerAdjustment: false }],
    ['raw problem text', "trains on the whole `problem` field, repairers' notes included (leaks the outcome)", { textCleaning: 'none' }],
    ['no text features', 'category, brand and age only', { minTextCount: Number.MAX_SAFE_INTEGER }],
  ];
  for (const [name, why, extra] of runs) {
    const run = trainAndEvaluate({ ...base, ...extra });
    console.log(summary(name, run.report));
    variants.push({ name, why, ...run });
  }
  const lambdas = [report.training.lambda];
  transfer = {
    shipped: providerTransfer({ ...base, lambdas }),
    withoutAdjustment: providerTransfer({ ...base, lambdas, providerAdjustment: false }),
  };
  for (const t of transfer.shipped) console.log(`unseen provider ${t.provider}: AUC ${t.model.auc} vs ${t.baseRate.auc}, Brier ${t.model.brier} vs ${t.baseRate.brier}`);
}

const machine = machineInfo();
const date = new Date().toISOString().slice(0, 10);

writeFileSync(modelFile, formatModel(model));
const modelBytes = readFileSync(modelFile).length;
const evaluation = {
  date,
  machine,
  modelFile: path.relative(root, modelFile),
  modelBytes,
  ...report,
  comparisons: variants.map((v) => ({
    name: v.name,
    description: v.why,
    model: pick(v.report.model),
    baseRate: pick(v.report.baseRate),
    withText: v.report.subsets.find((s) => s.name === 'with problem text') ?? null,
    lambda: v.report.training.lambda,
  })),
  unseenProvider: transfer,
};
writeFileSync(evaluationFile, `${JSON.stringify(evaluation, null, 2)}\n`);
const previous = existsSync(readmeFile) ? readFileSync(readmeFile, 'utf8') : '';
const latency = previous.match(/^## Latency[\s\S]*?(?=^## |(?![\s\S]))/m)?.[0].trimEnd();
writeFileSync(readmeFile, readme(model, report, modelBytes, latency));
console.log(`wrote ${path.relative(root, modelFile)} (${(modelBytes / 1024).toFixed(0)} KiB), ${path.relative(root, evaluationFile)}, ${path.relative(root, readmeFile)}`);

// ---------------------------------------------------------------------------------------------

/** Mean weight of the known age buckets minus the "unknown" one (log-odds added by giving an age). */
function ageGain(m: SmartfixModel) {
  const w = (bucket: number) => m.dense[F.AGE + bucket];
  return [1, 2, 3, 4, 5, 6, 7].reduce((s, b) => s + w(b), 0) / 7 - w(0);
}
function ageShift(plain?: SmartfixModel) {
  const f = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(2)}`;
  return plain ? `: ${f(ageGain(plain))} in the plain fit, ${f(ageGain(model))} in the published model` : '';
}

function pick(m: { accuracy: number; auc: number; brier: number; logLoss: number }) {
  return { accuracy: m.accuracy, auc: m.auc, brier: m.brier, logLoss: m.logLoss };
}

function summary(name: string, r: EvaluationReport) {
  return `${name}: AUC ${r.model.auc} (base rate ${r.baseRate.auc}), Brier ${r.model.brier} (${r.baseRate.brier}), accuracy ${r.model.accuracy} (${r.baseRate.accuracy}), λ ${r.training.lambda}, ${r.training.seconds} s`;
}

/** One top-level key per line, values compact (readable diffs, small file). */
function formatModel(m: SmartfixModel) {
  const lines = Object.entries(m).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}

function readme(m: SmartfixModel, r: EvaluationReport, bytes: number, latencySection?: string) {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const f3 = (x: number) => x.toFixed(3);
  const f4 = (x: number) => x.toFixed(4);
  const sign = (x: number, digits: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;
  const d = r.data;
  const row = (name: string, x: { accuracy: number; auc: number; brier: number; logLoss: number }) =>
    `| ${name} | ${pct(x.accuracy)} | ${f3(x.auc)} | ${f4(x.brier)} | ${f4(x.logLoss)} |`;
  const calibrationRows = (model: CalibrationBin[], baseRate: CalibrationBin[]) =>
    model.map((b, i) => {
      const c = baseRate[i];
      const cell = (x: CalibrationBin) => (x.count ? `${f3(x.meanPredicted!)} | ${f3(x.observed!)} | ${x.count}` : '– | – | 0');
      return `| ${b.from.toFixed(1)}–${b.to.toFixed(1)} | ${cell(b)} | ${cell(c)} |`;
    });
  const noText = variants.find((v) => v.name === 'no text features');
  const top = r.training.topFeatures.slice(0, 12).map((x) => `${x.feature} ${sign(x.weight, 2)}`).join(', ');
  const withText = r.subsets.find((s) => s.name === 'with problem text');
  const withoutText = r.subsets.find((s) => s.name === 'without problem text');
  const lines: string[] = [];
  lines.push(
    '# Smart-fix repairability model',
    '',
    'Probability that a device brought to a repair café ends **Fixed or Repairable** rather than **End of life**,',
    'from its ORDS product category (1..40), brand, age in years and problem text. Inference is',
    '`packages/server/src/modules/smartfix/smartfix-model.ts` (pure TypeScript, in the server process); training and',
    'evaluation are `smartfix-train.ts`; this page is written by `scripts/smartfix-train.ts`.',
    '',
    '## Model',
    '',
    `L2-regularised logistic regression (full-batch gradient descent with Adam steps, ${r.training.iterations} passes, λ = ${r.training.lambda}`,
    `chosen on the validation part among ${r.training.lambdaSearch.map((x) => x.lambda).join(', ')}) over sparse features:`,
    '',
    '- ORDS category one-hot (not penalised: it plays the part of the base rate the rest refines);',
    '- age bucket (unknown, 0–1, 2–3, 4–6, 7–10, 11–15, 16–25, 26+) and age bucket × category group (6 groups);',
    `- brand, normalised (lowercase, accents and punctuation removed, "Unknown", "Ukendt", "other", "n/a"… → unknown), one-hot for the ${m.brands.length} brands seen ≥ ${r.training.minBrandCount} times in training, else "rare brand";`,
    `- problem text: lowercase, accents stripped, tokens of ≥ 2 letters (any script), unigrams and bigrams hashed with FNV-1a into 2^${m.hashBits} buckets; only the ${m.text.length} buckets present in ≥ ${r.training.minTextCount} training texts are kept (the vocabulary), each weighted 1/√n; a text with no known word (empty, or in a language absent from the data) sets one "no known word" feature.`,
    '',
    `The file \`model.json\` is ${(bytes / 1024).toFixed(0)} KiB (weights rounded to 4 significant digits, text weights as [bucket, weight] pairs).`,
    `Threshold: ${m.threshold} (see "Reading the figures").`,
    '',
    `Largest weights: ${top}.`,
    '',
    '### Two corrections of the data',
    '',
    "1. **Outcome notes in the problem text.** Fixit Clinic, Repair Cafe Wales and Repair Connects write the repairers' notes",
    '   into `problem` ("Item stopped working. Replaced fuse.", "Not economically repairable", "Repair was not successful"). A',
    '   user of the app describes a symptom before any repair, so the model trains on the **first sentence** of `problem` with',
    '   outcome words removed (fixed, repaired, replaced, works, unrepairable, advised, EOL, gerepareerd, vervangen…). The raw',
    '   text scores better on this test set only because it reads the answer (see the comparison below).',
    '2. **Data-provider markers.** The providers differ in repair rate (Denmark 68 %, Wales 78 %, Repair Connects and Fixit',
    '   Clinic 85 %) and in what they record: Repair Café Denmark and Toronto never give a problem text, only Repair Connects',
    '   and Fixit Clinic give an age. A plain fit learns "empty text" and "age given" as provider markers (the',
    `   log-odds for giving any age${ageShift(variants[0]?.model)}), which would shift every app prediction. During training each provider gets its own`,
    '   unpenalised intercept; the published model uses their average (weighted by records), and never sees the provider.',
    `   Fitted provider effects (log-odds): ${Object.entries(r.training.providerEffects).map(([p, w]) => `${p} ${sign(w, 2)}`).join(', ')}.`,
    '',
    '## Data and licence',
    '',
    `ORDS v0.3 partner files of July 2025 (\`datasets/ords/\`, see its README): ${d.files.length} files, ${d.recordsRead.toLocaleString('en')} records,`,
    `${d.labelled.toLocaleString('en')} labelled (Fixed / Repairable → 1, End of life → 0; ${d.droppedUnknownStatus.toLocaleString('en')} "Unknown" dropped), ${pct(d.positiveRate)} positive.`,
    'Source: `openrepair/data`, `aggregated/202507` and `partners/*/202507`, snapshot 2025-10-16 (commit 84dce89cf5b9);',
    'a subset of the 305,649 records of the full aggregate. Licence **CC BY-SA 4.0**. Attribution: « Open Repair Alliance /',
    'The Restart Project and the named data providers (Fixit Clinic, Repair Café Denmark, Repair Café Toronto, Repair Cafe',
    'Wales, Repair Connects) ». The model weights are derived from this data and are shared under the same licence.',
    '',
    `Split (seed ${d.seed}, records ordered by a hash of their id): ${d.train.toLocaleString('en')} train (of which the last ${d.validation.toLocaleString('en')} validate),`,
    `${d.test.toLocaleString('en')} held-out test${d.sample ? ` — sample of the first ${d.sample} shuffled labelled records` : ''}.`,
    '',
    '## Held-out results',
    '',
    `Test part (${d.test.toLocaleString('en')} records, ${pct(d.positiveRateTest)} positive). Base rate = probability equal to the category's repair rate in train.`,
    '',
    '| predictor | accuracy (≥ 0.5) | ROC AUC | Brier | log loss |',
    '|---|---|---|---|---|',
    row('model', r.model),
    row('per-category base rate', r.baseRate),
    `| **model − base rate** | ${sign(r.improvement.accuracy * 100, 1)} pt | ${sign(r.improvement.auc, 3)} | ${sign(r.improvement.brier, 4)} | ${sign(r.improvement.logLoss, 4)} |`,
    '',
    `The model beats the base rate by **${f3(r.improvement.auc)} in AUC** (${f3(r.baseRate.auc)} → ${f3(r.model.auc)}) and lowers the Brier score by`,
    `**${pct(r.improvement.brierSkill)}** (Brier skill over the base rate) and the log loss by ${f4(-r.improvement.logLoss)}. The gain is modest: most of what`,
    'these records say about the outcome is the category.',
    '',
    '| test subset | records | model AUC | base AUC | model Brier | base Brier |',
    '|---|---|---|---|---|---|',
    ...r.subsets.map((s) => `| ${s.name} | ${s.count.toLocaleString('en')} | ${f3(s.model.auc)} | ${f3(s.baseRate.auc)} | ${f4(s.model.brier)} | ${f4(s.baseRate.brier)} |`),
    '',
    withText && withoutText
      ? `Where there is a problem text the model gains ${sign(withText.model.auc - withText.baseRate.auc, 3)} AUC; without text (Denmark, Toronto) only brand and age can help (${sign(withoutText.model.auc - withoutText.baseRate.auc, 3)}).`
      : '',
    '',
    'Within the 10 largest test categories (the base rate is constant inside a category, AUC 0.5):',
    '',
    '| category | test records | repair rate | model AUC | model Brier | base Brier |',
    '|---|---|---|---|---|---|',
    ...r.perCategory.map((c) => `| ${c.categoryId} ${c.name} | ${c.count} | ${pct(c.positiveRate)} | ${f3(c.auc)} | ${f4(c.brier)} | ${f4(c.baseBrier)} |`),
    '',
    '### Calibration (held-out)',
    '',
    '| predicted | model: mean predicted | observed | records | base rate: mean predicted | observed | records |',
    '|---|---|---|---|---|---|---|',
    ...calibrationRows(r.model.calibration, r.baseRate.calibration),
    '',
    `Platt scaling fitted on the validation part: a = ${r.training.platt.a}, b = ${r.training.platt.b}, validation log loss ${r.training.platt.validationLogLoss} → ${r.training.platt.validationLogLossScaled}.`,
    `It is not applied: a is close to 1 and b to 0, the validation gain is ${f4(r.training.platt.validationLogLoss - r.training.platt.validationLogLossScaled)} in log loss, the held-out table`,
    'above is within a few points in every well-filled bin, and the published model is refitted on more data than the model the scaling was fitted on.',
  );
  if (variants.length) {
    lines.push(
      '',
      '### Design comparisons (same split)',
      '',
      '| variant | AUC | Brier | log loss | AUC with text | what it is |',
      '|---|---|---|---|---|---|',
      `| **published** | ${f3(r.model.auc)} | ${f4(r.model.brier)} | ${f4(r.model.logLoss)} | ${withText ? f3(withText.model.auc) : '–'} | first sentence, provider adjustment |`,
      ...variants.map((v) => {
        const t = v.report.subsets.find((s) => s.name === 'with problem text');
        return `| ${v.name} | ${f3(v.report.model.auc)} | ${f4(v.report.model.brier)} | ${f4(v.report.model.logLoss)} | ${t ? f3(t.model.auc) : '–'} | ${v.why} |`;
      }),
      `| per-category base rate | ${f3(r.baseRate.auc)} | ${f4(r.baseRate.brier)} | ${f4(r.baseRate.logLoss)} | ${withText ? f3(withText.baseRate.auc) : '–'} | |`,
      '',
      'The plain fit scores a little higher on this split because the test records come from the same providers, so',
      '"no text" or "age given" tells it which repair café it is. The app is a new provider; the check that matters is a',
      'provider never seen in training:',
    );
  }
  if (transfer) {
    lines.push(
      '',
      '| unseen provider (trained on the others) | records | repair rate | AUC published / plain fit / base rate | Brier published / plain fit / base rate |',
      '|---|---|---|---|---|',
      ...transfer.shipped.map((t, i) => {
        const p = transfer!.withoutAdjustment[i];
        return `| ${t.provider} | ${t.test.toLocaleString('en')} | ${pct(t.positiveRate)} | ${f3(t.model.auc)} / ${f3(p.model.auc)} / ${f3(t.baseRate.auc)} | ${f4(t.model.brier)} / ${f4(p.model.brier)} / ${f4(t.baseRate.brier)} |`;
      }),
      '',
      `On a new repair café the edge over the category rate is small (AUC difference from ${sign(Math.min(...transfer.shipped.map((t) => t.model.auc - t.baseRate.auc)), 3)} to ${sign(Math.max(...transfer.shipped.map((t) => t.model.auc - t.baseRate.auc)), 3)});`,
      'the repair level of a new café is unknown to every predictor here, which is much of what the Brier column measures.',
    );
  }
  lines.push(
    '',
    '### Reading the figures',
    '',
    `- With ${pct(d.positiveRate)} of devices repaired, the threshold 0.5 calls ${pct(1 - r.training.predictedNegativeShare)} of the test devices "repairable";`,
    '  accuracy at 0.5 is therefore close to always saying "repairable". The probability is the useful output; no other',
    '  threshold was tuned because no cost of each error was given.',
    '- The problem texts of the data are English (Wales, Fixit Clinic, part of Repair Connects), Dutch and some German',
    '  (Repair Connects); Denmark and Toronto have none. **French is nearly absent**: about 105 records of the Repair Café',
    '  Virtuel Wallonie/Bruxelles (Repair Connects). Common French words (écran, moteur, tourne, plus…) are therefore in the',
    '  vocabulary with small weights learned from a handful of records, and most of a French description adds nothing; the',
    '  prediction then rests mostly on category, brand and age. A real French vocabulary needs French repair records (e.g. the',
    '  Repair Café International or full ORDS aggregate files, not in this snapshot).',
    `- Ages are known for few records (Repair Connects, Fixit Clinic): their weights are small and uncertain.`,
    ...(noText
      ? [
          `- Without the text features the model is the base rate again (AUC ${f3(noText.report.model.auc)} against ${f3(r.baseRate.auc)}, Brier ${f4(noText.report.model.brier)} against ${f4(r.baseRate.brier)}):`,
          '  brand and age add little beyond the category. For a description with no known word, expect about the category',
          '  rate, nudged by the brand.',
        ]
      : []),
    '',
    '## Machine and retraining',
    '',
    `Trained ${date} on ${machine.cores} × ${machine.cpu}, ${machine.ramGiB} GiB RAM, node ${machine.node} (${machine.platform}); training and evaluation took ${r.training.seconds} s.`,
    '',
    '```sh',
    'node --import tsx scripts/smartfix-train.ts            # full data: model.json, evaluation.json, this README',
    'node --import tsx scripts/smartfix-train.ts --no-compare  # without the design comparisons (faster)',
    'node --import tsx bench/smartfix-latency.ts            # latency section below',
    'npx vitest run --project server packages/server/src/modules/smartfix',
    '```',
    '',
    'Training is deterministic (seeded split, full-batch optimisation): the same data gives the same `model.json`.',
    '`evaluation.json` holds every figure of this page.',
  );
  if (latencySection) lines.push('', latencySection);
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n')}\n`;
}
