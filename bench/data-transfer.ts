/**
 * Data transfer: how long a household's data takes to come in and go out, at 1,000 and
 * 10,000 appliances — the CSV import's preview, the import itself (streamed progress, as the web app
 * asks for it), the same file imported again (no duplicate: nothing created), the CSV export, then the
 * inventory dossier's PDF built in the background while the server's event-loop delay is watched.
 * The bar: 10,000 rows imported in under 30 s.
 *
 * The app is built in this process (PGlite in a temp DATA_DIR, as the server runs by default) and
 * listens on loopback, so the bodies really cross HTTP. One household per size, signed up through
 * the API; its file is an EcoFoyer CSV (the export's columns) of varied types, brands, dates, prices.
 * Photos: every appliance of the 1,000 run, 10 % of the 10,000 run (TRANSFER_PHOTOS to change the
 * share), small JPEGs made with sharp and PUT through the appliance's picture route.
 *
 * Usage: node --import tsx bench/data-transfer.ts
 * TRANSFER_SIZES (default 1000,10000). Writes bench/results/data-transfer-<date>.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { INVENTORY_CSV_COLUMNS, type InventoryImportAnswer, type InventoryImportLine } from '@ecofoyer/contracts';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig, REPO_ROOT } from '../packages/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/client.ts';
import { loadReferenceData } from '../packages/server/src/db/reference.ts';
import { LIFTED_LIMITS } from '../packages/server/test/server-process.ts';
import { machineInfo } from './machine.ts';
import { random } from './random.ts';

const SIZES = (process.env.TRANSFER_SIZES ?? '1000,10000').split(',').map(Number);
const photoShare = (size: number) => Number(process.env.TRANSFER_PHOTOS ?? (size <= 1000 ? 1 : 0.1));
const IMPORT_BAR_MS = 30_000;

const BRANDS = [
  'Bosch',
  'Siemens',
  'Miele',
  'Samsung',
  'LG',
  'Whirlpool',
  'Electrolux',
  'Beko',
  'Candy',
  'Brandt',
  'Seb',
  'Moulinex',
  'Philips',
  'Rowenta',
  'Dyson',
  'Tefal',
  'De’Longhi',
  'Smeg',
  'Panasonic',
  'Haier',
  'Liebherr',
  'Indesit',
  'Sauter',
  'Rosières',
  'Krups',
];
const UNIVERSES = ['Cuisine', 'Salon', 'Buanderie', 'Salle de bain', 'Garage', 'Chambre', 'Bureau', 'Cellier', 'Jardin', 'Grenier'];
const SELLERS = ['Darty', 'Boulanger', 'Fnac', 'Amazon', 'Leroy Merlin', 'Leboncoin', 'Cdiscount', 'Ubaldi', ''];
const NOTES = [
  '',
  '',
  '',
  'Détartrer tous les mois',
  'Acheté pour la rentrée; garder le ticket',
  'Filtre « HEPA » changé en 2024',
  'Bruit au démarrage\nà surveiller',
  '=1+1',
];
const frDay = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;

/** An EcoFoyer CSV of `size` appliances (the export's columns, `;`, French dates and amounts, a BOM). */
function inventoryCsv(size: number, types: string[], seed: number): string {
  const r = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const since = Date.UTC(2010, 0, 1);
  const until = Date.now() - 30 * 86_400_000;
  const rows = Array.from({ length: size }, (_, i) => {
    const type = pick(types);
    const brand = pick(BRANDS);
    const bought = new Date(since + r() * (until - since));
    const delivered = r() < 0.6 ? new Date(bought.getTime() + Math.floor(r() * 10) * 86_400_000) : null;
    const commercial = r() < 0.3 ? new Date(bought.getTime() + (3 + Math.floor(r() * 3)) * 365 * 86_400_000) : null;
    return [
      pick(UNIVERSES),
      type,
      r() < 0.3 ? `${type} ${pick(UNIVERSES).toLowerCase()} ${i + 1}` : '',
      brand,
      `${brand.slice(0, 2).toUpperCase()}-${Math.floor(r() * 9000) + 1000}`,
      `SN-${seed}-${i + 1}`,
      r() < 0.9 ? frDay(bought) : '',
      delivered ? frDay(delivered) : '',
      r() < 0.8 ? (Math.round(r() * 150_000) / 100).toFixed(2).replace('.', ',') : '',
      pick(SELLERS),
      r() < 0.1 ? 'oui' : 'non',
      r() < 0.7 ? pick(['A', 'B', 'C', 'D', 'E', 'F', 'G']) : '',
      '',
      commercial ? frDay(commercial) : '',
      pick(NOTES),
      r() < 0.05 ? 'Ne s’allume plus' : '',
      '',
      '',
    ];
  });
  return `\uFEFF${stringify([[...INVENTORY_CSV_COLUMNS], ...rows], { delimiter: ';', record_delimiter: 'windows' })}`;
}

/** A photo of an appliance as a phone would send it once resized: 640 × 480, some grain, JPEG. */
async function photo(i: number): Promise<Buffer> {
  const background = { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 };
  return sharp({ create: { width: 640, height: 480, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 20 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** The server's event-loop delay while `work` runs: p99 and max, in ms. */
async function watchingEventLoop<T>(work: () => Promise<T>): Promise<{ value: T; p99: number; max: number }> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  try {
    const value = await work();
    return { value, p99: h.percentile(99) / 1e6, max: h.max / 1e6 };
  } finally {
    h.disable();
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ecofoyer-transfer-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DEMO: 'false',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  ...LIFTED_LIMITS,
});
const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
await migrateToLatest(handle);
await loadReferenceData(handle.db);
const app = await buildApp({ config, db: handle.db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
// The dossier is built by the job runner, started as start.ts starts it.
app.deps.runner.start();
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const loadAtStart = os.loadavg();

async function signUp(n: number) {
  const email = `transfert-${n}-${Date.now()}@exemple.fr`;
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/api/auth/signup', { firstname: 'Banc', lastname: 'Transfert', email, password: 'Bench1!pass' });
  const signin = (await (await post('/api/auth/signin', { username: email, password: 'Bench1!pass' })).json()) as {
    id: number;
    accessToken: string;
  };
  return { id: signin.id, authorization: `Bearer ${signin.accessToken}` };
}

interface Streamed {
  answer: InventoryImportAnswer;
  ms: number;
  firstLineMs: number;
  progressLines: number;
  phases: string[];
}

/** POST the file asking for progress (as the web app does): the time to the first line, the lines, the result. */
async function importStreamed(user: { id: number; authorization: string }, contenu: string, appliquer: boolean): Promise<Streamed> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/V1/profils/users/${user.id}/import/appareils`, {
    method: 'POST',
    headers: { authorization: user.authorization, 'content-type': 'application/json', accept: 'application/x-ndjson' },
    body: JSON.stringify({ contenu, appliquer }),
  });
  if (!res.ok || !res.body) throw new Error(`import: ${res.status} ${await res.text()}`);
  let firstLineMs = 0;
  let progressLines = 0;
  const phases: string[] = [];
  let answer: InventoryImportAnswer | undefined;
  let rest = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    rest += decoder.decode(chunk, { stream: true });
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      firstLineMs ||= performance.now() - t0;
      const message = JSON.parse(line) as InventoryImportLine;
      if ('etape' in message) {
        progressLines++;
        if (phases.at(-1) !== message.etape) phases.push(message.etape);
      } else if ('resultat' in message) answer = message.resultat;
      else throw new Error(`import: ${message.erreur.message}`);
    }
  }
  if (!answer) throw new Error('import: no result line');
  return { answer, ms: performance.now() - t0, firstLineMs, progressLines, phases };
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await work();
  return { value, ms: performance.now() - t0 };
}

interface SizeResult {
  appliances: number;
  fileBytes: number;
  previewJsonMs: number;
  previewJsonBytes: number;
  previewJsonGzipBytes: number;
  preview: Omit<Streamed, 'answer'>;
  apply: Omit<Streamed, 'answer'> & { loopP99: number; loopMax: number };
  reimport: Omit<Streamed, 'answer'> & { created: number; same: number };
  exportMs: number;
  exportBytes: number;
  photos: number;
  photosMs: number;
  photoBytes: number;
  dossier: { ms: number; bytes: number; loopP99: number; loopMax: number; polls: number } | { skipped: string };
}

/** Made before the clock starts: 50 different photos, taken in turn. */
const PHOTOS = await Promise.all(Array.from({ length: 50 }, (_, i) => photo(i)));
const products = (await (
  await fetch(`${base}/api/V1/references/refproducts`, { headers: { authorization: (await signUp(0)).authorization } })
).json()) as { prodName: string }[];
const types = products.map((p) => p.prodName);
const results: SizeResult[] = [];
try {
  for (const [n, size] of SIZES.entries()) {
    const user = await signUp(n + 1);
    const u = `${base}/api/V1/profils/users/${user.id}`;
    const contenu = inventoryCsv(size, types, 2100 + n);
    console.log(`${size} appliances: file of ${kb(Buffer.byteLength(contenu))}`);

    const previewJson = await timed(async () => {
      const res = await fetch(`${u}/import/appareils`, {
        method: 'POST',
        headers: {
          authorization: user.authorization,
          'content-type': 'application/json',
          accept: 'application/json',
          'accept-encoding': 'identity',
        },
        body: JSON.stringify({ contenu, appliquer: false }),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`preview: ${res.status} ${text}`);
      return { answer: JSON.parse(text) as InventoryImportAnswer, bytes: Buffer.byteLength(text), gzipBytes: gzipSync(text).length };
    });
    if (previewJson.value.answer.crees !== size)
      throw new Error(`preview: ${previewJson.value.answer.crees} to create, ${previewJson.value.answer.refuses} refused`);
    console.log(`  preview (JSON)      ${seconds(previewJson.ms)}`);
    const { answer: previewAnswer, ...preview } = await importStreamed(user, contenu, false);
    if (JSON.stringify(previewAnswer) !== JSON.stringify(previewJson.value.answer))
      throw new Error('preview: the streamed result differs from the JSON answer');
    console.log(
      `  preview (streamed)  ${seconds(preview.ms)}, first line after ${preview.firstLineMs.toFixed(0)} ms, ${preview.progressLines} progress lines`,
    );

    const applied = await watchingEventLoop(() => importStreamed(user, contenu, true));
    const { answer: appliedAnswer, ...apply } = applied.value;
    if (appliedAnswer.crees !== size) throw new Error(`apply: ${appliedAnswer.crees} created`);
    console.log(
      `  import (streamed)   ${seconds(apply.ms)}, ${apply.progressLines} progress lines, event loop p99 ${applied.p99.toFixed(0)} ms, max ${applied.max.toFixed(0)} ms`,
    );

    const { answer: again, ...reimport } = await importStreamed(user, contenu, true);
    if (again.crees !== 0 || again.misAJour !== 0 || again.identiques !== size)
      throw new Error(`re-import: ${again.crees} created, ${again.misAJour} updated`);
    console.log(`  re-import           ${seconds(reimport.ms)}, created ${again.crees}`);

    const exported = await timed(async () => {
      const res = await fetch(`${u}/export/appareils.csv`, {
        headers: { authorization: user.authorization, 'accept-encoding': 'identity' },
      });
      if (!res.ok) throw new Error(`export: ${res.status}`);
      return Buffer.byteLength(await res.text());
    });
    console.log(`  export              ${seconds(exported.ms)}, ${kb(exported.value)}`);

    // Photos: the appliances' ids from the list, then one PUT each (4 at a time, as a phone's uploads would not all go at once).
    const ids = (
      (await (await fetch(`${u}/appliances`, { headers: { authorization: user.authorization } })).json()) as { id: number }[]
    ).map((a) => a.id);
    const withPhoto = ids.filter((_, i) => i % Math.round(1 / photoShare(size)) === 0).slice(0, Math.round(size * photoShare(size)));
    let photoBytes = 0;
    const photos = await timed(async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < withPhoto.length) {
            const i = next++;
            const jpeg = PHOTOS[i % PHOTOS.length]!;
            photoBytes += jpeg.length;
            const form = new FormData();
            form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), `photo-${i}.jpg`);
            const res = await fetch(`${base}/api/V1/profils/users/foyers/univers/appliances/${withPhoto[i]}/image`, {
              method: 'PUT',
              headers: { authorization: user.authorization },
              body: form,
            });
            if (!res.ok) throw new Error(`photo: ${res.status} ${await res.text()}`);
          }
        }),
      );
    });
    console.log(`  photos              ${withPhoto.length} in ${seconds(photos.ms)} (${mb(photoBytes)})`);

    let dossier: SizeResult['dossier'];
    const created = await fetch(`${u}/dossier`, {
      method: 'POST',
      headers: { authorization: user.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ factures: false }),
    });
    if (created.status === 404) {
      dossier = { skipped: 'no dossier route on this server yet' };
      console.log('  dossier             skipped: no route');
    } else {
      const built = await watchingEventLoop(async () => {
        const t0 = performance.now();
        if (created.status !== 202) throw new Error(`dossier: ${created.status} ${await created.text()}`);
        let job = (await created.json()) as { id: string; statut: string; message: string | null };
        let polls = 0;
        while (job.statut === 'en-cours') {
          await new Promise((resolve) => setTimeout(resolve, 250));
          polls++;
          job = (await (await fetch(`${u}/dossier/${job.id}`, { headers: { authorization: user.authorization } })).json()) as typeof job;
        }
        if (job.statut !== 'pret') throw new Error(`dossier: ${job.statut} ${job.message}`);
        const pdf = await fetch(`${u}/dossier/${job.id}/fichier`, { headers: { authorization: user.authorization } });
        if (!pdf.ok || pdf.headers.get('content-type') !== 'application/pdf')
          throw new Error(`dossier file: ${pdf.status} ${pdf.headers.get('content-type')}`);
        const bytes = (await pdf.arrayBuffer()).byteLength;
        return { ms: performance.now() - t0, bytes, polls };
      });
      dossier = { ...built.value, loopP99: built.p99, loopMax: built.max };
      console.log(
        `  dossier PDF         ${seconds(built.value.ms)}, ${mb(built.value.bytes)}, event loop p99 ${built.p99.toFixed(0)} ms, max ${built.max.toFixed(0)} ms`,
      );
    }

    results.push({
      appliances: size,
      fileBytes: Buffer.byteLength(contenu),
      previewJsonMs: previewJson.ms,
      previewJsonBytes: previewJson.value.bytes,
      previewJsonGzipBytes: previewJson.value.gzipBytes,
      preview,
      apply: { ...apply, loopP99: applied.p99, loopMax: applied.max },
      reimport: { ...reimport, created: again.crees, same: again.identiques },
      exportMs: exported.ms,
      exportBytes: exported.value,
      photos: withPhoto.length,
      photosMs: photos.ms,
      photoBytes,
      dossier,
    });
  }
} finally {
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const date = new Date().toISOString().slice(0, 10);
const machine = machineInfo();
const cols = (f: (r: SizeResult) => string) => results.map(f).join(' | ');
const dossierCell = (r: SizeResult, f: (d: Exclude<SizeResult['dossier'], { skipped: string }>) => string) =>
  'skipped' in r.dossier ? `— (${r.dossier.skipped})` : f(r.dossier);
const markdown = `# Data transfer — ${date}

\`node --import tsx bench/data-transfer.ts\` (bench/README.md, « Data transfer »). ${machine.label}, ${machine.platform};
load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' / ')}. PGlite, the app in the benchmark's process on
loopback; one run.

| | ${cols((r) => `${r.appliances.toLocaleString('en')} appliances`)} |
|---|${results.map(() => '---').join('|')}|
| CSV file | ${cols((r) => kb(r.fileBytes))} |
| import preview, JSON (\`Accept: application/json\`) | ${cols((r) => `${seconds(r.previewJsonMs)} (answer ${kb(r.previewJsonBytes)}, ${kb(r.previewJsonGzipBytes)} gzipped)`)} |
| import preview, streamed (\`Accept: application/x-ndjson\`) | ${cols((r) => `${seconds(r.preview.ms)}; first line ${r.preview.firstLineMs.toFixed(0)} ms; ${r.preview.progressLines} progress lines (${r.preview.phases.join(', ')})`)} |
| **import** (write), streamed | ${cols((r) => `**${seconds(r.apply.ms)}**${r.appliances >= 10_000 ? (r.apply.ms < IMPORT_BAR_MS ? ' (< 30 s: met)' : ' (< 30 s: NOT met)') : ''}; ${r.apply.progressLines} progress lines (${r.apply.phases.join(', ')})`)} |
| event-loop delay during the import, p99 / max | ${cols((r) => `${r.apply.loopP99.toFixed(0)} / ${r.apply.loopMax.toFixed(0)} ms`)} |
| the same file again | ${cols((r) => `${seconds(r.reimport.ms)}: ${r.reimport.created} created, ${r.reimport.same} unchanged`)} |
| CSV export | ${cols((r) => `${seconds(r.exportMs)} (${kb(r.exportBytes)})`)} |
| photos PUT (640 × 480 JPEG, 4 requests at a time) | ${cols((r) => `${r.photos} in ${seconds(r.photosMs)} (${mb(r.photoBytes)})`)} |
| dossier PDF (\`factures: false\`): POST → \`pret\` → file | ${cols((r) => dossierCell(r, (d) => `${seconds(d.ms)}, ${mb(d.bytes)} (${d.polls} polls)`))} |
| event-loop delay while the PDF is built, p99 / max | ${cols((r) => dossierCell(r, (d) => `${d.loopP99.toFixed(0)} / ${d.loopMax.toFixed(0)} ms`))} |
`;
const file = path.join(REPO_ROOT, 'bench/results', `data-transfer-${date}.md`);
writeFileSync(file, markdown);
console.log(markdown);
console.log(`written ${path.relative(REPO_ROOT, file)}`);
