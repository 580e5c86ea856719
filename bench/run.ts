/**
 * Benchmarks (never timed assertions in tests): results are committed under bench/results/.
 * 1. API: an authenticated GET /api/V1/board/user (bearer verification + zod serialisation)
 *    against a bare Fastify route, same process set-up, same run → the ratio.
 * 2. API: GET the appliances of a user holding 200 appliances against a bare Fastify route doing
 *    one SQL query on the same database, same run → the ratio and both p99 latencies.
 * 3. Web: the gzip size of the JS (and CSS) the /login page loads.
 * Usage: npm run bench  (DATABASE_URL set → PostgreSQL, else PGlite in a temp folder)
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig, REPO_ROOT } from '../packages/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/client.ts';
import { loadReferenceData } from '../packages/server/src/db/reference.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { reqPerSec: Math.round(result.requests.average), p99Ms: result.latency.p99 };
}

async function apiBench() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ecofoyer-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO: 'false',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: path.join(dataDir, 'pglite') });
  await migrateToLatest(handle);
  await loadReferenceData(handle.db);
  const app = await buildApp({ config, db: handle.db, logger: false });
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  bare.get('/one-query', async () => handle.db.selectFrom('users').select(['id', 'email']).where('id', '=', 1).executeTakeFirst());
  await app.listen({ port: 0, host: '127.0.0.1' });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;
  try {
    const email = `bench-${Date.now()}@exemple.fr`;
    await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstname: 'Bench', lastname: 'Mark', email, password: 'Bench1!pass' },
    });
    const signin = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: email, password: 'Bench1!pass' } });
    const { accessToken, id: userId } = signin.json();
    const { universes, appliances, references } = app.services;
    const kitchen = await universes.create(userId, { name: 'Cuisine', description: '' });
    const products = await references.productRows();
    for (let i = 0; i < 200; i++) {
      const product = products[i % products.length];
      await appliances.create(
        userId,
        kitchen.univer_id,
        { prod_id: product.id, marque: `Marque ${i}`, modele: `Modèle ${i}`, dt_achat: '2022-01-01', note: 'Note de banc d’essai' },
        null,
        userId,
      );
    }
    const auth = { authorization: `Bearer ${accessToken}` };
    // Warm-up, then alternate so both see the same machine state.
    await measure(`${bareUrl}/hello`);
    const bareRun = await measure(`${bareUrl}/hello`);
    const boardRun = await measure(`${appUrl}/api/V1/board/user`, auth);
    const queryRun = await measure(`${bareUrl}/one-query`);
    const listRun = await measure(`${appUrl}/api/V1/profils/users/${userId}/appliances`, auth);
    return {
      database: handle.kind,
      bare: bareRun,
      boardUser: boardRun,
      ratio: Number((boardRun.reqPerSec / bareRun.reqPerSec).toFixed(3)),
      bareOneQuery: queryRun,
      appliances200: listRun,
      appliancesRatio: Number((listRun.reqPerSec / queryRun.reqPerSec).toFixed(3)),
    };
  } finally {
    await app.close();
    await bare.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The files the /login page loads: index.html's module script, preloads and stylesheets. */
function loginBundle() {
  const dist = path.join(REPO_ROOT, 'packages/web/dist');
  execSync('node packages/web/scripts/build-if-needed.mjs', { cwd: REPO_ROOT, stdio: 'ignore' });
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const size = (ext: string) =>
    refs.filter((r) => r.endsWith(ext)).reduce((sum, r) => sum + gzipSync(readFileSync(path.join(dist, r))).length, 0);
  return { files: refs, jsGzipBytes: size('.js'), cssGzipBytes: size('.css') };
}

const api = await apiBench();
const web = loginBundle();
const date = new Date().toISOString().slice(0, 10);
const machine = `${os.hostname()} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · ${Math.round(os.totalmem() / 2 ** 30)} GiB · node ${process.version}`;
const result = { date, machine, durationSeconds: DURATION_S, connections: CONNECTIONS, api, web };
mkdirSync(path.join(REPO_ROOT, 'bench/results'), { recursive: true });
const file = path.join(REPO_ROOT, `bench/results/${date}-${api.database}.json`);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
console.log(`→ ${path.relative(REPO_ROOT, file)}`);
