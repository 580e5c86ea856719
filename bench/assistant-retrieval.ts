/**
 * Retrieval quality of the repair assistant on the held-out phrasings (bench/assistant/held-out.json):
 * `node --import tsx bench/assistant-retrieval.ts` prints the figures and writes
 * results/assistant-retrieval.json (date, machine, top-1, top-3, MRR, misses).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateRetrieval, readHeldOut } from '../packages/server/src/modules/assistant/retrieval-eval.ts';
import { faultIndex } from '../packages/server/src/services.ts';
import { machineInfo } from './machine.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const index = faultIndex();
const items = readHeldOut();
const started = performance.now();
const result = evaluateRetrieval(index, items);
const msPerQuery = (performance.now() - started) / items.length;
const machine = machineInfo().label;
const report = { date: new Date().toISOString().slice(0, 10), machine, faults: index.size, ...result, msPerQuery };
writeFileSync(path.join(here, 'results/assistant-retrieval.json'), `${JSON.stringify(report, null, 2)}\n`);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log(`${items.length} held-out phrasings, ${index.size} faults: top-1 ${pct(result.top1)}, top-3 ${pct(result.top3)}, MRR ${result.mrr.toFixed(3)}, ${msPerQuery.toFixed(2)} ms/query`);
for (const m of result.misses) console.log(`  miss: « ${m.query} » → expected ${m.expected}, got ${m.got.join(', ') || 'nothing'}`);
