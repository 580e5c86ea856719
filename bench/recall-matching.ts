/**
 * Recall matching benchmark: the daily recall watch matches every RappelConso sheet kept
 * with every household's appliances (`modules/recalls/recall-matching.ts`). Here 1,000 sheets and
 * 10,000 appliances shaped like the real ones: 60 brands, sheets listing 1 to 4 references (some
 * with their series words, some only a GTIN), appliance models written « Série 6 WGG24409FF » or
 * « wgg-24409-ff »; 1 appliance in 100 is recalled, 1 in 50 is a near miss (a character away, a
 * prefix). The index is built once per run (as the service does), then every appliance looked up;
 * timed as the median of 7 runs, against comparing each appliance with each sheet (the naive way).
 *
 * Usage: node --import tsx bench/recall-matching.ts   Writes bench/results/recall-matching-<date>.json.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../packages/server/src/config.ts';
import {
  type ApplianceForMatching,
  brandKeys,
  matchRecalls,
  normalise,
  normaliseGtin,
  RecallIndex,
  referenceKeys,
  type SheetForMatching,
} from '../packages/server/src/modules/recalls/recall-matching.ts';
import { machineInfo } from './machine.ts';
import { random } from './random.ts';

const SHEETS = 1_000;
const APPLIANCES = 10_000;
const RUNS = 7;

const rand = random(22);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const LETTERS = [...'ABCDEFGHJKLMNPRSTUVWXYZ'];
const reference = () =>
  `${pick(LETTERS)}${pick(LETTERS)}${pick(LETTERS)}${Math.floor(10000 + rand() * 89999)}${pick(LETTERS)}${pick(LETTERS)}`;
const BRANDS = Array.from(
  { length: 60 },
  (_, i) =>
    ['Bosch', 'Siemens', 'Whirlpool', 'Samsung', 'LG', 'Electrolux', 'Moulinex', 'SEB', "De'Longhi", 'Philips'][i % 10]! +
    (i >= 10 ? ` ${i}` : ''),
);
const SERIES = ['Série 2', 'Série 4', 'Série 6', 'Série 8', 'iQ300', 'Dedica', 'Subito', 'Classic', ''];

const sheets: SheetForMatching[] = Array.from({ length: SHEETS }, (_, i) => {
  const refs = Array.from({ length: 1 + Math.floor(rand() * 4) }, () =>
    rand() < 0.3 ? `${pick(SERIES)} ${reference()}`.trim().toLowerCase() : reference().toLowerCase(),
  );
  const gtinOnly = rand() < 0.1;
  return {
    id: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(i).padStart(4, '0')}`,
    brand: gtinOnly ? 'sans marque' : pick(BRANDS).toLowerCase(),
    models: gtinOnly ? 'produit générique' : refs.join(pick([' / ', ', ', '; ', '\n'])),
    gtins: [`376${String(1_000_000_000 + i).slice(0, 10)}`],
  };
});
const recalled = sheets.filter((s) => s.brand !== 'sans marque');

let expected = 0;
const appliances: ApplianceForMatching[] = Array.from({ length: APPLIANCES }, (_, i) => {
  const roll = rand();
  if (roll < 0.01) {
    // Recalled: one of a sheet's references, written as a person would.
    expected += 1;
    const s = pick(recalled);
    const ref = pick(s.models.split(/ \/ |, |; |\n/)).toUpperCase();
    return { id: i, marque: s.brand.toUpperCase(), modele: rand() < 0.5 ? `${pick(SERIES)} ${ref}` : ref.replace(/(\d{3})/, '-$1-') };
  }
  if (roll < 0.03) {
    // A near miss: a character away, or a prefix.
    const s = pick(recalled);
    const ref = s.models
      .split(/ \/ |, |; |\n/)[0]!
      .split(' ')
      .at(-1)!
      .toUpperCase();
    return { id: i, marque: s.brand, modele: rand() < 0.5 ? `${ref.slice(0, -1)}${ref.endsWith('Z') ? 'Y' : 'Z'}` : ref.slice(0, -2) };
  }
  return {
    id: i,
    marque: pick(BRANDS),
    modele: `${pick(SERIES)} ${reference()}`.trim(),
    gtin: rand() < 0.1 ? `4${String(100_000_000_000 + i)}` : null,
  };
});

/** Each appliance against each sheet, with the same rules: what the index saves. */
function naive(): number {
  const prepared = sheets.map((s) => ({
    brands: new Set(brandKeys(s.brand)),
    refs: new Set(referenceKeys(s.models)),
    gtins: new Set(s.gtins.map(normaliseGtin)),
  }));
  let found = 0;
  for (const a of appliances) {
    const brand = a.marque ? normalise(a.marque) : '';
    const keys = a.modele ? referenceKeys(a.modele) : [];
    const gtin = a.gtin ? normaliseGtin(a.gtin) : null;
    for (const s of prepared) {
      if ((gtin && s.gtins.has(gtin)) || (s.brands.has(brand) && keys.some((k) => s.refs.has(k)))) found += 1;
    }
  }
  return found;
}

const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = <T>(run: () => T): [number, T] => {
  const t0 = performance.now();
  const out = run();
  return [performance.now() - t0, out];
};

const build: number[] = [];
const lookups: number[] = [];
const totals: number[] = [];
let matches = 0;
for (let r = 0; r < RUNS; r++) {
  const [buildMs, index] = time(() => new RecallIndex(sheets));
  const [lookupMs, found] = time(() => appliances.reduce((n, a) => n + index.sheetsFor(a).length, 0));
  const [totalMs] = time(() => matchRecalls(sheets, appliances));
  build.push(buildMs);
  lookups.push(lookupMs);
  totals.push(totalMs);
  matches = found;
}
const [naiveMs, naiveMatches] = time(naive);
if (naiveMatches !== matches) throw new Error(`the index found ${matches} matches, the naive way ${naiveMatches}`);

const result = {
  sheets: SHEETS,
  appliances: APPLIANCES,
  recalledAppliances: expected,
  matches,
  indexBuildMs: Number(median(build).toFixed(1)),
  lookupsMs: Number(median(lookups).toFixed(1)),
  matchRecallsMs: Number(median(totals).toFixed(1)),
  naiveMs: Number(naiveMs.toFixed(0)),
  runs: RUNS,
};
console.log(`${SHEETS} sheets × ${APPLIANCES} appliances: ${matches} matches (${expected} appliances recalled on purpose)`);
console.log(
  `  index built in ${result.indexBuildMs} ms, every appliance looked up in ${result.lookupsMs} ms; matchRecalls ${result.matchRecallsMs} ms (median of ${RUNS})`,
);
console.log(`  each appliance against each sheet: ${result.naiveMs} ms`);
const date = new Date().toISOString().slice(0, 10);
const file = path.join(REPO_ROOT, 'bench/results', `recall-matching-${date}.json`);
writeFileSync(file, `${JSON.stringify({ date, machine: machineInfo(), result }, null, 2)}\n`);
console.log(`written ${path.relative(REPO_ROOT, file)}`);
