/**
 * Quality of the repair assistant's decision (emergency intercept, device constraint, abstention,
 * retrieval) on the sets of bench/assistant/ (issue 13):
 * - held-out.json: symptom phrasings written apart from the knowledge base (issue 6), relabelled where
 *   the situation is now an emergency;
 * - calibration.json: out-of-scope and emergency questions the abstention thresholds were tuned on;
 * - held-out-2.json: the second set, written separately from the titles only, never tuned on.
 * `node --import tsx bench/assistant-retrieval.ts` prints the figures and writes
 * results/assistant-retrieval.json (date, machine, per set: top-1, top-3, MRR, abstention precision
 * and recall, emergency recall, wrong-device answers, misses).
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateRetrieval, readHeldOut } from '../packages/server/src/modules/assistant/retrieval-eval.ts';
import { faultIndex } from '../packages/server/src/services.ts';
import { machineInfo } from './machine.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const index = faultIndex();
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const sets: Record<string, unknown> = {};
for (const file of ['held-out.json', 'calibration.json', 'held-out-2.json', 'held-out-3.json']) {
  if (!existsSync(path.join(here, 'assistant', file))) continue;
  const items = readHeldOut(file);
  const started = performance.now();
  const r = evaluateRetrieval(index, items);
  const msPerQuery = (performance.now() - started) / items.length;
  sets[file] = { ...r, msPerQuery };
  console.log(
    `${file}: ${items.length} questions — in scope ${r.inScope.n}: top-1 ${pct(r.inScope.top1)}, top-3 ${pct(r.inScope.top3)}, MRR ${r.inScope.mrr.toFixed(3)}, abstained ${r.inScope.abstained}; ` +
      `out of scope ${r.outOfScope.n}: abstained ${r.outOfScope.abstained}; abstention precision ${pct(r.abstention.precision)}, recall ${pct(r.abstention.recall)}; ` +
      `emergencies ${r.emergencies.n}: recall ${pct(r.emergencies.recall)}, false alarms ${r.emergencies.falseAlarms}; wrong device ${r.wrongDevice}; ${msPerQuery.toFixed(2)} ms/question`,
  );
  if (process.env.MISSES) for (const m of r.misses) console.log(`  miss: « ${m.query} » (${m.productName ?? 'sans appareil'}) → expected ${m.expected}, got ${Array.isArray(m.got) ? m.got.join(', ') || 'nothing' : m.got}`);
}
const report = { date: new Date().toISOString().slice(0, 10), machine: machineInfo().label, faults: index.size, sets };
writeFileSync(path.join(here, 'results/assistant-retrieval.json'), `${JSON.stringify(report, null, 2)}\n`);
