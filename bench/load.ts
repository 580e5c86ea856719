/**
 * Load benchmark: a mixed workload of signed-in users against the real server run as a
 * separate process (`node --import tsx src/main.ts`), so the load generator never shares its
 * event loop.
 *
 * 50 users are seeded through the API (a universe with its picture, 3 appliances, 2 events, the
 * badge notifications that follow); then 100 connections loop for 60 s over the sequence of
 * load-workload.ts (lists, details, notification count/list/mark read, create then delete an event,
 * a universe with a picture upload and an appliance), each loop on the next user.
 *
 * Usage: node --import tsx bench/load.ts            (PGlite in a temp DATA_DIR)
 *        DATABASE_URL=postgres://… node --import tsx bench/load.ts   (a fresh schema, dropped after)
 * BENCH_DURATION (s, default 60), BENCH_CONNECTIONS (default 100), BENCH_USERS (default 50).
 * Writes bench/results/load-<date>-<database>.json.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../packages/server/src/config.ts';
import { freshSchemaUrl, LIFTED_LIMITS, startServer, tempDataDir } from '../packages/server/test/server-process.ts';
import { runWorkload, seedUsers } from './load-workload.ts';
import { machineInfo } from './machine.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const USERS = Number(process.env.BENCH_USERS ?? 50);

const databaseUrl = process.env.DATABASE_URL;
const loadAtStart = os.loadavg();
const dataDir = tempDataDir('load');
const schema = databaseUrl ? await freshSchemaUrl(databaseUrl, 'load') : null;
const server = await startServer({
  DATA_DIR: dataDir,
  ...(schema ? { DATABASE_URL: schema.url } : {}),
  ...LIFTED_LIMITS,
});
try {
  const users = await seedUsers(server.url, USERS);
  console.log(`seeded ${users.length} users; warm-up 5 s, then ${DURATION_S} s at ${CONNECTIONS} connections`);
  await runWorkload(server.url, users, { connections: CONNECTIONS, durationS: 5 });
  const { result, statuses } = await runWorkload(server.url, users, { connections: CONNECTIONS, durationS: DURATION_S });
  const database = schema ? 'postgres' : 'pglite';
  const date = new Date().toISOString().slice(0, 10);
  const summary = {
    date,
    machine: machineInfo(),
    // Other work on the machine skews the figures: recorded with them.
    loadAverageAtStart: loadAtStart.map((l) => Number(l.toFixed(2))),
    database,
    serverProcess: 'node --import tsx packages/server/src/main.ts (child process, LOG_LEVEL=warn)',
    durationSeconds: DURATION_S,
    connections: CONNECTIONS,
    users: USERS,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusesByRequest: statuses,
  };
  mkdirSync(path.join(REPO_ROOT, 'bench/results'), { recursive: true });
  const file = path.join(REPO_ROOT, `bench/results/load-${date}-${database}.json`);
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(JSON.stringify(summary, null, 2));
  console.log(`→ ${path.relative(REPO_ROOT, file)}`);
  if (result.errors > 0 || result.non2xx > 0) {
    console.error(server.output().slice(-5000));
    process.exitCode = 1;
  }
} finally {
  await server.stop();
  await schema?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
