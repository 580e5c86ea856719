/**
 * Growth benchmark: what each call of a signed-in page answers, in bytes and time, as a
 * household grows — 10, 100 and 1,000 appliances, with 10 years of monthly maintenance (20 monthly
 * series started 11 months ago — the most a series may reach back — and the nine years
 * before them recorded one event at a time: about 2,640 events) — against the real server run as a
 * separate process.
 * The bar: no answer of a signed-in page above 200 KB, and times flat per item where the answer is
 * bounded. The spec's unbounded calls (every event, every notification) are listed for comparison:
 * no page uses them any more.
 *
 * Usage: node --import tsx bench/growth.ts            (PGlite in a temp DATA_DIR)
 *        DATABASE_URL=postgres://… node --import tsx bench/growth.ts
 * GROWTH_SIZES (default 10,100,1000). Writes bench/results/growth-<date>-<database>.json.
 */
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../packages/server/src/config.ts';
import { freshSchemaUrl, LIFTED_LIMITS, startServer, tempDataDir } from '../packages/server/test/server-process.ts';
import { heavyUser } from './load-workload.ts';
import { machineInfo } from './machine.ts';

const SIZES = (process.env.GROWTH_SIZES ?? '10,100,1000').split(',').map(Number);
const RUNS = 5;
const LIMIT_BYTES = 200 * 1024;

const databaseUrl = process.env.DATABASE_URL;
const loadAtStart = os.loadavg();
const dataDir = tempDataDir('growth');
const schema = databaseUrl ? await freshSchemaUrl(databaseUrl, 'growth') : null;
const server = await startServer({ DATA_DIR: dataDir, ...(schema ? { DATABASE_URL: schema.url } : {}), ...LIFTED_LIMITS });

/** The month shown by the calendar today, and a week on each side (as the page asks). */
const now = new Date();
const from = new Date(now.getFullYear(), now.getMonth(), 1 - 7).toISOString();
const to = new Date(now.getFullYear(), now.getMonth() + 1, 1 + 14).toISOString();
const ROUTES: { page: string; path: string }[] = [
  { page: 'inventaire', path: '/foyers/univers' },
  { page: 'inventaire (60 par page)', path: '/appliances?limit=60' },
  { page: 'recherche', path: '/appliances?q=bosch&limit=50' },
  { page: 'recherche, faute de frappe', path: '/appliances?q=lave%20linje&limit=50' },
  { page: 'accueil', path: '/droits/resume' },
  { page: 'accueil', path: '/notifs/count' },
  { page: 'défis', path: '/badges' },
  { page: 'calendrier', path: `/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}` },
  { page: 'calendrier', path: '/events?status=NEW&limit=20' },
  { page: 'calendrier', path: '/events?status=DONE&limit=20' },
  { page: 'calendrier', path: '/events/counts' },
  { page: 'notifications', path: '/notifs?limit=20' },
  { page: '(appel de la spec, aucune page)', path: '/appliances' },
  { page: '(appel de la spec, aucune page)', path: '/events' },
  { page: '(appel de la spec, aucune page)', path: '/notifs' },
];

const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results: {
  appliances: number;
  events: number;
  routes: { page: string; path: string; bytes: number; ms: number; overLimit: boolean }[];
}[] = [];
try {
  for (const [i, size] of SIZES.entries()) {
    const started = performance.now();
    const user = await heavyUser(server.url, size, 8000 + i);
    const base = `${server.url}/api/V1/profils/users/${user.id}`;
    const seriesStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1, 9));
    const post = async (route: string, body: object) => {
      const res = await fetch(`${base}${route}`, {
        method: 'POST',
        headers: { authorization: user.auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    };
    for (const applianceId of user.applianceIds.slice(0, 20)) {
      await post('/events/period', {
        title: 'Nettoyer le filtre',
        dt_realisation: seriesStart.toISOString(),
        applianceId,
        frequency: 'monthly',
      });
      for (let month = 12; month < 120; month++) {
        const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - month, 1, 9));
        await post('/events', { title: 'Nettoyer le filtre', dt_realisation: day.toISOString(), applianceId });
      }
    }
    const counts = (await (await fetch(`${base}/events/counts`, { headers: { authorization: user.auth } })).json()) as {
      upcoming: number;
      done: number;
    };
    console.log(
      `${size} appliances, ${counts.upcoming + counts.done} events seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    // A pause, as after an import: an idle PGlite analyses the tables just filled (its thread's upkeep).
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const routes = [];
    for (const route of ROUTES) {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < RUNS; run++) {
        const t0 = performance.now();
        const res = await fetch(`${base}${route.path}`, { headers: { authorization: user.auth, 'accept-encoding': 'identity' } });
        const body = await res.arrayBuffer();
        times.push(performance.now() - t0);
        if (!res.ok) throw new Error(`${route.path}: ${res.status}`);
        bytes = body.byteLength;
      }
      routes.push({ ...route, bytes, ms: Number(median(times).toFixed(1)), overLimit: bytes > LIMIT_BYTES });
      console.log(
        `  ${route.path.padEnd(60)} ${String(bytes).padStart(9)} B ${median(times).toFixed(1).padStart(7)} ms${bytes > LIMIT_BYTES ? '  > 200 KB' : ''}`,
      );
    }
    results.push({ appliances: size, events: counts.upcoming + counts.done, routes });
  }
  const database = schema ? 'postgres' : 'pglite';
  const date = new Date().toISOString().slice(0, 10);
  const file = path.join(REPO_ROOT, 'bench/results', `growth-${date}-${database}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ date, machine: machineInfo(), loadAverageAtStart: loadAtStart.map((l) => Number(l.toFixed(2))), database, limitBytes: LIMIT_BYTES, runsPerRoute: RUNS, results }, null, 2)}\n`,
  );
  console.log(`written ${path.relative(REPO_ROOT, file)}`);
} finally {
  await server.stop();
  await schema?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
