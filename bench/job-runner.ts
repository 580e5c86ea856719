/**
 * The job runner (decision 028) on each database: two runners sharing one database as two replicas
 * would, 300 jobs made by one of them. Records how many ran, how many ran twice, the throughput,
 * and the delay from the enqueue to the start of a job: made by the runner's own process (it wakes at
 * once), or by a process that runs no worker (the others find it at their next poll).
 *
 * Usage: node --import tsx bench/job-runner.ts [postgres://…] — PGlite in memory without a URL.
 * Writes bench/results/job-runner-<date>-<pglite|postgres>.json.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { REPO_ROOT } from '../packages/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/client.ts';
import { systemClock } from '../packages/server/src/lib/clock.ts';
import { JobRunner } from '../packages/server/src/lib/job-runner.ts';
import { machineInfo } from './machine.ts';

const url = process.argv[2];
const schema = `bench_jobs_${process.pid}`;
const handle = await openDatabase(url ? { databaseUrl: url, schema } : {});
if (url) await sql`create schema if not exists ${sql.id(schema)}`.execute(handle.db);
await migrateToLatest(handle);
const quiet = { error() {}, warn() {}, info() {} } as never;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function measure(jobs: number, enqueuer: 'worker' | 'other process') {
  await handle.db.deleteFrom('jobs').execute();
  const runs = new Map<number, number>();
  const delays: number[] = [];
  const replicas = [new JobRunner(handle.db, systemClock, quiet), new JobRunner(handle.db, systemClock, quiet)];
  for (const r of replicas)
    r.define<{ n: number; at: number }>('bench', {
      run: async ({ n, at }) => {
        delays.push(Date.now() - at);
        runs.set(n, (runs.get(n) ?? 0) + 1);
      },
    });
  for (const r of replicas) r.start();
  // Idle first: the runners have looked once and wait for their next poll.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const maker = enqueuer === 'worker' ? replicas[0]! : new JobRunner(handle.db, systemClock, quiet);
  const started = Date.now();
  for (let n = 0; n < jobs; n++) await maker.enqueue('bench', { n, at: Date.now() });
  while (runs.size < jobs && Date.now() - started < 120_000) await new Promise((resolve) => setTimeout(resolve, 20));
  const seconds = (Date.now() - started) / 1000;
  await Promise.all(replicas.map((r) => r.stop()));
  return {
    enqueuer,
    jobs,
    ran: runs.size,
    ranTwice: [...runs.values()].filter((count) => count > 1).length,
    jobsPerSecond: Math.round(jobs / seconds),
    delayMs: { p50: percentile(delays, 0.5), p99: percentile(delays, 0.99), max: Math.max(...delays) },
  };
}

const results = [await measure(300, 'worker'), await measure(100, 'other process')];
if (url) await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db);
await handle.close();
const day = new Date().toISOString().slice(0, 10);
const file = path.join(REPO_ROOT, 'bench/results', `job-runner-${day}-${url ? 'postgres' : 'pglite'}.json`);
writeFileSync(
  file,
  `${JSON.stringify({ date: new Date().toISOString(), machine: machineInfo().label, database: url ? 'postgres' : 'pglite', results }, null, 2)}\n`,
);
console.log(JSON.stringify(results, null, 2));
