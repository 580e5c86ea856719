/**
 * A flood of 1,000 sign-ins from one address keeps /api/health p99 under 50 ms.
 *
 * The real server runs as a child process (as in production: `node src/main.ts`, default rate
 * limits). The flood comes from another process: 1,000 sign-ins, 50 at a time, with wrong
 * passwords for 7 addresses. /api/health is probed one request at a time every 5 ms from a worker
 * thread of this process (its event loop is not the load generator's), first while the server is
 * idle, then during the flood; the flood's process is started and ready before the clock starts.
 *
 * `node --import tsx bench/signin-flood.ts` (DATABASE_URL set → PostgreSQL, else PGlite) writes
 * results/signin-flood-<db>.json. BENCH_RUNS (default 3): runs on fresh servers, all kept;
 * BENCH_TRACE=1 also prints the probes over 20 ms (when in the flood) and the server's output.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { freshSchemaUrl, startServer, tempDataDir } from '../packages/server/test/server-process.ts';
import { machineInfo } from './machine.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DATABASE_URL = process.env.DATABASE_URL;

// Waits for "go" on stdin, then sends the 1,000 sign-ins and prints their statuses.
const FLOOD = `
const base = process.argv[1];
const statuses = [];
process.stdout.write('ready\\n');
process.stdin.once('data', async () => {
  const queue = Array.from({ length: 1000 }, (_, i) => i);
  await Promise.all(Array.from({ length: 50 }, async () => {
    for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
      const res = await fetch(base + '/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'flood' + (i % 7) + '@exemple.fr', password: 'Mauvais1!mdp' }) });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
  }));
  process.stdout.write(JSON.stringify(statuses) + '\\n');
  process.exit(0);
});
`;

// Plain JS so the thread needs no TypeScript loader. Probes until told to stop, then posts
// [start (ms, this process's performance clock), duration, status] for every probe.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
let stop = false;
parentPort.once('message', () => (stop = true));
(async () => {
  const samples = [];
  while (!stop) {
    const t0 = performance.timeOrigin + performance.now();
    let status = 0;
    try {
      const res = await fetch(workerData.url + '/api/health');
      await res.arrayBuffer();
      status = res.status;
    } catch {}
    samples.push([t0, performance.timeOrigin + performance.now() - t0, status]);
    await new Promise((r) => setTimeout(r, 5));
  }
  parentPort.postMessage(samples);
})();
`;

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1));
  return { probes: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) };
}

const now = () => performance.timeOrigin + performance.now();

async function run() {
  const schema = DATABASE_URL ? await freshSchemaUrl(DATABASE_URL, 'flood') : undefined;
  const dataDir = tempDataDir('flood');
  const server = await startServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    ...(process.env.XENV ? JSON.parse(process.env.XENV) : {}),
    ...(schema ? { DATABASE_URL: schema.url } : {}),
  });
  try {
    const flood = spawn(process.execPath, ['-e', FLOOD, server.url], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    flood.stdout.on('data', (c) => (out += c));
    await new Promise<void>((resolve) => flood.stdout.on('data', () => out.includes('ready\n') && resolve()));

    const worker = new Worker(PROBE, { eval: true, workerData: { url: server.url } });
    const samples = new Promise<[number, number, number][]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await new Promise((r) => setTimeout(r, 2000));
    const floodStart = now();
    const exited = new Promise((resolve) => flood.on('exit', resolve));
    flood.stdin.write('go\n');
    await exited;
    const floodEnd = now();
    worker.postMessage('stop');
    const all = await samples;
    await worker.terminate();

    const statuses = JSON.parse(out.slice(out.indexOf('\n') + 1)) as number[];
    const during = all.filter(([t]) => t >= floodStart && t < floodEnd);
    const idle = all.filter(([t]) => t < floodStart);
    if (process.env.BENCH_TRACE)
      console.log(
        'slow probes [ms after the flood started, duration]:',
        JSON.stringify(during.filter(([, d]) => d > 20).map(([t, d]) => [Math.round(t - floodStart), Math.round(d)])),
      );
    return {
      signins: statuses.length,
      refused429: statuses.filter((s) => s === 429).length,
      floodMs: Math.round(floodEnd - floodStart),
      healthIdle: stats(idle.map(([, d]) => d)),
      healthDuringFlood: stats(during.map(([, d]) => d)),
      healthNot200: during.filter(([, , s]) => s !== 200).length,
    };
  } finally {
    await server.stop();
    if (process.env.BENCH_TRACE) console.log(server.output().split('\n').slice(0, 80).join('\n'));
    await schema?.drop();
  }
}

const loadAtStart = os.loadavg();
const runs = [];
for (let i = 0; i < RUNS; i++) {
  const r = await run();
  console.log(r);
  runs.push(r);
}
const result = {
  date: new Date().toISOString().slice(0, 10),
  machine: machineInfo().label,
  loadAverageAtStart: loadAtStart.map((l) => Number(l.toFixed(2))),
  database: DATABASE_URL ? 'postgres' : 'pglite',
  bar: 'health p99 during the flood < 50 ms',
  worstP99Ms: Math.max(...runs.map((r) => r.healthDuringFlood.p99Ms)),
  runs,
};
const here = path.dirname(fileURLToPath(import.meta.url));
writeFileSync(path.join(here, `results/signin-flood-${result.database}.json`), `${JSON.stringify(result, null, 2)}\n`);
console.log(`worst p99 ${result.worstP99Ms} ms`);
