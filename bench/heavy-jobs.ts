/**
 * Heavy work against everyone else's requests (decision 022): while one household
 * runs each heavy job at the worst input the limits allow, how long does `/api/health` take for
 * everybody else? The jobs:
 *   - the dossier with its invoices, one of them a 150 KB PDF whose object stream inflates to 150 MB;
 *   - the dossier of a household whose every text is as long as the API lets it store (a universe
 *     name of 30,000 characters in one word through the CSV import when the import lets it through,
 *     else the form's 40; appliance fields of 500);
 *   - a sheet of 500 QR labels of 500-character names;
 *   - the preview of the largest CSV file the import takes (10,000 rows, ~10 M characters) on a
 *     household of 10,000 appliances;
 *   - anonymous reads of that household's share link, 4 at a time, 10 s.
 * The server runs as a child process with `npm start`'s node flags and environment (`HEAVY_BUILT=1`:
 * the built dist/main.js, after `npm run build`; else the sources through tsx), PGlite in a temp
 * DATA_DIR. The probe runs on a thread of this process and sends, every 10 ms on its own schedule
 * whether the previous one answered or not (a stalled server shows as every request it held, not as
 * one slow sample), in turn GET /api/health (a `select 1`: it also waits behind PGlite's statements
 * in progress, decision 005) and GET /api/V1/push/public-key (no database: the event loop alone).
 *
 * Usage: HEAVY_LABEL=after node --import tsx bench/heavy-jobs.ts
 * HEAVY_INFLATED_MB (the invoice's inflated size, default 150), HEAVY_SHARE_SECONDS (default 10),
 * HEAVY_ONLY (jobs to run, by their names in the results). Writes bench/results/heavy-jobs-<date>-<label>.json.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { IMPORT_MAX_CHARS, INVENTORY_CSV_COLUMNS, TEXT_MAX, UNIVERSE_NAME_MAX } from '@ecofoyer/contracts';
import { stringify } from 'csv-stringify/sync';
import { REPO_ROOT } from '../packages/server/src/config.ts';
import { inflatingPdf } from '../packages/server/test/inflating-pdf.ts';
import { LIFTED_LIMITS, startServer, tempDataDir } from '../packages/server/test/server-process.ts';
import { machineInfo } from './machine.ts';

const LABEL = process.env.HEAVY_LABEL ?? 'run';
const BUILT = process.env.HEAVY_BUILT === '1';
const INFLATED_MB = Number(process.env.HEAVY_INFLATED_MB ?? 150);
const SHARE_READ_S = Number(process.env.HEAVY_SHARE_SECONDS ?? 10);
/** Some jobs only (`HEAVY_ONLY=inflatingInvoice,labelSheet`); the idle probe always runs. */
const ONLY = process.env.HEAVY_ONLY ? ['idle', ...process.env.HEAVY_ONLY.split(',')] : null;

// Plain JS so the thread needs no TypeScript loader.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const samples = { db: [], noDb: [] };
const failures = [];
let sent = 0;
let pending = 0;
let stopped = false;
parentPort.on('message', () => (stopped = true));
const tick = setInterval(() => {
  if (stopped) {
    if (pending === 0) {
      clearInterval(tick);
      parentPort.postMessage({ samples, failures });
    }
    return;
  }
  const t0 = performance.now();
  const kind = sent++ % 2 ? 'noDb' : 'db';
  pending++;
  fetch(workerData.url + (kind === 'db' ? '/api/health' : '/api/V1/push/public-key'))
    .then(async (res) => {
      await res.arrayBuffer();
      if (res.status !== 200) failures.push(res.status);
    })
    .catch((e) => failures.push(e.message))
    .finally(() => {
      samples[kind].push(performance.now() - t0);
      pending--;
    });
}, 10);
`;

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
  return { count: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: Number((sorted.at(-1) ?? 0).toFixed(1)) };
}

/** `/api/health`'s latency while `work` runs, and what the work took. */
async function probed<T>(url: string, work: () => Promise<T>) {
  const worker = new Worker(PROBE, { eval: true, workerData: { url } });
  const done = new Promise<{ samples: { db: number[]; noDb: number[] }; failures: string[] }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const t0 = performance.now();
  try {
    const value = await work();
    return { value, jobMs: Math.round(performance.now() - t0), ...(await stop()) };
  } catch (error) {
    await stop();
    throw error;
  }
  async function stop() {
    worker.postMessage('stop');
    const { samples, failures } = await done;
    await worker.terminate();
    return { health: stats(samples.db), noDatabase: stats(samples.noDb), healthFailures: failures.length };
  }
}

const START = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'packages/server/package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start.split(/\s+/);
// The sources run through tsx: the `ecofoyer-built` condition would point the contracts at a dist/ that is not there.
const nodeFlags = START.filter((a) => a.startsWith('--') && !a.startsWith('--conditions'));
const startEnv = Object.fromEntries(START.slice(0, START.indexOf('node')).map((pair) => pair.split('=') as [string, string]));

const loadAtStart = os.loadavg();
const results: Record<string, unknown> = {};
const dataDirs: string[] = [];
async function start() {
  const dataDir = tempDataDir('heavy');
  dataDirs.push(dataDir);
  return startServer(
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...startEnv, ...LIFTED_LIMITS },
    BUILT ? { built: true, timeoutMs: 120_000 } : { nodeArgs: nodeFlags, timeoutMs: 120_000 },
  );
}
let server = await start();
let base = server.url;
let serverGone = false;
void server.exited.then(() => (serverGone = true));

/**
 * Runs one job and records it; a job that ended the server (out of memory) is recorded with what it
 * wrote last, and the next jobs get a new server (each sets up its own household).
 */
async function job(name: string, run: () => Promise<unknown>) {
  if (ONLY && !ONLY.includes(name)) return;
  try {
    results[name] = await run();
  } catch (error) {
    await new Promise((r) => setTimeout(r, 1000));
    results[name] = {
      error: String((error as Error).message),
      serverExited: serverGone,
      serverOutput: serverGone ? server.output().slice(-2000) : undefined,
    };
    if (serverGone) {
      server = await start();
      base = server.url;
      serverGone = false;
      void server.exited.then(() => (serverGone = true));
    }
  }
  console.log(name, results[name]);
}

async function api(method: string, url: string, auth: string | null, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(auth ? { authorization: auth } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'accept-encoding': 'identity',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

async function signUp(name: string) {
  const email = `lourd-${name}-${Date.now()}@exemple.fr`;
  await api('POST', '/api/auth/signup', null, { firstname: 'Banc', lastname: 'Lourd', email, password: 'Bench1!pass' });
  const signin = (await api('POST', '/api/auth/signin', null, { username: email, password: 'Bench1!pass' })).json() as {
    id: number;
    accessToken: string;
  };
  return { id: signin.id, auth: `Bearer ${signin.accessToken}`, u: `/api/V1/profils/users/${signin.id}` };
}
type User = Awaited<ReturnType<typeof signUp>>;

const csvOf = (rows: Partial<Record<(typeof INVENTORY_CSV_COLUMNS)[number], string>>[]) =>
  stringify([[...INVENTORY_CSV_COLUMNS], ...rows.map((r) => INVENTORY_CSV_COLUMNS.map((c) => r[c] ?? ''))], {
    delimiter: ';',
    record_delimiter: 'windows',
  });

async function importCsv(user: User, contenu: string, appliquer: boolean) {
  const res = await api('POST', `${user.u}/import/appareils`, user.auth, { contenu, appliquer });
  if (res.status !== 200) throw new Error(`import: ${res.status} ${res.text.slice(0, 300)}`);
  return res.json() as { crees: number; refuses: number; lignes: { raison: string | null }[] };
}

async function buildDossier(user: User, factures: boolean) {
  const created = await api('POST', `${user.u}/dossier`, user.auth, { factures });
  if (created.status !== 202) throw new Error(`dossier: ${created.status} ${created.text}`);
  let job = created.json() as { id: string; statut: string; message: string | null };
  while (job.statut === 'en-cours') {
    await new Promise((r) => setTimeout(r, 250));
    job = (await api('GET', `${user.u}/dossier/${job.id}`, user.auth)).json();
  }
  const file =
    job.statut === 'pret' ? await fetch(`${base}${user.u}/dossier/${job.id}/fichier`, { headers: { authorization: user.auth } }) : null;
  return { statut: job.statut, message: job.message, bytes: file ? (await file.arrayBuffer()).byteLength : 0 };
}

const word = (n: number, seed: string) => (seed + 'x'.repeat(n)).slice(0, n);
try {
  // A server just started settles (its first collections, PGlite's first analyses) before the idle probe.
  await new Promise((r) => setTimeout(r, 5000));
  await job('idle', async () => {
    const { health, noDatabase } = await probed(base, () => new Promise((r) => setTimeout(r, 3000)));
    return { health, noDatabase };
  });

  // 1. The inflating invoice, appended to the dossier.
  await job('inflatingInvoice', async () => {
    const bomb = await signUp('facture');
    await importCsv(bomb, csvOf([{ Univers: 'Cuisine', 'Type d’appareil': 'Lave-linge', Marque: 'Bosch', Modèle: 'WGG' }]), true);
    const [appliance] = (await api('GET', `${bomb.u}/appliances`, bomb.auth)).json() as { id: number }[];
    const pdf = inflatingPdf(INFLATED_MB * 2 ** 20);
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'facture.pdf');
    const put = await fetch(`${base}/api/V1/profils/users/foyers/univers/appliances/${appliance!.id}/facture`, {
      method: 'PUT',
      headers: { authorization: bomb.auth },
      body: form,
    });
    if (!put.ok) throw new Error(`invoice: ${put.status} ${await put.text()}`);
    return { fileBytes: pdf.length, inflatedBytes: INFLATED_MB * 2 ** 20, ...(await probed(base, () => buildDossier(bomb, true))) };
  });

  // 2. The longest texts the API stores, in the dossier.
  await job('longestNames', async () => {
    const long = await signUp('noms');
    const longRows = (universe: string) =>
      Array.from({ length: 10 }, (_, i) => ({
        Univers: universe,
        'Type d’appareil': 'Lave-linge',
        Nom: word(TEXT_MAX, `Nom${i}`),
        Marque: word(TEXT_MAX, 'Marque'),
        Modèle: word(TEXT_MAX, `Modele${i}`),
        'Numéro de série': word(TEXT_MAX, 'Serie'),
        Vendeur: word(TEXT_MAX, 'Vendeur'),
        Notes: word(TEXT_MAX, 'Note'),
      }));
    let universeChars = 30_000;
    const attempt = await importCsv(long, csvOf(longRows(word(universeChars, 'Univers'))), true);
    if (attempt.crees === 0) {
      universeChars = UNIVERSE_NAME_MAX;
      const allowed = await importCsv(long, csvOf(longRows(word(universeChars, 'Univers'))), true);
      if (allowed.crees !== 10) throw new Error(`long names: ${JSON.stringify(allowed.lignes.slice(0, 2))}`);
    }
    return {
      universeChars,
      fieldChars: TEXT_MAX,
      appliances: 10,
      refusedAt30000: attempt.crees === 0,
      ...(await probed(base, () => buildDossier(long, false))),
    };
  });

  // 3. 500 labels of 500-character names.
  await job('labelSheet', async () => {
    const labeller = await signUp('etiquettes');
    await importCsv(
      labeller,
      csvOf(
        Array.from({ length: 500 }, (_, i) => ({
          Univers: 'Garage',
          'Type d’appareil': 'Congélateur',
          Nom: word(TEXT_MAX, `Etiquette${i}-`),
          Marque: 'Liebherr',
          Modèle: `GN-${i}`,
        })),
      ),
      true,
    );
    const ids = ((await api('GET', `${labeller.u}/appliances`, labeller.auth)).json() as { id: number }[]).map((a) => a.id);
    const labelled = await api('POST', `${labeller.u}/etiquettes`, labeller.auth, { applianceIds: ids });
    if (labelled.status !== 200) throw new Error(`labels: ${labelled.status} ${labelled.text}`);
    return {
      labels: ids.length,
      ...(await probed(base, async () => {
        const res = await fetch(`${base}${labeller.u}/etiquettes/planche.pdf?planche=L7160&ids=${ids.join(',')}`, {
          headers: { authorization: labeller.auth },
        });
        return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
      })),
    };
  });

  // 4. A household of 10,000 appliances; the largest CSV file's preview on it; 5. its share link read anonymously, 4 readers at a time.
  await job('csvPreview', async () => {
    const big = await signUp('grand');
    const types = ['Lave-linge', 'Réfrigérateur', 'Four électrique', 'Lave-vaisselle', 'Congélateur'];
    const bigRows = Array.from({ length: 10_000 }, (_, i) => ({
      Univers: ['Cuisine', 'Garage', 'Cave'][i % 3],
      'Type d’appareil': types[i % 5],
      Marque: `Marque ${i % 17}`,
      Modèle: `M-${i}`,
      'Numéro de série': `SN-${i}`,
      'Prix d’achat (€)': `${i % 900},90`,
    }));
    const seeded = await importCsv(big, csvOf(bigRows), true);
    if (seeded.crees !== 10_000) throw new Error(`big household: ${seeded.crees} created`);
    // As many characters as the import takes: every row's notes and fault note filled.
    const perRow = Math.floor(IMPORT_MAX_CHARS / 10_000) - 160;
    const largest = csvOf(
      bigRows.map((r, i) => ({
        ...r,
        Modèle: `N-${i}`,
        Notes: word(Math.min(TEXT_MAX, perRow), 'Note '),
        Panne: word(Math.max(0, Math.min(TEXT_MAX, perRow - TEXT_MAX)), 'Panne '),
      })),
    );
    if (largest.length > IMPORT_MAX_CHARS) throw new Error(`largest file: ${largest.length} characters`);
    const preview = {
      rows: 10_000,
      chars: largest.length,
      ...(await probed(base, async () => (await importCsv(big, largest, false)).crees)),
    };
    console.log('csvPreview', preview);
    const share = await api('POST', `${big.u}/dossier/partages`, big.auth, { jours: 7 });
    const token = (share.json() as { lien: string }).lien.replace(/^.*\/partage\//, '');
    results.shareReads = {
      appliances: 10_000,
      seconds: SHARE_READ_S,
      ...(await probed(base, async () => {
        const statuses: Record<number, number> = {};
        let bytes = 0;
        const end = Date.now() + SHARE_READ_S * 1000;
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            while (Date.now() < end) {
              const res = await fetch(`${base}/api/V1/partages/${token}`, { headers: { 'accept-encoding': 'identity' } });
              bytes = Math.max(bytes, (await res.arrayBuffer()).byteLength);
              statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            }
          }),
        );
        return { statuses, largestAnswerBytes: bytes };
      })),
    };
    console.log('shareReads', results.shareReads);
    return preview;
  });
} finally {
  await server.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

const date = new Date().toISOString().slice(0, 10);
const file = path.join(REPO_ROOT, 'bench/results', `heavy-jobs-${date}-${LABEL}.json`);
const summary = {
  date,
  label: LABEL,
  machine: machineInfo(),
  loadAverageAtStart: loadAtStart.map((l) => Number(l.toFixed(2))),
  server: BUILT ? 'node dist/main.js (built, npm start’s flags)' : `node ${nodeFlags.join(' ')} --import tsx src/main.ts`,
  ...results,
};
writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
console.log(`written ${path.relative(REPO_ROOT, file)}`);
