/**
 * API efficiency: each route's requests per second as a share of a bare Fastify route that
 * reads the same rows from the same database (bench/bare-server.ts), measured in one run, one after
 * the other, at 10 connections; then the detail route at 100 connections for errors.
 *
 * The app runs as in production (built: `npm run build` first; `npm start`'s node flags; `LOG_LEVEL=info`,
 * its default), as a child process; the household is
 * one user holding 50 appliances (seeded through the API). Requests carry no `accept-encoding`, as
 * the bare route compresses nothing.
 *
 * Usage: node --import tsx bench/api-ratio.ts            (PGlite in a temp DATA_DIR)
 *        DATABASE_URL=postgres://… node --import tsx bench/api-ratio.ts
 * BENCH_DURATION (s per route, default 10). Writes bench/results/api-ratio-<date>-<database>.json.
 */
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { REPO_ROOT } from '../packages/server/src/config.ts';
import { freePort, freshSchemaUrl, LIFTED_LIMITS, startServer, tempDataDir } from '../packages/server/test/server-process.ts';
import { heavyUser } from './load-workload.ts';
import { machineInfo } from './machine.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const databaseUrl = process.env.DATABASE_URL;
const loadAtStart = os.loadavg();
const dataDir = tempDataDir('api-ratio');
const schema = databaseUrl ? await freshSchemaUrl(databaseUrl, 'api_ratio') : null;
const database = schema ? 'postgres' : 'pglite';

interface Measure {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(url: string, paths: string[], auth: string | null, connections = 10, durationS = DURATION_S): Promise<Measure> {
  const headers = auth ? { authorization: auth } : {};
  const run = (duration: number) =>
    autocannon({ url, connections, duration, requests: paths.map((p) => ({ method: 'GET' as const, path: p, headers })) });
  await run(2); // warm-up
  const r = await run(durationS);
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

async function startBare(env: Record<string, string>): Promise<{ url: string; stop(): Promise<unknown> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench/bare-server.ts')], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      if (i > 600) throw new Error('the bare server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

const app = await startServer(
  { DATA_DIR: dataDir, LOG_LEVEL: 'info', ...(schema ? { DATABASE_URL: schema.url } : {}), ...LIFTED_LIMITS },
  { built: true },
);
const results: Record<string, { app: Measure; bare: Measure | null; baseline: string; share: number | null }> = {};
let at100: Measure | null = null;
try {
  const user = await heavyUser(app.url, 50, 7001);
  const base = `/api/V1/profils/users/${user.id}`;
  const appRoutes: Record<string, string[]> = {
    'one appliance (detail)': [`/api/V1/profils/users/foyers/univers/appliances/${user.applianceIds[0]}`],
    'list of the household’s appliances (50)': [`${base}/appliances?limit=60`],
    'list of universes': [`${base}/foyers/univers`],
    'the home page’s GETs (mixed)': [
      '/foyers/univers',
      '/badges',
      '/badges/a-gagner',
      '/appliances/count',
      '/droits/resume',
      '/notifs/count',
    ].map((p) => base + p),
  };
  const appMeasures: Record<string, Measure> = {};
  for (const [name, paths] of Object.entries(appRoutes)) {
    appMeasures[name] = await measure(app.url, paths, user.auth);
    console.log(`app  ${name}: ${appMeasures[name].reqPerSec} req/s, p99 ${appMeasures[name].p99} ms`);
  }
  at100 = await measure(app.url, appRoutes['one appliance (detail)']!, user.auth, 100, 5);
  console.log(`app  detail at 100 connections: ${at100.reqPerSec} req/s, ${at100.errors} errors, ${at100.non2xx} non-2xx`);
  await app.stop();

  // The same database, now read by the bare server (PGlite's directory is free once the app stopped).
  const bare = await startBare(schema ? { DATABASE_URL: schema.url } : { PGLITE_DIR: path.join(dataDir, 'pglite') });
  try {
    const one = await measure(bare.url, [`/one/${user.applianceIds[0]}`], null);
    const list = await measure(bare.url, [`/list/${user.id}`], null);
    const universes = await measure(bare.url, [`/universes/${user.id}`], null);
    for (const [label, m] of [
      ['bare one row', one],
      ['bare list', list],
      ['bare universes', universes],
    ] as const)
      console.log(`bare ${label}: ${m.reqPerSec} req/s, p99 ${m.p99} ms`);
    const baselineOf: Record<string, [string, Measure]> = {
      'one appliance (detail)': ['bare one row', one],
      'list of the household’s appliances (50)': ['bare list (same rows)', list],
      'list of universes': ['bare universes (same rows)', universes],
      'the home page’s GETs (mixed)': ['bare one row', one],
    };
    for (const [name, m] of Object.entries(appMeasures)) {
      const [baseline, b] = baselineOf[name]!;
      results[name] = { app: m, bare: b, baseline, share: Number((m.reqPerSec / b.reqPerSec).toFixed(3)) };
    }
  } finally {
    await bare.stop();
  }
} finally {
  await app.stop();
  await schema?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\nroute | app req/s | baseline | baseline req/s | share | p99');
for (const [name, r] of Object.entries(results))
  console.log(
    `${name} | ${r.app.reqPerSec} | ${r.baseline} | ${r.bare?.reqPerSec} | ${Math.round((r.share ?? 0) * 100)} % | ${r.app.p99} ms`,
  );
const date = new Date().toISOString().slice(0, 10);
const out = path.join(REPO_ROOT, `bench/results/api-ratio-${date}-${database}.json`);
writeFileSync(
  out,
  `${JSON.stringify({ date, machine: machineInfo(), loadAverageAtStart: loadAtStart.map((l) => Number(l.toFixed(2))), database, connections: 10, durationSeconds: DURATION_S, routes: results, detailAt100Connections: at100 }, null, 2)}\n`,
);
console.log(`\nwritten ${path.relative(REPO_ROOT, out)}`);
