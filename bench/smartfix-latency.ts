/**
 * In-process latency of the smart-fix model: `node --import tsx bench/smartfix-latency.ts`.
 * Times loadSmartfixModel (read + parse + lookup tables) and predictProbability per call over
 * varied inputs taken from the ORDS records (all categories, brands, ages, problem texts of every
 * length and language, plus French and empty ones), after a warm-up. Writes smartfix/latency.json
 * and the "Latency" section of smartfix/README.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SmartfixInput, loadSmartfixModel, predictProbability } from '../packages/server/src/modules/smartfix/smartfix-model.ts';
import { ageOf, readOrdsRecords } from '../packages/server/training/smartfix-train.ts';
import { machineInfo } from './machine.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const WARMUP = 2_000;
const CALLS = 10_000;

// Model load: first load in this process, then the median of 10 more.
const loadTimes: number[] = [];
for (let i = 0; i < 11; i++) {
  const t = performance.now();
  loadSmartfixModel();
  loadTimes.push(performance.now() - t);
}
const model = loadSmartfixModel();

// Varied inputs: every 6th ORDS record (raw problem text, any length), plus hand-written French ones.
const { records } = readOrdsRecords(path.join(root, 'datasets/ords'));
const inputs: SmartfixInput[] = records
  .filter((_, i) => i % 6 === 0)
  .map((r) => ({ categoryId: Number(r.product_category_id), kind: null, brand: r.brand, age: ageOf(r), problem: r.problem }));
const french = [
  "l'écran est fissuré",
  'ne chauffe plus du tout depuis hier',
  'fait un bruit anormal et sent le brûlé',
  "ne s'allume plus",
  '',
];
for (let i = 0; i < 500; i++)
  inputs.push({
    categoryId: 1 + (i % 40),
    kind: null,
    brand: ['Seb', 'Moulinex', '', 'Rowenta'][i % 4],
    age: i % 7 === 0 ? null : i % 30,
    problem: french[i % french.length],
  });

let sink = 0;
for (let i = 0; i < WARMUP; i++) sink += predictProbability(model, inputs[i % inputs.length]);
const times = new Float64Array(CALLS);
for (let i = 0; i < CALLS; i++) {
  const input = inputs[(i * 7919) % inputs.length]; // stride by a prime: consecutive calls differ
  const t = process.hrtime.bigint();
  sink += predictProbability(model, input);
  times[i] = Number(process.hrtime.bigint() - t) / 1000;
}
const sorted = Float64Array.from(times).sort();
const quantile = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const round = (x: number, d = 2) => Number(x.toFixed(d));
const mean = times.reduce((s, x) => s + x, 0) / CALLS;
const medianLoad = [...loadTimes.slice(1)].sort((a, b) => a - b)[5];
const machine = machineInfo();
const modelBytes = readFileSync(path.join(root, 'packages/server/src/modules/smartfix/model.json')).length;
const result = {
  date: new Date().toISOString().slice(0, 10),
  machine,
  modelBytes,
  load: { firstMs: round(loadTimes[0]), medianMs: round(medianLoad) },
  predict: {
    warmup: WARMUP,
    calls: CALLS,
    distinctInputs: inputs.length,
    p50Us: round(quantile(0.5)),
    p99Us: round(quantile(0.99)),
    meanUs: round(mean),
    maxUs: round(sorted[sorted.length - 1]),
  },
  checksum: round(sink, 3),
};
writeFileSync(path.join(here, 'smartfix/latency.json'), `${JSON.stringify(result, null, 2)}\n`);

const section = [
  '## Latency',
  '',
  `\`node --import tsx bench/smartfix-latency.ts\` → \`latency.json\`. ${result.date}, ${machine.cores} × ${machine.cpu}, ${machine.ramGiB} GiB RAM, node ${machine.node}; one process, one thread.`,
  '',
  '| measure | value |',
  '|---|---|',
  `| model load (read ${(modelBytes / 1024).toFixed(0)} KiB + JSON.parse + tables), first / median of 10 | ${result.load.firstMs} ms / ${result.load.medianMs} ms |`,
  `| \`predictProbability\` p50 | ${result.predict.p50Us} µs |`,
  `| \`predictProbability\` p99 | ${result.predict.p99Us} µs |`,
  `| \`predictProbability\` mean | ${result.predict.meanUs} µs |`,
  '',
  `${CALLS.toLocaleString('en')} timed calls after ${WARMUP.toLocaleString('en')} warm-up calls, over ${inputs.length.toLocaleString('en')} inputs: every sixth ORDS record with its raw`,
  'problem text (empty to several hundred words, English, Dutch, German) and 500 French ones. Each call glosses the',
  'text and runs the symptom patterns over it, so long texts dominate the tail.',
].join('\n');
const readmeFile = path.join(here, 'smartfix/README.md');
const readme = existsSync(readmeFile) ? readFileSync(readmeFile, 'utf8') : '# Smart-fix repairability model\n';
const updated = /^## Latency$/m.test(readme)
  ? readme.replace(/^## Latency[\s\S]*?(?=^## |(?![\s\S]))/m, `${section}\n\n`)
  : `${readme.trimEnd()}\n\n${section}\n`;
writeFileSync(readmeFile, `${updated.trimEnd()}\n`);
console.log(
  `load ${result.load.firstMs} ms (median ${result.load.medianMs} ms); predict p50 ${result.predict.p50Us} µs, p99 ${result.predict.p99Us} µs, mean ${result.predict.meanUs} µs`,
);
