/**
 * issue 8: a flood of 1,000 sign-ins from one address (50 at a time, from another process) while
 * /api/health is probed every 5 ms; the rate limit refuses the flood before any hashing, so the
 * health p99 must stay under 50 ms. `node --import tsx bench/signin-flood.ts` (DATABASE_URL set →
 * PostgreSQL, else PGlite) writes results/signin-flood-<db>.json.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/client.ts';
import { loadReferenceData } from '../packages/server/src/db/reference.ts';
import { machineInfo } from './machine.ts';

const FLOOD = `
const base = process.argv[1];
const queue = Array.from({ length: 1000 }, (_, i) => i);
const statuses = [];
Promise.all(Array.from({ length: 50 }, async () => {
  for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
    const res = await fetch(base + '/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'flood' + (i % 7) + '@exemple.fr', password: 'Mauvais1!mdp' }) });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
})).then(() => process.stdout.write(JSON.stringify(statuses)));
`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ecofoyer-flood-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'false', JWT_SECRET: 'flood-secret-flood-secret-flood-secret' });
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: path.join(dataDir, 'pglite'), schema: process.env.DATABASE_URL ? undefined : undefined });
await migrateToLatest(handle);
await loadReferenceData(handle.db);
const app = await buildApp({ config, db: handle.db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

let done = false;
const health: number[] = [];
const probe = (async () => {
  while (!done) {
    const started = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    health.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 5));
  }
})();
const flood = spawn(process.execPath, ['-e', FLOOD, base], { stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
flood.stdout.on('data', (c) => (out += c));
await new Promise((resolve) => flood.on('exit', resolve));
done = true;
await probe;
await app.close();
await handle.close();

const statuses = JSON.parse(out) as number[];
const sorted = [...health].sort((a, b) => a - b);
const pct = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)]! * 10) / 10;
const result = {
  date: new Date().toISOString().slice(0, 10),
  machine: machineInfo().label,
  database: handle.kind,
  signins: statuses.length,
  refused429: statuses.filter((s) => s === 429).length,
  healthProbes: health.length,
  healthP50Ms: pct(0.5),
  healthP99Ms: pct(0.99),
  healthMaxMs: pct(1),
  bar: 'p99 < 50 ms',
};
const here = path.dirname(fileURLToPath(import.meta.url));
writeFileSync(path.join(here, `results/signin-flood-${handle.kind}.json`), `${JSON.stringify(result, null, 2)}\n`);
console.log(result);
