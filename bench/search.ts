/**
 * Search benchmark: one keystroke of the app's search (contracts' `createSearch`, which
 * the server runs for `GET …/appliances?q=`) over a household's inventory at 1,000 and 5,000
 * appliances, fields like bench/load-workload.ts's heavy household. The index is built once per
 * household's data (the server keeps it, `searchIndexes`); each query is timed cold (its first run)
 * and warm (the median of 20, as a server that has searched before). The bar: one frame, 16 ms.
 *
 * Usage: node --import tsx bench/search.ts   Writes bench/results/search-<date>.json.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSearch } from '../packages/contracts/src/search.ts';
import { REPO_ROOT } from '../packages/server/src/config.ts';
import products from '../packages/server/src/db/reference/products.json' with { type: 'json' };
import { machineInfo } from './machine.ts';

const SIZES = [1000, 5000];
const QUERIES = ['b', 'bo', 'bosch', 'lave', 'lave linje', 'frigo', 'marque 12', 'refigerateur', 'xylophone'];
const KEYS = ['name', 'marque', 'modele', 'prod_name', 'univer_name'] as const;
const UNIVERSES = ['Cuisine', 'Buanderie', 'Salon', 'Garage', 'Salle de bains'];

const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results = [];
for (const size of SIZES) {
  const items = Array.from({ length: size }, (_, i) => ({
    id: i,
    name: i % 7 === 0 ? `Appareil ${i}` : null,
    marque: `Marque ${i}`,
    modele: `M-${i}`,
    prod_name: products[i % 60]!.prodName,
    univer_name: UNIVERSES[i % UNIVERSES.length]!,
  }));
  const t0 = performance.now();
  const search = createSearch(items, KEYS);
  const buildMs = performance.now() - t0;
  const queries = QUERIES.map((q) => {
    const t1 = performance.now();
    const matches = search(q).length;
    const coldMs = performance.now() - t1;
    const warm = Array.from({ length: 20 }, () => {
      const t2 = performance.now();
      search(q);
      return performance.now() - t2;
    });
    return { q, matches, coldMs: Number(coldMs.toFixed(1)), warmMs: Number(median(warm).toFixed(1)) };
  });
  console.log(`${size} appliances: index built in ${buildMs.toFixed(0)} ms`);
  for (const r of queries)
    console.log(
      `  ${r.q.padEnd(14)} ${String(r.matches).padStart(5)} found  cold ${r.coldMs.toFixed(1).padStart(5)} ms  warm ${r.warmMs.toFixed(1).padStart(5)} ms`,
    );
  results.push({ appliances: size, buildMs: Number(buildMs.toFixed(0)), queries });
}
const date = new Date().toISOString().slice(0, 10);
const file = path.join(REPO_ROOT, 'bench/results', `search-${date}.json`);
writeFileSync(file, `${JSON.stringify({ date, machine: machineInfo(), results }, null, 2)}\n`);
console.log(`written ${path.relative(REPO_ROOT, file)}`);
