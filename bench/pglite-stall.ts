/**
 * Does PGlite stall the server? PGlite runs PostgreSQL compiled to WebAssembly: where it
 * runs, a query holds the thread until it ends. This measures, on the real server run as a child
 * process on PGlite, the latency of two probes sent one at a time every 10 ms from a worker thread
 * of this process (so the load generator's event loop does not delay them):
 *   - GET /api/health          (one `select 1` on the database)
 *   - GET /api/V1/push/public-key (no database at all: only the server's event loop)
 * with the server idle, under the mixed workload of bench/load.ts (100 connections: the CPU is
 * saturated, so every request queues), and under a query-heavy load that leaves CPU to spare
 * (4 connections listing the 200 appliances of one user: ~200 joined rows per query).
 *
 * Usage: BENCH_LABEL=worker node --import tsx bench/pglite-stall.ts
 * BENCH_DURATION (s per loaded phase, default 30), BENCH_CONNECTIONS (default 100), BENCH_USERS (default 50).
 * Writes bench/results/pglite-stall-<date>-<label>.json.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { REPO_ROOT } from '../packages/server/src/config.ts';
import { LIFTED_LIMITS, startServer, tempDataDir } from '../packages/server/test/server-process.ts';
import { heavyUser, runWorkload, seedUsers } from './load-workload.ts';
import { machineInfo } from './machine.ts';

const LABEL = process.env.BENCH_LABEL ?? 'worker';
const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const USERS = Number(process.env.BENCH_USERS ?? 50);

// Plain JS so the thread needs no TypeScript loader.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
(async () => {
  const { url, durationMs } = workerData;
  const paths = ['/api/health', '/api/V1/push/public-key'];
  const samples = { '/api/health': [], '/api/V1/push/public-key': [] };
  const failures = [];
  const end = Date.now() + durationMs;
  for (let i = 0; Date.now() < end; i++) {
    const p = paths[i % 2];
    const t0 = performance.now();
    try {
      const res = await fetch(url + p);
      await res.arrayBuffer();
      if (res.status !== 200) failures.push(p + ' ' + res.status);
    } catch (e) {
      failures.push(p + ' ' + e.message);
    }
    samples[p].push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage({ samples, failures });
})();
`;

type Samples = Record<string, number[]>;

function probe(url: string, durationMs: number): Promise<{ samples: Samples; failures: string[] }> {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, durationMs } });
  return new Promise((resolve, reject) => {
    worker.once('message', (m) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', reject);
  });
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
  return { count: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: Number(sorted[sorted.length - 1]!.toFixed(1)) };
}

const summarise = (s: Samples) => ({ health: stats(s['/api/health']!), noDatabase: stats(s['/api/V1/push/public-key']!) });

const loadAtStart = os.loadavg();
const dataDir = tempDataDir('stall');
const server = await startServer({ DATA_DIR: dataDir, ...LIFTED_LIMITS });
try {
  const users = await seedUsers(server.url, USERS);
  await runWorkload(server.url, users, { connections: CONNECTIONS, durationS: 5 });
  const idle = await probe(server.url, 5000);
  const [loaded, { result }] = await Promise.all([
    probe(server.url, DURATION_S * 1000),
    runWorkload(server.url, users, { connections: CONNECTIONS, durationS: DURATION_S }),
  ]);
  const heavy = await heavyUser(server.url, 200);
  const [heavyProbe, heavyResult] = await Promise.all([
    probe(server.url, DURATION_S * 1000),
    autocannon({
      url: `${server.url}/api/V1/profils/users/${heavy.id}/appliances`,
      headers: { authorization: heavy.auth },
      connections: 4,
      duration: DURATION_S,
    }),
  ]);
  const date = new Date().toISOString().slice(0, 10);
  const summary = {
    date,
    machine: machineInfo(),
    loadAverageAtStart: loadAtStart.map((l) => Number(l.toFixed(2))),
    label: LABEL,
    database: 'pglite',
    durationSeconds: DURATION_S,
    connections: CONNECTIONS,
    users: USERS,
    idle: summarise(idle.samples),
    mixedLoad: {
      ...summarise(loaded.samples),
      loadReqPerSec: Math.round(result.requests.average),
      loadP99Ms: result.latency.p99,
      loadNon2xx: result.non2xx,
      loadErrors: result.errors,
    },
    queryHeavyLoad: {
      ...summarise(heavyProbe.samples),
      loadReqPerSec: Math.round(heavyResult.requests.average),
      loadP99Ms: heavyResult.latency.p99,
      loadNon2xx: heavyResult.non2xx,
      loadErrors: heavyResult.errors,
    },
    probeFailures: [...idle.failures, ...loaded.failures, ...heavyProbe.failures],
  };
  mkdirSync(path.join(REPO_ROOT, 'bench/results'), { recursive: true });
  const file = path.join(REPO_ROOT, `bench/results/pglite-stall-${date}-${LABEL}.json`);
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(JSON.stringify(summary, null, 2));
  console.log(`→ ${path.relative(REPO_ROOT, file)}`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
