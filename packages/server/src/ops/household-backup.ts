import { keyColumn } from '../db/household-key.ts';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { LABEL_CODE_PATTERN } from '@ecofoyer/contracts';
import { sql } from 'kysely';
import { lazyModule } from '../lib/lazy-module.ts';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { migrations } from '../db/migrations/index.ts';
import type { Database } from '../db/schema.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { type FileStore, isSafeKey } from '../lib/file-store.ts';

/** tar loads with the first backup or restore (the account module reads this file's table list at start). */
const tar = lazyModule(() => import('tar'));

/*
 * Backup and restore of one household: a user account and every row that belongs to it, with its
 * files. This is an operations tool, like a migration: it reads and writes the tables of several
 * modules directly (a module service only ever sees one user's view through its own rules).
 */

export const HOUSEHOLD_FORMAT = 'ecofoyer-household';
export const HOUSEHOLD_FORMAT_VERSION = 1;

/** The .tar.gz bytes: `household.json` and `files/<key>` for each file. */
export type Archive = Buffer;

export interface BackupDeps {
  db: Db;
  store: FileStore;
  clock?: Clock;
}

export interface ImportOptions {
  /** Delete the household holding the archive's e-mail first (in the same transaction). */
  replace?: boolean;
}

/** Why an export or an import was refused; the message is for the operator. */
export class HouseholdBackupError extends Error {}

type TableName = keyof Database;
type Row = Record<string, unknown>;

/** A household's tables in insertion order (parents first); each is keyed by its `keyColumn`. */
export const HOUSEHOLD_TABLES = [
  'universes',
  'appliances',
  'appliance_recalls',
  'events',
  'claims',
  'claim_steps',
  'claim_attachments',
  'notifications',
  'push_subscriptions',
  'user_badges',
  'user_actions',
  'calendar_feeds',
] as const;
type HouseholdTable = (typeof HOUSEHOLD_TABLES)[number];
/** Tables added since the format's version 1 was set: absent from the archives made before them, read as empty. */
const ADDED_TABLES: ReadonlySet<HouseholdTable> = new Set(['claims', 'claim_steps', 'claim_attachments']);

/**
 * Tables keyed to a user that are not household data, so not exported: sessions and one-time
 * links, a pending new address and the second factor (a restored account signs in again, and
 * sets its two-factor sign-in up again), image-search uploads kept 24 h, and the audit log,
 * the record of what happened on the server that wrote it (it outlives a replaced account), and
 * the account's place in a foyer (a restored account gets its own foyer, migration 0020's trigger;
 * a place in someone else's is not the archive's to give), and a member's notification choices and
 * the digests they were sent (a restored account starts from the defaults: the person chooses again),
 * the inventory dossiers built (kept 24 h) and the read-only links given to others (a restored
 * account makes new ones), and the answers to retried writes (kept a day). QR labels name an appliance (no user_id): they travel beside the tables
 * (the manifest's `labels`), so the stickers already on the machines open them after a restore.
 */
export const NOT_EXPORTED_TABLES = [
  'refresh_tokens',
  'sessions',
  'known_devices',
  'password_reset_tokens',
  'email_changes',
  'user_totp',
  'totp_recovery_codes',
  'temp_files',
  'audit_log',
  'foyer_members',
  'notification_preferences',
  'notification_digests',
  'dossier_jobs',
  'dossier_shares',
  'idempotency_keys',
] as const;

/** Household rows pointing at other household rows: remapped to the new ids. */
const PARENTS: Partial<Record<HouseholdTable, Record<string, 'universes' | 'appliances' | 'events' | 'claims'>>> = {
  appliances: { universe_id: 'universes' },
  events: { appliance_id: 'appliances' },
  claims: { appliance_id: 'appliances', event_id: 'events' },
  claim_steps: { claim_id: 'claims' },
  claim_attachments: { claim_id: 'claims' },
  notifications: { event_id: 'events', appliance_id: 'appliances', claim_id: 'claims' },
  appliance_recalls: { appliance_id: 'appliances' },
};

/** Columns pointing at reference data: its serial ids differ between instances, its slugs do not. */
const REFERENCES = { ref_universes: true, ref_products: true, maintenance_cards: true, ref_badges: true } as const;
type ReferenceTable = keyof typeof REFERENCES;
const REFERENCE_COLUMNS: Partial<Record<HouseholdTable, Record<string, ReferenceTable>>> = {
  universes: { ref_universe_id: 'ref_universes' },
  appliances: { prod_id: 'ref_products' },
  events: { maintenance_card_id: 'maintenance_cards' },
  user_badges: { ref_badge_id: 'ref_badges' },
};

/** Columns holding FileStore keys. */
const FILE_COLUMNS: Partial<Record<HouseholdTable, string[]>> = {
  universes: ['image_key'],
  appliances: ['pict_key', 'facture_key', 'notice_key'],
  claim_attachments: ['file_key'],
};

const TableRows = z.array(z.record(z.string(), z.unknown()));
/** A QR label of one of the household's appliances (appliance_labels), revoked ones too. */
const LabelRow = z.object({
  code: z.string().regex(LABEL_CODE_PATTERN),
  appliance_id: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  revoked_at: z.iso.datetime({ offset: true }).nullable(),
});
const Manifest = z.object({
  format: z.literal(HOUSEHOLD_FORMAT),
  version: z.literal(HOUSEHOLD_FORMAT_VERSION),
  exportedAt: z.string(),
  /** The last migration of the exporting server: an archive from a newer schema is refused. */
  schema: z.string(),
  /** id → slug of the reference rows the household points at, as numbered where it was exported. */
  references: z.record(z.string(), z.record(z.string(), z.string())),
  tables: z.object({
    users: z.array(z.record(z.string(), z.unknown())).length(1),
    ...(Object.fromEntries(HOUSEHOLD_TABLES.map((t) => [t, ADDED_TABLES.has(t) ? TableRows.default([]) : TableRows])) as Record<
      HouseholdTable,
      typeof TableRows
    >),
  }),
  files: z.array(
    z.object({ key: z.string().refine(isSafeKey), size: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
  /** Absent from archives made before the labels existed. */
  labels: z.array(LabelRow).default([]),
});
export type HouseholdManifest = z.infer<typeof Manifest>;

const MANIFEST = 'household.json';
const FILES_DIR = 'files/';
const CHUNK = 500;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const lastMigration = () => Object.keys(migrations).sort().at(-1) ?? '';

/** The id of the account holding this e-mail (case-insensitive), or null. */
export async function householdOwner(db: Db, email: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

/** The whole household of `userId` (rows read in one snapshot, then its files) as a .tar.gz. */
export async function exportHousehold(deps: BackupDeps, userId: number): Promise<Archive> {
  const clock = deps.clock ?? systemClock;
  const manifest = await deps.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const users = await selectRows(trx, 'users', sql`id = ${userId}`);
      if (users.length === 0) throw new HouseholdBackupError(`Aucun compte n’a l’identifiant ${userId}.`);
      const tables = { users } as HouseholdManifest['tables'];
      for (const table of HOUSEHOLD_TABLES) tables[table] = await selectRows(trx, table, sql`${sql.ref(keyColumn(table))} = ${userId}`);
      const labels = await trx
        .selectFrom('appliance_labels as l')
        .innerJoin('appliances as a', 'a.id', 'l.appliance_id')
        .select(['l.code', 'l.appliance_id', 'l.created_at', 'l.revoked_at'])
        .where('a.foyer_id', '=', userId)
        .orderBy('l.created_at')
        .orderBy('l.code')
        .execute();
      const references: Record<string, Record<string, string>> = {};
      for (const ref of Object.keys(REFERENCES) as ReferenceTable[]) {
        const { rows } = await sql<{ id: number; slug: string }>`select id, slug from ${sql.table(ref)}`.execute(trx);
        references[ref] = Object.fromEntries(rows.map((r) => [String(r.id), r.slug]));
      }
      return {
        format: HOUSEHOLD_FORMAT,
        version: HOUSEHOLD_FORMAT_VERSION,
        exportedAt: clock.now().toISOString(),
        schema: lastMigration(),
        references,
        tables,
        files: [],
        labels: labels.map((l) => ({ ...l, created_at: l.created_at.toISOString(), revoked_at: l.revoked_at?.toISOString() ?? null })),
      } satisfies HouseholdManifest;
    });
  // Only the reference rows the household uses.
  const used: Record<string, Set<string>> = {};
  for (const [table, columns] of Object.entries(REFERENCE_COLUMNS) as [HouseholdTable, Record<string, ReferenceTable>][]) {
    for (const row of manifest.tables[table]) {
      for (const [column, ref] of Object.entries(columns)) if (row[column] != null) (used[ref] ??= new Set()).add(String(row[column]));
    }
  }
  for (const ref of Object.keys(manifest.references)) {
    manifest.references[ref] = Object.fromEntries(Object.entries(manifest.references[ref]).filter(([id]) => used[ref]?.has(id)));
  }

  const files = new Map<string, Buffer>();
  for (const key of fileKeys(manifest.tables)) {
    const file = await deps.store.get(key);
    if (!file) throw new HouseholdBackupError(`Fichier manquant dans le stockage : ${key}`);
    files.set(key, await readAll(file.stream));
  }
  return writeArchive(manifest, files);
}

/** Packs a manifest and its files (listed in the manifest with their size and digest) as a .tar.gz. */
export async function writeArchive(manifest: HouseholdManifest, files: Map<string, Buffer>): Promise<Archive> {
  const staging = await mkdtemp(path.join(tmpdir(), 'ecofoyer-backup-'));
  try {
    const listed: HouseholdManifest['files'] = [];
    for (const [key, data] of files) {
      if (!isSafeKey(key)) throw new HouseholdBackupError(`Clé de fichier refusée : ${key}`);
      listed.push({ key, size: data.length, sha256: sha256(data) });
      const target = path.join(staging, FILES_DIR, key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
    }
    await writeFile(path.join(staging, MANIFEST), JSON.stringify({ ...manifest, files: listed }, null, 2));
    const entries = [MANIFEST, ...(files.size > 0 ? [FILES_DIR.slice(0, -1)] : [])];
    const { create: createTar } = await tar();
    return await readAll(createTar({ gzip: true, cwd: staging, portable: true }, entries));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Restores an archive as a new household in one transaction: new ids, every foreign key and file
 * key remapped, files written through the store. Refused when the e-mail is taken, unless
 * `replace` deletes that household first. A failure leaves no row and no file behind.
 */
export async function importHousehold(
  deps: BackupDeps,
  archive: Archive,
  options: ImportOptions = {},
): Promise<{ userId: number; warnings: string[] }> {
  const { manifest, files } = await readArchive(archive);
  if (!Object.hasOwn(migrations, manifest.schema)) {
    throw new HouseholdBackupError(
      `Archive d’une version plus récente (schéma ${manifest.schema}) : mettez le serveur à jour avant de l’importer.`,
    );
  }
  const user = manifest.tables.users[0];
  const email = String(user.email ?? '');
  const username = String(user.username ?? email);
  const oldUserId = Number(user.id);
  const warnings: string[] = [];
  const written: string[] = [];
  let replacedKeys: string[] = [];
  let newUserId: number;
  try {
    newUserId = await deps.db.transaction().execute(async (trx) => {
      await checkColumns(trx, manifest.tables);
      const existing = await sql<{ id: number; email: string }>`
        select id, email from users
        where lower(email) in (${email.toLowerCase()}, ${username.toLowerCase()})
           or lower(username) in (${email.toLowerCase()}, ${username.toLowerCase()})`.execute(trx);
      const sameEmail = existing.rows.find((r) => r.email.toLowerCase() === email.toLowerCase());
      const others = existing.rows.filter((r) => r !== sameEmail);
      if (others.length > 0) throw new HouseholdBackupError(`L’identifiant ${username} est déjà celui d’un autre compte.`);
      if (sameEmail && !options.replace) {
        throw new HouseholdBackupError(
          `Un compte ${sameEmail.email} existe déjà : relancez avec --replace pour remplacer ce foyer par l’archive.`,
        );
      }
      if (sameEmail) replacedKeys = await deleteHousehold(trx, sameEmail.id);

      const [userId] = await allocateIds(trx, 'users', 1);
      const { id: _id, ...userRow } = user;
      await trx
        .insertInto('users')
        .values({ ...userRow, id: userId } as never)
        .execute();

      const ids = {
        universes: new Map<number, number>(),
        appliances: new Map<number, number>(),
        events: new Map<number, number>(),
        claims: new Map<number, number>(),
      };
      const keys = new Map(manifest.files.map((f) => [f.key, `users/${userId}/${path.posix.basename(f.key)}`]));
      const series = new Map<string, string>();
      const refIds = await targetReferenceIds(trx);
      for (const table of HOUSEHOLD_TABLES) {
        const source = [...manifest.tables[table]].sort((a, b) => Number(a.id) - Number(b.id));
        const rows: Row[] = [];
        for (const row of source) {
          // An archive from before migration 0028 has only user_id; one made since has both.
          const { user_id: _person, foyer_id: _foyer, ...fields } = row;
          const next: Row = { ...fields, [keyColumn(table)]: userId };
          for (const [column, parent] of Object.entries(PARENTS[table] ?? {})) {
            next[column] = row[column] == null ? null : (ids[parent].get(Number(row[column])) ?? null);
          }
          let unknownReference = false;
          for (const [column, ref] of Object.entries(REFERENCE_COLUMNS[table] ?? {})) {
            if (row[column] == null) continue;
            const slug = manifest.references[ref]?.[String(row[column])];
            const id = slug === undefined ? undefined : refIds[ref].get(slug);
            if (id === undefined) {
              warnings.push(`${table} ${String(row.id)} : référence ${ref} « ${slug ?? String(row[column])} » inconnue ici`);
              unknownReference = true;
            }
            next[column] = id ?? null;
          }
          // A badge is its reference: without it there is nothing to show.
          if (table === 'user_badges' && unknownReference) continue;
          for (const column of FILE_COLUMNS[table] ?? []) if (row[column] != null) next[column] = keys.get(String(row[column])) ?? null;
          // The archive holds one account: a task it saw to stays its own, one of another member goes back to the whole foyer.
          if (table === 'events') next.assignee_id = row.assignee_id != null && Number(row.assignee_id) === oldUserId ? userId : null;
          // A recall handled by another member stays handled, by nobody the archive knows.
          if (table === 'appliance_recalls')
            next.handled_by = row.handled_by != null && Number(row.handled_by) === oldUserId ? userId : null;
          // A claim opened, or a step written, by another member: by nobody the archive knows.
          if (table === 'claims') next.created_by = row.created_by != null && Number(row.created_by) === oldUserId ? userId : null;
          if (table === 'claim_steps') next.author_id = row.author_id != null && Number(row.author_id) === oldUserId ? userId : null;
          if (table === 'events' && row.series_id != null) {
            const sid = String(row.series_id);
            if (!series.has(sid)) series.set(sid, randomUUID());
            next.series_id = series.get(sid);
          }
          if (table === 'notifications')
            next.dedupe_key = remapDedupeKey(String(row.dedupe_key), oldUserId, userId, ids.events, ids.claims);
          rows.push(next);
        }
        if (table in ids) {
          const map = ids[table as keyof typeof ids];
          const fresh = await allocateIds(trx, table, rows.length);
          rows.forEach((r, i) => {
            map.set(Number(r.id), fresh[i]);
            r.id = fresh[i];
          });
        } else {
          for (const r of rows) delete r.id;
        }
        for (let i = 0; i < rows.length; i += CHUNK)
          await trx
            .insertInto(table)
            .values(rows.slice(i, i + CHUNK) as never)
            .execute();
      }

      // The QR labels keep their codes: the printed ones still open their appliance. A code this
      // database already gives another appliance is left out, and said (print that label again).
      const labels = manifest.labels.flatMap((l) => {
        const applianceId = ids.appliances.get(l.appliance_id);
        return applianceId === undefined
          ? []
          : [
              {
                code: l.code,
                appliance_id: applianceId,
                created_at: new Date(l.created_at),
                revoked_at: l.revoked_at ? new Date(l.revoked_at) : null,
              },
            ];
      });
      for (let i = 0; i < labels.length; i += CHUNK) {
        const chunk = labels.slice(i, i + CHUNK);
        const kept = await trx
          .insertInto('appliance_labels')
          .values(chunk)
          .onConflict((oc) => oc.column('code').doNothing())
          .returning('code')
          .execute();
        const taken = chunk.filter((l) => !kept.some((k) => k.code === l.code));
        for (const l of taken)
          warnings.push(
            `étiquette QR ${l.code} non restaurée : ce code est déjà utilisé dans cette base (réimprimez l’étiquette de cet appareil)`,
          );
      }

      // Files last: the rows went in, so only the commit can still fail (then they are removed below).
      for (const { key } of manifest.files) {
        const target = keys.get(key)!;
        await deps.store.put(target, files.get(key)!);
        written.push(target);
      }
      return userId;
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => deps.store.delete(key)));
    if ((error as { code?: string }).code === '23505') {
      const detail = (error as { detail?: string }).detail ?? (error as Error).message;
      throw new HouseholdBackupError(`Import impossible : une valeur unique de l’archive est déjà utilisée dans cette base (${detail}).`);
    }
    throw error;
  }
  // The replaced household's files go once its rows are gone for good.
  for (const key of replacedKeys) {
    try {
      await deps.store.delete(key);
    } catch {
      warnings.push(`fichier remplacé non supprimé : ${key}`);
    }
  }
  return { userId: newUserId, warnings };
}

async function selectRows(db: Db, table: TableName, where: ReturnType<typeof sql>): Promise<Row[]> {
  const order = table === 'calendar_feeds' ? sql`user_id` : sql`id`;
  const { rows } = await sql<Row>`select * from ${sql.table(table)} where ${where} order by ${order}`.execute(db);
  return rows;
}

function fileKeys(tables: HouseholdManifest['tables']): string[] {
  const keys = new Set<string>();
  for (const [table, columns] of Object.entries(FILE_COLUMNS) as [HouseholdTable, string[]][]) {
    for (const row of tables[table]) for (const column of columns) if (typeof row[column] === 'string') keys.add(row[column] as string);
  }
  return [...keys];
}

async function readAll(stream: Readable | AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** Unpacks and checks an archive in memory: a manifest of this format, and every file it lists, intact. */
export async function readArchive(archive: Archive): Promise<{ manifest: HouseholdManifest; files: Map<string, Buffer> }> {
  const corrupt = (why: string) => new HouseholdBackupError(`Archive illisible ou abîmée : ${why}`);
  let tarBytes: Buffer;
  try {
    tarBytes = await promisify(gunzip)(archive);
  } catch (error) {
    throw corrupt((error as Error).message);
  }
  const entries = new Map<string, Buffer>();
  const { Parser: TarParser } = await tar();
  await new Promise<void>((resolve, reject) => {
    const parser = new TarParser({
      strict: true,
      onReadEntry(entry) {
        if (entry.type === 'Directory') return entry.resume();
        if (entry.type !== 'File') {
          reject(corrupt(`entrée inattendue ${entry.path}`));
          return entry.resume();
        }
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => chunks.push(c));
        entry.on('end', () => entries.set(entry.path, Buffer.concat(chunks)));
      },
    });
    parser.on('error', (error: Error) => reject(corrupt(error.message)));
    parser.on('end', () => resolve());
    parser.end(tarBytes);
  });
  const json = entries.get(MANIFEST);
  if (!json) throw corrupt(`${MANIFEST} absent`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json.toString('utf8'));
  } catch (error) {
    throw corrupt(`${MANIFEST} : ${(error as Error).message}`);
  }
  const result = Manifest.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw corrupt(`${MANIFEST} : ${issue?.path.join('.')} ${issue?.message}`);
  }
  const manifest = result.data;
  const files = new Map<string, Buffer>();
  for (const { key, size, sha256: sum } of manifest.files) {
    const data = entries.get(`${FILES_DIR}${key}`);
    if (!data) throw corrupt(`fichier ${key} absent`);
    if (data.length !== size || sha256(data) !== sum) throw corrupt(`fichier ${key} altéré`);
    files.set(key, data);
  }
  const missing = fileKeys(manifest.tables).filter((k) => !files.has(k));
  if (missing.length > 0) throw corrupt(`fichiers non listés : ${missing.join(', ')}`);
  return { manifest, files };
}

/** Every column of the archive must exist here (an archive of a newer schema is refused, not half-read). */
async function checkColumns(db: Db, tables: HouseholdManifest['tables']): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns where table_schema = current_schema()`.execute(db);
  const known = new Set(rows.map((r) => `${r.table_name}.${r.column_name}`));
  for (const [table, list] of Object.entries(tables)) {
    for (const row of list) {
      for (const column of Object.keys(row)) {
        if (!known.has(`${table}.${column}`))
          throw new HouseholdBackupError(`Colonne inconnue dans cette base : ${table}.${column} (archive d’une version plus récente ?)`);
      }
    }
  }
}

/**
 * Deletes an account and the foyers it holds alone (migration 0026's trigger: one it shares is handed
 * to another member, data and files kept) and returns the file keys of what went.
 */
async function deleteHousehold(db: Db, userId: number): Promise<string[]> {
  const sole = sql<boolean>`foyer_id in (select f.id from foyers f where f.holder_id = ${userId}
    and not exists (select 1 from foyer_members m where m.foyer_id = f.id and m.user_id <> ${userId}))`;
  const universes = await db.selectFrom('universes').select('image_key').where(sole).execute();
  const appliances = await db.selectFrom('appliances').select(['pict_key', 'facture_key', 'notice_key']).where(sole).execute();
  const documents = await db.selectFrom('claim_attachments').select('file_key').where(sole).execute();
  const temp = await db.selectFrom('temp_files').select('key').where('user_id', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
  return [
    ...universes.map((u) => u.image_key),
    ...appliances.flatMap((a) => [a.pict_key, a.facture_key, a.notice_key]),
    ...documents.map((d) => d.file_key),
    ...temp.map((t) => t.key),
  ].filter((k): k is string => k !== null);
}

/** `n` new ids from the table's own sequence, ascending (rows keep their relative order). */
async function allocateIds(db: Db, table: TableName, n: number): Promise<number[]> {
  if (n === 0) return [];
  const { rows } = await sql<{ id: number }>`
    select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${n})`.execute(db);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

async function targetReferenceIds(db: Db): Promise<Record<ReferenceTable, Map<string, number>>> {
  const out = {} as Record<ReferenceTable, Map<string, number>>;
  for (const ref of Object.keys(REFERENCES) as ReferenceTable[]) {
    const { rows } = await sql<{ id: number; slug: string }>`select id, slug from ${sql.table(ref)}`.execute(db);
    out[ref] = new Map(rows.map((r) => [r.slug, r.id]));
  }
  return out;
}

/**
 * Dedupe keys name what a notification is about and are unique across the database:
 * `event:<event id>:<kind>`, `demarche:<claim id>:<due day>:<member id>` (a claim left unanswered),
 * and keys scoped by the user id (`badge:<user id>:<slug>`, `welcome:<user id>`). The ids change on
 * import; any other key is kept as it is.
 */
export function remapDedupeKey(
  key: string,
  oldUserId: number,
  newUserId: number,
  events: Map<number, number>,
  claims: Map<number, number> = new Map(),
): string {
  const event = /^event:(\d+):(.*)$/.exec(key);
  if (event) {
    const id = events.get(Number(event[1]));
    return id === undefined ? key : `event:${id}:${event[2]}`;
  }
  const claim = /^demarche:(\d+):([\d-]+):(\d+)$/.exec(key);
  if (claim) {
    const id = claims.get(Number(claim[1]));
    const member = Number(claim[3]) === oldUserId ? newUserId : Number(claim[3]);
    return id === undefined ? key : `demarche:${id}:${claim[2]}:${member}`;
  }
  const parts = key.split(':');
  if (parts.length > 1 && parts[1] === String(oldUserId)) return [parts[0], String(newUserId), ...parts.slice(2)].join(':');
  return key;
}
