/**
 * The repair assistant's danger screen and abstention (decision 023), on the evaluation set written by a
 * writer who saw neither the training corpus nor the rules (bench/assistant/emergency-held-out.json):
 * recall per emergency kind, refusals of bypass requests, false alarms and refusals on ordinary
 * breakdowns, abstention on out-of-scope questions, latency of a decision; the leave-one-writer-out
 * scores of the training (bench/results/emergency-training.json, written by
 * packages/server/training/emergency-train.ts); and the first answer of a server just started, once
 * `/api/health` says ok (`BENCH_FIRST_ANSWER=0` skips it).
 *
 * Usage: node --import tsx bench/assistant-emergency.ts → results/assistant-emergency.json
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateEmergencies, readEmergencySet } from '../packages/server/src/modules/assistant/emergency-eval.ts';
import { evaluateRetrieval, readHeldOut } from '../packages/server/src/modules/assistant/retrieval-eval.ts';
import { SafetyScreen } from '../packages/server/src/modules/assistant/safety-screen.ts';
import { faultIndex } from '../packages/server/src/services.ts';
import { startServer, tempDataDir } from '../packages/server/test/server-process.ts';
import { machineInfo } from './machine.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

const index = faultIndex();
const screen = new SafetyScreen();
const evaluation = evaluateEmergencies(index, screen, readEmergencySet());
console.log(`emergencies ${evaluation.emergencies.n}: recall ${pct(evaluation.emergencies.recall)}`);
for (const [kind, k] of Object.entries(evaluation.perKind))
  console.log(`  ${kind.padEnd(14)} ${k.alarmed}/${k.n} alarmed, ${k.rightKind} with the right kind`);
console.log(`bypass requests ${evaluation.bypass.n}: refused ${pct(evaluation.bypass.recall)}`);
console.log(
  `ordinary breakdowns ${evaluation.breakdowns.n}: false alarms ${evaluation.breakdowns.falseAlarms}, false refusals ${evaluation.breakdowns.falseRefusals} (${pct(evaluation.breakdowns.rate)}), abstained ${evaluation.breakdowns.abstained}`,
);
console.log(
  `out of scope ${evaluation.outOfScope.n}: abstained ${pct(evaluation.outOfScope.recall)}, alarms ${evaluation.outOfScope.alarms}; abstention precision ${pct(evaluation.abstention.precision)}`,
);
console.log(`decision latency p50 ${evaluation.latencyMs.p50} ms, p99 ${evaluation.latencyMs.p99} ms`);
if (process.env.MISSES)
  for (const m of evaluation.misses)
    console.log(`  miss: « ${m.query} » (${m.productName ?? 'sans appareil'}) → expected ${m.kind}, got ${m.got}`);

// The retrieval bars of the sets written for it (in scope top-1 / top-3), under the same screen.
const retrieval: Record<string, { top1: number; top3: number; emergencyRecall: number; falseAlarms: number }> = {};
for (const file of ['held-out-2.json', 'held-out-5.json', 'held-out-10.json', 'held-out-11.json']) {
  if (!existsSync(path.join(here, 'assistant', file))) continue;
  const r = evaluateRetrieval(index, readHeldOut(file));
  retrieval[file] = {
    top1: r.inScope.top1,
    top3: r.inScope.top3,
    emergencyRecall: r.emergencies.recall,
    falseAlarms: r.emergencies.falseAlarms,
  };
  console.log(
    `${file}: in scope top-1 ${pct(r.inScope.top1)}, top-3 ${pct(r.inScope.top3)}; emergencies ${pct(r.emergencies.recall)}, false alarms ${r.emergencies.falseAlarms}`,
  );
}

const trainingFile = path.join(here, 'results/emergency-training.json');
const training = existsSync(trainingFile) ? JSON.parse(readFileSync(trainingFile, 'utf8')) : null;

/** The first question to a server just started, once /api/health says ok. */
async function firstAnswer(): Promise<{ ms: number; status: number } | null> {
  if (process.env.BENCH_FIRST_ANSWER === '0') return null;
  const dataDir = tempDataDir('assistant-first');
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const email = `premier-${Date.now()}@exemple.fr`;
    await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstname: 'Camille', lastname: 'Durand', email, password: 'Secret1!ok' }),
    });
    const { accessToken } = (await (
      await fetch(`${server.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password: 'Secret1!ok' }),
      })
    ).json()) as { accessToken: string };
    const started = performance.now();
    const res = await fetch(`${server.url}/api/V1/assistant/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ user_prompt: 'mon lave-linge ne vide plus l’eau', productName: 'Lave-linge' }),
    });
    await res.text();
    return { ms: Math.round(performance.now() - started), status: res.status };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const first = await firstAnswer();
if (first) console.log(`first answer after /api/health: ${first.ms} ms (${first.status})`);

const report = {
  date: new Date().toISOString().slice(0, 10),
  machine: machineInfo().label,
  heldOut: { file: 'bench/assistant/emergency-held-out.json', ...evaluation },
  retrieval,
  leaveOneWriterOut: training?.leaveOneWriterOut ?? null,
  firstAnswerAfterStart: first,
};
writeFileSync(path.join(here, 'results/assistant-emergency.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log('written bench/results/assistant-emergency.json');
