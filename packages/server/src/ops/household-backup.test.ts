import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Db, type DbHandle, migrateToLatest, openDatabase } from '../db/client.ts';
import { loadReferenceData } from '../db/reference.ts';
import { ManualClock } from '../lib/clock.ts';
import { type FileStore, LocalFileStore } from '../lib/file-store.ts';
import { JPEG, multipart, PDF, PNG } from '../../test/multipart.ts';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app.ts';
import { TEST_SCHEMA_PREFIX } from '../../test/test-db.ts';
import { keyColumn } from '../db/household-key.ts';
import {
  type Archive,
  exportHousehold,
  HOUSEHOLD_TABLES,
  importHousehold,
  NOT_EXPORTED_TABLES,
  readArchive,
  remapDedupeKey,
  writeArchive,
} from './household-backup.ts';

const EMAIL = 'camille@exemple.fr';
const PASSWORD = 'Secret1!ok';
const START = '2026-11-21T09:00:00Z';
const base = (id: number) => `/api/V1/profils/users/${id}`;

interface Instance {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  store: FileStore;
}
interface User {
  id: number;
  headers: { authorization: string };
}

/** A second server on a database of its own (a new in-memory PGlite, or a new PostgreSQL schema). */
async function freshInstance(): Promise<Instance & { close(): Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL;
  let schema: string | undefined;
  if (databaseUrl) {
    schema = `${TEST_SCHEMA_PREFIX}restore_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl, poolSize: 1 });
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.close();
  }
  const handle: DbHandle = await openDatabase({ databaseUrl, schema, poolSize: 5 });
  await migrateToLatest(handle);
  await loadReferenceData(handle.db);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ecofoyer-restore-'));
  // Another signing key than the first server: nothing is shared but the archive.
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'restore-secret-restore-secret-restore-42',
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
  });
  const app = await buildApp({ config, db: handle.db, clock: new ManualClock(START), logger: false });
  await app.ready();
  return {
    app,
    db: handle.db,
    dataDir,
    store: new LocalFileStore(path.join(dataDir, 'files')),
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

async function signIn(app: FastifyInstance, email = EMAIL) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: email, password: PASSWORD } });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const { accessToken, refreshToken: _r, deviceToken: _d, id, loginCount: _l, ...profile } = body;
  return { user: { id, headers: { authorization: `Bearer ${accessToken}` } } as User, profile };
}

/** Every file under the instance's file folder, with a digest of its bytes. */
function storedFiles(i: Instance): string[] {
  const root = path.join(i.dataDir, 'files');
  let names: string[] = [];
  try {
    names = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.(jpg|png|webp|pdf|part)$/.test(f));
  } catch {
    return [];
  }
  return names.sort();
}

async function tableCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema() and tablename not like 'kysely_%' order by tablename`.execute(db);
  const out: Record<string, number> = {};
  for (const { tablename } of rows) {
    out[tablename] = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(tablename)}`.execute(db)).rows[0].n);
  }
  return out;
}

/**
 * What the API serves a user, with what may differ between two copies made comparable: ids are
 * renumbered in order of appearance (per field), series ids likewise, and each signed file URL is
 * replaced by the digest of the bytes it downloads.
 */
async function household(app: FastifyInstance, user: User) {
  const get = async (url: string) => {
    const res = await app.inject({ url, headers: user.headers });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  const u = base(user.id);
  const appliances = (await get(`${u}/appliances`)) as { id: number; name: string }[];
  const applianceEvents: Record<string, unknown> = {};
  for (const a of appliances) applianceEvents[a.name] = await get(`${u}/appliances/${a.id}/events`);
  const universes = (await get(`${u}/foyers/univers`)) as { univer_id: number; name: string }[];
  const universeAppliances: Record<string, unknown> = {};
  for (const un of universes.filter((x) => x.univer_id > 0))
    universeAppliances[un.name] = await get(`${u}/foyers/univers/${un.univer_id}/appliances`);
  const badges = (await get(`${u}/badges`)) as { publicUuid: string }[];
  const shared = [];
  for (const b of badges) shared.push(await app.inject({ url: `/api/V1/public/badges/${b.publicUuid}` }).then((r) => r.json()));
  const labels = (await get(`${u}/etiquettes`)) as { code: string }[];
  const labelTargets = [];
  for (const l of labels) labelTargets.push(await get(`/api/V1/etiquettes/${l.code}`));
  const feed = (await get(`${u}/calendar-feed`)).url as string;
  const ics = await app.inject({ url: feed.replace('http://localhost:3000', '') });
  expect(ics.statusCode).toBe(200);
  const raw = {
    universes,
    custom: await get(`${u}/foyers/customunivers`),
    universeAppliances,
    appliances,
    applianceEvents,
    count: await get(`${u}/appliances/count`),
    history: await get(`${u}/appliances/history`),
    events: await get(`${u}/events`),
    claims: await get(`${u}/demarches`),
    notifications: await get(`${u}/notifs`),
    unread: await get(`${u}/notifs/count`),
    badges,
    shared,
    // The printed QR labels keep their codes, and open the same appliances.
    labels,
    labelTargets,
    feed,
    // UIDs and the stamp are made from ids and the time of the request.
    ics: ics.body.split(/\r?\n/).filter((l) => !/^(UID|DTSTAMP):/.test(l)),
  };
  return normalize(app, raw);
}

async function normalize(app: FastifyInstance, value: unknown): Promise<unknown> {
  const numbering = new Map<string, Map<unknown, number>>();
  const renumber = (field: string, v: unknown) => {
    const seen = numbering.get(field) ?? numbering.set(field, new Map()).get(field)!;
    if (!seen.has(v)) seen.set(v, seen.size + 1);
    return `#${seen.get(v)}`;
  };
  const walk = async (v: unknown, field: string): Promise<unknown> => {
    if (Array.isArray(v)) {
      // One element after the other: ids are numbered in the order they appear, and a file fetched
      // in one element must not let the next one number its ids first.
      const out: unknown[] = [];
      for (const x of v) out.push(await walk(x, field));
      return out;
    }
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = await walk(x, `${field}.${k}`);
      return out;
    }
    const key = field.slice(field.lastIndexOf('.') + 1);
    if (typeof v === 'number' && /^(id|.*_id|.*Id)$/.test(key)) return renumber(field, v);
    if (typeof v === 'string' && key === 'seriesId') return renumber(field, v);
    if (typeof v === 'string' && v.startsWith('/api/V1/files/')) {
      const res = await app.inject({ url: v });
      expect(res.statusCode, v).toBe(200);
      return `file ${res.headers['content-type']} ${createHash('sha256').update(res.rawPayload).digest('hex')}`;
    }
    return v;
  };
  return walk(value, '');
}

let t: TestApp;
let one: Instance;
let two: Awaited<ReturnType<typeof freshInstance>>;
let camille: User;
let original: unknown;
let originalProfile: unknown;
let archive: Archive;
let restoredId: number;
const FILES_OF_CAMILLE = 9;

/** Seeds, through the API, a household using every kind of data the archive carries. */
async function seedHousehold(app: FastifyInstance, user: User) {
  const u = base(user.id);
  const call = async (method: 'POST' | 'PUT', url: string, payload: unknown, status: number) => {
    const res = await app.inject({ method, url, headers: user.headers, payload: payload as object });
    expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(status);
    return res.json();
  };
  const form = async (method: 'POST' | 'PUT', url: string, parts: Parameters<typeof multipart>[0], status: number) => {
    const body = await multipart(parts);
    const res = await app.inject({ method, url, headers: { ...user.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(status);
    return res.json();
  };
  await call(
    'PUT',
    `/api/auth/user/${user.id}`,
    { firstname: 'Camille', lastname: 'Durand', email: EMAIL, adresse: '12 rue des Lilas, 69003 Lyon', telephone: '06 12 34 56 78' },
    200,
  );
  const refs = (await app.inject({ url: '/api/V1/references/refunivers', headers: user.headers })).json() as { id: number; name: string }[];
  const products = (await app.inject({ url: '/api/V1/references/refproducts', headers: user.headers })).json() as {
    id: number;
    prodName: string;
  }[];
  const product = (name: string) => products.find((p) => p.prodName === name)!.id;
  const refKitchen = refs.find((r) => r.name === 'Cuisine')!;

  const kitchen = (
    await form('POST', `${u}/foyers/univers`, { name: 'Cuisine', refUniverId: String(refKitchen.id), description: 'Côté cour' }, 201)
  ).univer_id;
  const laundry = (
    await form(
      'POST',
      `${u}/foyers/univers`,
      { name: 'Buanderie', description: 'Au sous-sol', image: { filename: 'b.jpg', data: JPEG } },
      201,
    )
  ).univer_id;
  await form('POST', `${u}/foyers/univers`, { name: 'Garage', image: { filename: 'g.png', data: PNG } }, 201);

  const appliance = (universe: number, data: Record<string, unknown>, pict?: Buffer) =>
    form(
      'POST',
      `${u}/foyers/univers/${universe}/appliances`,
      { data: JSON.stringify(data), ...(pict ? { pict: { filename: 'p', data: pict } } : {}) },
      201,
    );
  const washer = await appliance(
    laundry,
    {
      prod_id: product('Lave-linge'),
      name: 'Lave-linge',
      marque: 'Bosch',
      modele: 'Série 6',
      dt_achat: '2023-03-14',
      note: 'Filtre tous les 3 mois',
      classenergie: 'A',
    },
    JPEG,
  );
  await form(
    'PUT',
    `/api/V1/profils/users/foyers/univers/appliances/${washer.id}/facture`,
    { file: { filename: 'f.pdf', data: PDF } },
    200,
  );
  await form(
    'PUT',
    `/api/V1/profils/users/foyers/univers/appliances/${washer.id}/notice`,
    { file: { filename: 'n.pdf', data: Buffer.concat([PDF, Buffer.from('% notice\n')]) } },
    200,
  );
  const fridge = await appliance(
    kitchen,
    { prod_id: product('Réfrigérateur'), name: 'Frigo', marque: 'Liebherr', modele: 'CNef 4835', dt_achat: '2019-06-21' },
    PNG,
  );
  await form(
    'PUT',
    `/api/V1/profils/users/foyers/univers/appliances/${fridge.id}/facture`,
    { file: { filename: 'f.jpg', data: JPEG } },
    200,
  );
  const kettle = await appliance(kitchen, { prod_id: product('Bouilloire'), marque: 'Moulinex', modele: 'Subito' });
  const old = await appliance(kitchen, { prod_id: product('Réfrigérateur'), name: 'Vieux frigo', marque: 'Brandt', modele: 'X' }, PNG);

  const card = (
    (await app.inject({ url: `/api/maintenancecard?productid=${product('Bouilloire')}`, headers: user.headers })).json() as { id: number }[]
  )[0];
  await call(
    'POST',
    `${u}/events/period`,
    {
      title: 'Détartrer',
      dt_realisation: '2026-12-01T09:00:00Z',
      applianceId: kettle.id,
      maintenanceCardId: card.id,
      frequency: 'monthly',
      note: 'Eau calcaire',
    },
    201,
  );
  await call('POST', `${u}/events`, { title: 'Nettoyer le filtre', dt_realisation: '2026-11-21T08:00:00Z', applianceId: washer.id }, 201);
  await call('POST', `${u}/events`, { title: 'Joint du hublot', dt_realisation: '2026-11-22T08:00:00Z', applianceId: washer.id }, 201);
  const past = await call(
    'POST',
    `${u}/events`,
    { title: 'Condenseur', dt_realisation: '2026-10-02T08:00:00Z', applianceId: fridge.id },
    201,
  );
  await call('PUT', `${u}/events/${past.id}`, { done: true, note: 'Beaucoup de poussière' }, 200);
  const breakdown = await call(
    'POST',
    `${u}/events`,
    {
      title: 'Panne : ne refroidit plus',
      dt_realisation: '2026-10-01T09:00:00Z',
      applianceId: fridge.id,
      type: 'PANNE',
      note: 'Joint changé',
    },
    201,
  );
  // « Ma démarche »: a claim about that breakdown, sent and left unanswered past its 30 days (the
  // tick below reminds it), with a document; another one made from a defect, over.
  const claim = await call(
    'POST',
    `${u}/demarches`,
    { applianceId: fridge.id, eventId: breakdown.id, voie: 'garantie-commerciale', defaut: 'Ne refroidit plus', destinataire: 'Darty' },
    201,
  );
  await call('POST', `${u}/demarches/${claim.id}/etapes`, { type: 'envoyee', date: '2026-10-05', note: 'Lettre recommandée' }, 201);
  await form('POST', `${u}/demarches/${claim.id}/pieces`, { file: { filename: 'accuse-reception.pdf', data: PDF } }, 201);
  const over = await call('POST', `${u}/demarches`, { applianceId: washer.id, voie: 'garantie-legale', defaut: 'Fuite' }, 201);
  await call('POST', `${u}/demarches/${over.id}/etapes`, { type: 'issue', date: '2026-11-20', issue: 'reparee' }, 201);
  // Assigned to its own account: the restored copy keeps it so.
  await call('POST', `${u}/events`, { title: 'Rangement', dt_realisation: '2026-12-24T09:00:00Z', assigneeId: user.id }, 201);

  await app.services.notifications.tick(); // the scheduler: today's and tomorrow's maintenance
  await call('POST', `${u}/appliances/${old.id}/second-life`, { outcome: 'given' }, 200);
  await call('POST', `${u}/actions`, { action: 'carbon_simulation' }, 201);
  // QR labels: the washer's and the fridge's, the fridge's first one revoked (a sticker torn off), then printed again.
  const [, fridgeLabel] = await call('POST', `${u}/etiquettes`, { applianceIds: [washer.id, fridge.id] }, 200);
  expect((await app.inject({ method: 'DELETE', url: `${u}/etiquettes/${fridgeLabel.code}`, headers: user.headers })).statusCode).toBe(204);
  await call('POST', `${u}/etiquettes`, { applianceIds: [fridge.id] }, 200);
  const notifs = (await app.inject({ url: `${u}/notifs`, headers: user.headers })).json() as { id: number }[];
  await call('PUT', `${u}/notifs/${notifs.at(-1)!.id}`, { status: 'read' }, 200);
  await app.inject({ url: `${u}/calendar-feed`, headers: user.headers });
  // Nothing listens there: pushes fail at once, and the subscription is data all the same.
  await call(
    'POST',
    `${u}/push/subscriptions`,
    {
      endpoint: 'https://push.service.invalid/push/camille',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    },
    201,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  one = { app: t.app, db: t.db, dataDir: t.dataDir, store: new LocalFileStore(path.join(t.dataDir, 'files')) };
  two = await freshInstance();
  camille = await signedInUser(t, EMAIL);
  await seedHousehold(t.app, camille);
  // A neighbour on the same server: never part of Camille's archive.
  const neighbour = await signedInUser(t, 'voisin@exemple.fr');
  const body = await multipart({ name: 'Atelier', image: { filename: 'a.png', data: PNG } });
  await t.app.inject({
    method: 'POST',
    url: `${base(neighbour.id)}/foyers/univers`,
    headers: { ...neighbour.headers, ...body.headers },
    payload: body.payload,
  });

  const signedIn = await signIn(t.app);
  originalProfile = signedIn.profile;
  original = await household(t.app, camille);
  archive = await exportHousehold({ db: t.db, store: one.store, clock: t.clock }, camille.id);
});
afterAll(async () => {
  await two?.close();
  await t?.app.close();
});

describe('household backup', () => {
  it('exports the household alone: its rows with ids, its files, no session', async () => {
    const { manifest, files } = await readArchive(archive);
    expect(manifest).toMatchObject({ format: 'ecofoyer-household', version: 1, exportedAt: '2026-11-21T09:00:00.000Z' });
    expect(manifest.tables.users[0]).toMatchObject({ id: camille.id, email: EMAIL, adresse: '12 rue des Lilas, 69003 Lyon' });
    expect(Object.keys(manifest.tables).sort()).toEqual(['users', ...HOUSEHOLD_TABLES].sort());
    expect(JSON.stringify(manifest)).not.toContain('voisin');
    expect(JSON.stringify(manifest)).not.toMatch(/token_hash|refresh/);
    for (const table of HOUSEHOLD_TABLES) {
      for (const row of manifest.tables[table]) expect(row[keyColumn(table)]).toBe(camille.id);
    }
    expect(manifest.tables.universes).toHaveLength(3);
    expect(manifest.tables.appliances).toHaveLength(4);
    expect(manifest.tables.user_badges.length).toBeGreaterThan(0);
    expect(manifest.tables.user_actions).toHaveLength(1);
    expect(manifest.tables.push_subscriptions).toHaveLength(1);
    expect(manifest.tables.calendar_feeds).toHaveLength(1);
    // The claims with their steps and the names of their documents, and the reminder of the one left unanswered.
    expect(manifest.tables.claims.map((c) => c.voie)).toEqual(['garantie-commerciale', 'garantie-legale']);
    expect(manifest.tables.claim_steps.map((s) => s.type)).toEqual(['envoyee', 'issue']);
    expect(manifest.tables.claim_attachments.map((a) => a.name)).toEqual(['accuse-reception.pdf']);
    expect(manifest.tables.notifications.filter((n) => n.claim_id === manifest.tables.claims[0]!.id)).toHaveLength(1);
    expect(manifest.labels).toHaveLength(3);
    expect(manifest.labels.filter((l) => l.revoked_at !== null)).toHaveLength(1);
    expect(files.size).toBe(FILES_OF_CAMILLE);
    expect(manifest.references.ref_products).toMatchObject({ [String(manifest.tables.appliances[0].prod_id)]: 'lave-linge' });
  });

  it('restores into a fresh database a copy that serves the same data, files byte for byte', async () => {
    const restored = await importHousehold({ db: two.db, store: two.store }, archive);
    restoredId = restored.userId;
    expect(restored.warnings).toEqual([]);
    const { user, profile } = await signIn(two.app);
    expect(user.id).toBe(restoredId);
    expect(profile).toEqual(originalProfile);
    expect(await household(two.app, user)).toEqual(original);
    expect(storedFiles(two)).toHaveLength(FILES_OF_CAMILLE);
    expect(storedFiles(two).every((f) => f.startsWith(`users${path.sep}${restoredId}${path.sep}`))).toBe(true);
    expect(await two.db.selectFrom('push_subscriptions').select(['user_id', 'endpoint']).execute()).toEqual([
      { user_id: restoredId, endpoint: 'https://push.service.invalid/push/camille' },
    ]);
    expect(await two.db.selectFrom('user_actions').select(['user_id', 'action']).execute()).toEqual([
      { user_id: restoredId, action: 'carbon_simulation' },
    ]);
    // What the scheduler would create next already exists: the dedupe keys point at the new events.
    expect(await two.app.services.notifications.tick()).toEqual([]);
    // The revoked label stays revoked.
    const { manifest } = await readArchive(archive);
    const revoked = manifest.labels.find((l) => l.revoked_at !== null)!;
    expect((await two.app.inject({ url: `/api/V1/etiquettes/${revoked.code}`, headers: user.headers })).statusCode).toBe(410);
  });

  it('refuses to import over an existing e-mail, changing nothing', async () => {
    const counts = await tableCounts(two.db);
    const files = storedFiles(two);
    await expect(importHousehold({ db: two.db, store: two.store }, archive)).rejects.toThrow(
      /Un compte camille@exemple\.fr existe déjà\s: relancez avec --replace/,
    );
    expect(await tableCounts(two.db)).toEqual(counts);
    expect(storedFiles(two)).toEqual(files);
  });

  it('refuses a corrupted archive, changing nothing', async () => {
    const counts = await tableCounts(two.db);
    const files = storedFiles(two);
    const flipped = Buffer.from(archive);
    flipped[Math.floor(flipped.length / 2)] ^= 0xff;
    const tar = gunzipSync(archive);
    const at = tar.indexOf(JPEG);
    tar[at + JPEG.length - 3] ^= 0xff; // tar checksums cover headers only: the manifest's digest finds it
    const garbage = gzipSync(randomBytes(4096));
    for (const bad of [flipped, archive.subarray(0, archive.length - 200), gzipSync(tar), garbage, Buffer.from('pas une archive')]) {
      await expect(importHousehold({ db: two.db, store: two.store }, bad, { replace: true })).rejects.toThrow(
        /^Archive illisible ou abîmée/,
      );
    }
    expect(await tableCounts(two.db)).toEqual(counts);
    expect(storedFiles(two)).toEqual(files);
  });

  it('refuses an archive of a newer schema, or whose unique values another account holds, changing nothing', async () => {
    const counts = await tableCounts(two.db);
    const files = storedFiles(two);
    const { manifest, files: content } = await readArchive(archive);
    const newer = await writeArchive({ ...manifest, schema: '9999-future' }, content);
    await expect(importHousehold({ db: two.db, store: two.store }, newer, { replace: true })).rejects.toThrow(/version plus récente/);
    const users = [{ ...manifest.tables.users[0], totp_secret: 'x' }];
    const column = await writeArchive({ ...manifest, tables: { ...manifest.tables, users } }, content);
    await expect(importHousehold({ db: two.db, store: two.store }, column, { replace: true })).rejects.toThrow(
      'Colonne inconnue dans cette base : users.totp_secret',
    );
    // The same household under another e-mail: its badges' public ids and calendar address are taken.
    const renamed = [{ ...manifest.tables.users[0], email: 'camille.bis@exemple.fr', username: 'camille.bis@exemple.fr' }];
    const copy = await writeArchive({ ...manifest, tables: { ...manifest.tables, users: renamed } }, content);
    await expect(importHousehold({ db: two.db, store: two.store }, copy)).rejects.toThrow(
      /^Import impossible\s: une valeur unique de l’archive est déjà utilisée/,
    );
    expect(await tableCounts(two.db)).toEqual(counts);
    expect(storedFiles(two)).toEqual(files);
  });

  it('leaves nothing behind when an import fails half-way, the replaced household intact', async () => {
    const counts = await tableCounts(two.db);
    const files = storedFiles(two);
    let puts = 0;
    const failing: FileStore = {
      put: async (key, data) => {
        if (++puts === 4) throw new Error('disque plein');
        return two.store.put(key, data);
      },
      get: (key) => two.store.get(key),
      delete: (key) => two.store.delete(key),
    };
    await expect(importHousehold({ db: two.db, store: failing }, archive, { replace: true })).rejects.toThrow('disque plein');
    expect(puts).toBe(4);
    expect(await tableCounts(two.db)).toEqual(counts);
    expect(storedFiles(two)).toEqual(files);
    const { user } = await signIn(two.app);
    expect(user.id).toBe(restoredId);
    expect(await household(two.app, user)).toEqual(original);
  });

  it('--replace restores the archive over the household on the same server', async () => {
    // After the backup: a device deleted (its files too), a universe added.
    const washer = (await t.app.inject({ url: `${base(camille.id)}/appliances`, headers: camille.headers }))
      .json()
      .find((a: { name: string }) => a.name === 'Lave-linge');
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/V1/profils/users/foyers/univers/appliances/${washer.id}`,
          headers: camille.headers,
        })
      ).statusCode,
    ).toBe(204);
    const body = await multipart({ name: 'Cave' });
    await t.app.inject({
      method: 'POST',
      url: `${base(camille.id)}/foyers/univers`,
      headers: { ...camille.headers, ...body.headers },
      payload: body.payload,
    });
    expect(await household(t.app, camille)).not.toEqual(original);

    const { userId } = await importHousehold({ db: one.db, store: one.store }, archive, { replace: true });
    expect(userId).not.toBe(camille.id);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', camille.id).execute()).toEqual([]);
    const { user } = await signIn(t.app);
    expect(user.id).toBe(userId);
    expect(await household(t.app, user)).toEqual(original);
    // Camille's files are the restored ones only; the neighbour's stay.
    const files = storedFiles(one);
    expect(files.filter((f) => f.startsWith(`users${path.sep}${userId}${path.sep}`))).toHaveLength(FILES_OF_CAMILLE);
    expect(files).toHaveLength(FILES_OF_CAMILLE + 1);
  });

  it('leaves out, and says, a label whose code this database already gives another appliance', async () => {
    // The same household under another e-mail, without the badges, calendar address and push endpoint that would refuse it.
    const { manifest, files: content } = await readArchive(archive);
    const users = [{ ...manifest.tables.users[0], email: 'camille.ter@exemple.fr', username: 'camille.ter@exemple.fr' }];
    const copy = await writeArchive(
      { ...manifest, tables: { ...manifest.tables, users, user_badges: [], calendar_feeds: [], push_subscriptions: [] } },
      content,
    );
    const { userId, warnings } = await importHousehold({ db: two.db, store: two.store }, copy);
    expect(warnings.sort()).toEqual(
      manifest.labels
        .map(
          (l) => `étiquette QR ${l.code} non restaurée : ce code est déjà utilisé dans cette base (réimprimez l’étiquette de cet appareil)`,
        )
        .sort(),
    );
    const theirs = await two.db
      .selectFrom('appliance_labels as l')
      .innerJoin('appliances as a', 'a.id', 'l.appliance_id')
      .select('l.code')
      .where('a.foyer_id', '=', userId)
      .execute();
    expect(theirs).toEqual([]);
    // Camille's labels still open Camille's appliances.
    const { user } = await signIn(two.app);
    expect((await household(two.app, user)) as { labelTargets: unknown }).toMatchObject({
      labelTargets: (original as { labelTargets: unknown }).labelTargets,
    });
  });

  it('covers every table keyed to a user: exported, or deliberately left out', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select distinct table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'user_id'`.execute(t.db);
    const decided: string[] = [...HOUSEHOLD_TABLES, ...NOT_EXPORTED_TABLES];
    expect(rows.map((r) => r.table_name).filter((table) => !decided.includes(table))).toEqual([]);
  });

  it('restores an archive made before the claims existed (no such tables in it) as a household with none', async () => {
    const { manifest, files } = await readArchive(archive);
    const { claims: _claims, claim_steps: _steps, claim_attachments: documents, ...tables } = manifest.tables;
    const before = { ...manifest, tables: { ...tables, notifications: tables.notifications.map(({ claim_id: _claim, ...n }) => n) } };
    const kept = new Map([...files].filter(([key]) => !documents.some((d) => d.file_key === key)));
    const restored = await importHousehold({ db: two.db, store: two.store }, await writeArchive(before as never, kept), { replace: true });
    expect(restored.warnings).toEqual([]);
    const { user } = await signIn(two.app);
    const claims = await two.app.inject({ url: `${base(user.id)}/demarches`, headers: user.headers });
    expect(claims.json()).toEqual([]);
    expect((await two.app.inject({ url: `${base(user.id)}/events`, headers: user.headers })).json()).toHaveLength(
      manifest.tables.events.length,
    );
  });

  it('remaps the dedupe keys that name an event, a claim or the user', () => {
    const events = new Map([[12, 40]]);
    expect(remapDedupeKey('event:12:due', 3, 9, events)).toBe('event:40:due');
    expect(remapDedupeKey('badge:3:seconde-vie', 3, 9, events)).toBe('badge:9:seconde-vie');
    expect(remapDedupeKey('welcome:3', 3, 9, events)).toBe('welcome:9');
    expect(remapDedupeKey('other:30', 3, 9, events)).toBe('other:30');
    // A claim's reminder names the claim and its member.
    expect(remapDedupeKey('demarche:3:2026-11-04:3', 3, 9, events, new Map([[3, 77]]))).toBe('demarche:77:2026-11-04:9');
  });
});
