/**
 * Memory at rest and start-up time: the real server as a separate process (PGlite in a temp
 * DATA_DIR, or DATABASE_URL), its resident memory (VmRSS of /proc/<pid>/status, the PGlite worker
 * thread included):
 * - cold: first start on an empty data directory (migrations, reference data), time until /api/health
 *   answers, RSS 5 s later;
 * - under load: 60 s of a household's reads (10 connections, the home's and the inventory's GETs),
 *   RSS sampled every second (peak), then 10 s after the load;
 * - warm: a second start on the same data directory, time until /api/health, RSS 5 s later.
 * Bars: ≤ 250 MB on PGlite, ≤ 150 MB on PostgreSQL at rest; cold start < 3 s, existing < 2 s.
 * The server runs as production does: built to JavaScript (`npm run build` first), no TypeScript loader;
 * RSS_SOURCES=1 runs it from its TypeScript sources through tsx instead, for comparison.
 * Usage: node --import tsx bench/rss.ts [DATABASE_URL=…]; RSS_LOAD_SECONDS (default 60).
 * Writes bench/results/rss-<date>-<database>.json.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { REPO_ROOT } from '../packages/server/src/config.ts';
import { freshSchemaUrl, LIFTED_LIMITS, startServer, tempDataDir } from '../packages/server/test/server-process.ts';
import { heavyUser } from './load-workload.ts';
import { machineInfo } from './machine.ts';

const LOAD_S = Number(process.env.RSS_LOAD_SECONDS ?? 60);
const MB = 1024 * 1024;
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const databaseUrl = process.env.DATABASE_URL;
const database = databaseUrl ? 'postgres' : 'pglite';
const dataDir = tempDataDir('rss');
const schema = databaseUrl ? await freshSchemaUrl(databaseUrl, 'rss') : null;
const env = { DATA_DIR: dataDir, ...(schema ? { DATABASE_URL: schema.url } : {}), ...LIFTED_LIMITS };

async function start() {
  const started = performance.now();
  const server = await startServer(env, {
    built: !process.env.RSS_SOURCES,
    nodeArgs: process.env.RSS_NODE_ARGS?.split(' ').filter(Boolean),
  });
  return { server, startMs: Math.round(performance.now() - started) };
}

const result: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: machineInfo(),
  database,
  server: process.env.RSS_SOURCES ? 'node --import tsx src/main.ts' : 'node dist/main.js (built, npm start’s flags)',
  loadAverageAtStart: os.loadavg().map((l) => Number(l.toFixed(2))),
};
try {
  const cold = await start();
  await pause(5000);
  result.cold = { startMs: cold.startMs, rssMB: Math.round(rssOf(cold.server.child.pid!) / MB) };
  console.log('cold', result.cold);

  const user = await heavyUser(cold.server.url, 50, 7001);
  const base = `/api/V1/profils/users/${user.id}`;
  const paths = [
    `${base}/foyers/univers`,
    `${base}/appliances?limit=60`,
    `${base}/appliances/count`,
    `${base}/badges`,
    `${base}/notifs/count`,
    `${base}/droits/resume`,
    `${base}/events/counts`,
  ];
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(cold.server.child.pid!));
  }, 1000);
  const load = await autocannon({
    url: cold.server.url,
    connections: 10,
    duration: LOAD_S,
    requests: paths.map((p) => ({ method: 'GET', path: p, headers: { authorization: user.auth } })),
  });
  clearInterval(sampler);
  await pause(10_000);
  result.load = {
    seconds: LOAD_S,
    requests: load.requests.total,
    non2xx: load.non2xx,
    errors: load.errors,
    peakRssMB: Math.round(peak / MB),
    rssAfter10sMB: Math.round(rssOf(cold.server.child.pid!) / MB),
  };
  console.log('load', result.load);
  await cold.server.stop();

  const warm = await start();
  await pause(5000);
  result.warm = { startMs: warm.startMs, rssMB: Math.round(rssOf(warm.server.child.pid!) / MB) };
  console.log('warm', result.warm);
  await warm.server.stop();
} finally {
  await schema?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
const file = path.join(REPO_ROOT, 'bench/results', `rss-${new Date().toISOString().slice(0, 10)}-${database}.json`);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(`written ${path.relative(REPO_ROOT, file)}`);
