import {
  API_MSG,
  ApplianceCreateData,
  ApplianceUpdateText,
  type Appliance,
  foldFr,
  INVENTORY_CSV_COLUMNS,
  type InventoryImportAnswer,
  InventoryImportBody,
  MSG,
  UniverseCreateFields,
} from '@ecofoyer/contracts';
import type { z } from 'zod';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { badRequest, HttpError, parseOrThrow } from '../../lib/errors.ts';
import { PURCHASE_FIELDS } from '../appliances/inventory-json.ts';
import type { JobChannel } from '../../lib/job-pool.ts';
import { type OnProgress, progressSteps } from '../../lib/progress.ts';
import { wellFormed } from '../../lib/validator.ts';

/** The most rows one file may hold (a household's 10,000 appliances). */
export const IMPORT_MAX_ROWS = 10_000;

type Column = (typeof INVENTORY_CSV_COLUMNS)[number];
const REQUIRED: Column[] = ['Type d’appareil', 'Marque', 'Modèle'];
/** A header as people retype it: no accents, any apostrophe, any case or spacing. */
const key = (header: string) => foldFr(header).replace(/[’'`]/g, "'").replace(/\s+/g, ' ').trim();
const COLUMN_OF = new Map(INVENTORY_CSV_COLUMNS.map((c) => [key(c), c]));

/**
 * Homebox's export (its documented `HB.*` columns, hay-kot.github.io/homebox/import-csv) mapped onto
 * ours. It has no appliance type: the type is read from the item's name, labels or description.
 */
const HOMEBOX: Partial<Record<string, Column>> = {
  'HB.name': 'Nom',
  'HB.manufacturer': 'Marque',
  'HB.model_number': 'Modèle',
  'HB.serial_number': 'Numéro de série',
  'HB.purchase_from': 'Vendeur',
  'HB.purchase_price': 'Prix d’achat (€)',
  'HB.purchase_time': 'Date d’achat',
  'HB.warranty_expires': 'Fin de la garantie commerciale',
  'HB.notes': 'Notes',
};

export interface ReadRow {
  line: number;
  cells: Partial<Record<Column, string>>;
  /** Homebox: the words to find the appliance's type in (name, labels, description). */
  typeHint?: string;
}

/** Homebox writes « 0001-01-01 » for no date and « 0 » for no price. */
const homeboxValue = (column: Column, v: string) =>
  /^000\d-/.test(v) || (column === 'Prix d’achat (€)' && /^0+([.,]0*)?$/.test(v)) ? '' : v;

/**
 * The file's records counted without parsing it, the reading's total: line ends outside quotes — the
 * kind the parser takes, the first one met (« \r\n » from a spreadsheet, where a lone « \n » is in a
 * cell) — blank lines apart.
 */
export function countRecords(text: string): number {
  let records = 0;
  let quoted = false;
  let blank = true;
  let lineEnd: 'crlf' | 'cr' | 'lf' | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (!quoted && (c === 10 || c === 13)) {
      const kind = c === 10 ? 'lf' : text.charCodeAt(i + 1) === 10 ? 'crlf' : 'cr';
      lineEnd ??= kind;
      if (kind === lineEnd) {
        if (!blank) records++;
        blank = true;
        if (kind === 'crlf') i++;
        continue;
      }
    }
    if (blank && c !== 32 && (c < 9 || c > 13) && !(c > 127 && /\s/.test(text[i]!))) blank = false;
  }
  return blank ? records : records + 1;
}

/** How to read each row, told by the header: Homebox's columns or ours; 400 with a French message when a needed column is missing. */
function rowReader(header: string[]): (row: string[], index: number) => ReadRow {
  if (header.includes('HB.name')) {
    return (row, i) => {
      const cell = (name: string) => (row[header.indexOf(name)] ?? '').trim();
      const cells: Partial<Record<Column, string>> = {};
      header.forEach((h, j) => {
        const column = HOMEBOX[h];
        if (column) cells[column] = homeboxValue(column, (row[j] ?? '').trim());
      });
      // « Maison / Cuisine » is the kitchen: the room is the last step of the path.
      cells.Univers = cell('HB.location').split('/').at(-1)?.trim() ?? '';
      const description = cell('HB.description');
      if (description) cells.Notes = [cells.Notes, description].filter(Boolean).join('\n');
      return { line: i + 2, cells, typeHint: [cell('HB.name'), cell('HB.labels').replace(/;/g, ' '), description].join(' ') };
    };
  }
  const columns = header.map((h) => COLUMN_OF.get(key(h)));
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length > 0) throw badRequest(API_MSG.importColumnsMissing(missing.map((c) => `« ${c} »`).join(', ')));
  return (row, i) => {
    const cells: Partial<Record<Column, string>> = {};
    columns.forEach((c, j) => {
      // A cell the export protected from running as a formula (« '=… ») is read back as it was.
      if (c) cells[c] = (row[j] ?? '').replace(/^'(?=[=+\-@])/, '');
    });
    return { line: i + 2, cells };
  };
}

/** The bytes the parser takes at a time: a few milliseconds of parsing between two turns of the event loop. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The file's rows as objects keyed by our column names; 400 with a French message when it is no CSV,
 * lacks a needed column or has too many rows. Parsed piece by piece, `onProgress` told of the rows
 * read (out of those counted first) once the header is known to be good.
 */
export async function readInventoryCsv(text: string, onProgress?: OnProgress): Promise<ReadRow[]> {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const count = (c: string) => firstLine.split(c).length - 1;
  const delimiter = count('\t') > Math.max(count(';'), count(',')) ? '\t' : count(';') >= count(',') ? ';' : ',';
  const total = Math.max(0, countRecords(body) - 1);
  const bytes = Buffer.from(body);
  const source = Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
    })(),
  );
  const records = source.pipe(parse({ delimiter, relax_column_count: true, skip_empty_lines: true, trim: true }));
  const tick = progressSteps(total, onProgress);
  const rows: ReadRow[] = [];
  let read: ((row: string[], index: number) => ReadRow) | undefined;
  try {
    for await (const record of records as AsyncIterable<string[]>) {
      if (read) {
        rows.push(read(record, rows.length));
        if (rows.length > IMPORT_MAX_ROWS) throw badRequest(API_MSG.importTooManyRows);
        await tick(rows.length);
        continue;
      }
      read = rowReader(record);
      if (total > IMPORT_MAX_ROWS) throw badRequest(API_MSG.importTooManyRows);
      await tick(0);
    }
  } catch (error) {
    throw error instanceof CsvError ? badRequest(API_MSG.importNotCsv) : error;
  } finally {
    source.destroy();
  }
  if (!read) throw badRequest(MSG.importEmpty);
  // Should the count differ from what the parser read, the last line says what was read.
  if (rows.length !== total) await onProgress?.(rows.length, rows.length);
  return rows;
}

/** « 24/12/2026 » (or « 2026-12-24 ») as `2026-12-24`; null for an empty cell; undefined when it is no date. */
function isoDay(value: string | undefined): string | null | undefined {
  const v = value?.trim() ?? '';
  if (!v) return null;
  const fr = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  const day = fr ? `${fr[3]}-${fr[2]!.padStart(2, '0')}-${fr[1]!.padStart(2, '0')}` : v;
  // A day that exists (no 31 April): the same text back from the calendar.
  const at = Date.parse(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(at) && new Date(at).toISOString().startsWith(day) ? day : undefined;
}

/**
 * What to write, in the universe of that name (created if the household has none): a new appliance,
 * or the text fields of one, each parsed by the form's own schema and written by its service method.
 */
export type ImportWrite =
  | { id: null; universe: string | null; input: z.output<typeof ApplianceCreateData> }
  | { id: number; universe: string | null; input: z.output<typeof ApplianceUpdateText> };

export interface ImportPlanRow {
  line: number;
  name: string;
  result: InventoryImportAnswer['lignes'][number]['resultat'];
  reason: string | null;
  write?: ImportWrite;
}

/** The identity of an appliance across imports: name, brand, model and serial number, as typed. */
const identity = (name: string, marque: string, modele: string, serial: string | null | undefined) =>
  [name, marque, modele, serial ?? ''].map((v) => foldFr(v).trim()).join('|');

/** What a row says of an appliance, to tell « identique » from « mis à jour ». */
type ComparedField =
  | 'prod_id'
  | 'dt_achat'
  | 'dt_livraison'
  | 'prix_achat'
  | 'vendeur'
  | 'occasion'
  | 'classenergie'
  | 'garantie_commerciale_fin'
  | 'note'
  | 'panne_note';
type Compared = Partial<Pick<Appliance, ComparedField>>;

/** What the plan compares of an appliance of the inventory (read as JSON: `AppliancesService.inventoryJson`). */
export type ImportFacts = Pick<
  Appliance,
  'id' | 'name' | 'marque' | 'modele' | 'numero_serie' | 'univer_name' | 'facture_ref' | ComparedField
>;
export const IMPORT_FACTS = [
  'id',
  'name',
  'marque',
  'modele',
  'numero_serie',
  'univer_name',
  'facture_ref',
  ...PURCHASE_FIELDS,
  'note',
  'panne_note',
  'created',
] as const satisfies readonly (keyof ImportFacts | 'created')[];

const comparable = (universe: string | null, i: Compared) =>
  JSON.stringify([
    universe ? foldFr(universe) : null,
    i.prod_id ?? null,
    i.dt_achat ?? null,
    i.dt_livraison ?? null,
    i.prix_achat ?? null,
    i.vendeur ?? null,
    i.occasion ?? false,
    i.classenergie ?? null,
    i.garantie_commerciale_fin ?? null,
    i.note ?? null,
    i.panne_note ?? null,
  ]);

/**
 * What importing each row would do — create, update, leave as it is (re-importing the
 * same file creates no duplicate), or refuse with the reason in French — without writing anything.
 * `onProgress` is told of the rows checked.
 */
export async function planImport(
  rows: ReadRow[],
  products: { id: number; prodName: string }[],
  existing: ImportFacts[],
  onProgress?: OnProgress,
): Promise<ImportPlanRow[]> {
  const productByName = new Map(products.map((p) => [foldFr(p.prodName).trim(), p]));
  const known = new Map(existing.map((a) => [identity(a.name, a.marque ?? '', a.modele ?? '', a.numero_serie), a]));
  const seen = new Set<string>();
  // Longest names first: « Four micro-ondes » before « Four ».
  const byLength = [...productByName.entries()].sort((a, b) => b[0].length - a[0].length);
  const typeIn = (hint: string) => {
    const words = ` ${foldFr(hint).replace(/[^a-z0-9-]+/g, ' ')} `;
    return byLength.find(([name]) => words.includes(` ${name.replace(/[^a-z0-9-]+/g, ' ')} `))?.[1];
  };
  const planRow = ({ line, cells, typeHint }: ReadRow): ImportPlanRow => {
    const typed = cells['Type d’appareil']?.trim() ?? '';
    const guessed = !typed && typeHint ? typeIn(typeHint) : undefined;
    const type = typed || guessed?.prodName || '';
    const product = guessed ?? productByName.get(foldFr(type).trim());
    const typedName = cells.Nom?.trim() ?? '';
    const label = typedName || [type, cells.Marque?.trim()].filter(Boolean).join(' ') || `Ligne ${line}`;
    const refuse = (reason: string): ImportPlanRow => ({ line, name: label, result: 'refuse', reason });
    if (!type) return refuse(typeHint === undefined ? MSG.productTypeRequired : API_MSG.importTypeNotFound);
    if (!product) return refuse(API_MSG.importUnknownType(type));
    const dates: Partial<Record<'dt_achat' | 'dt_livraison' | 'garantie_commerciale_fin', string | null>> = {};
    for (const [field, column] of [
      ['dt_achat', 'Date d’achat'],
      ['dt_livraison', 'Date de livraison'],
      ['garantie_commerciale_fin', 'Fin de la garantie commerciale'],
    ] as const) {
      const day = isoDay(cells[column]);
      if (day === undefined) return refuse(API_MSG.importBadDate(column, cells[column] ?? ''));
      dates[field] = day;
    }
    // The universe's name as the form takes it (« < » and « > » stripped, 40 characters at most).
    let universe: string | null = null;
    if (cells.Univers?.trim()) {
      const named = UniverseCreateFields.shape.name.safeParse(cells.Univers);
      if (!named.success) return refuse(`Univers : ${named.error.issues[0]?.message ?? API_MSG.invalidInput}`);
      universe = named.data;
    }
    // The fields as the forms send them, checked by their own schemas: a refused row says what the form would say.
    const fields = {
      prod_id: product.id,
      marque: cells.Marque,
      modele: cells.Modèle,
      ...dates,
      note: cells.Notes || null,
      panne_note: cells.Panne || null,
      classenergie: cells['Classe énergétique']?.trim().toUpperCase() || null,
      vendeur: cells.Vendeur || null,
      prix_achat: cells['Prix d’achat (€)'] || null,
      numero_serie: cells['Numéro de série'] || null,
      occasion: foldFr(cells.Occasion ?? '').trim() === 'oui',
    };
    const created = ApplianceCreateData.safeParse({ ...fields, name: typedName || undefined });
    if (!created.success) return refuse(created.error.issues[0]?.message ?? MSG.requiredFieldsMissing);
    const d = created.data;
    const name = typedName || `${product.prodName} ${d.marque}`;
    const id = identity(name, d.marque, d.modele, d.numero_serie);
    if (seen.has(id)) return { line, name, result: 'identique', reason: 'Déjà plus haut dans le fichier.' };
    seen.add(id);
    const current = known.get(id);
    if (!current) return { line, name, result: 'cree', reason: null, write: { id: null, universe, input: d } };
    // The edit form's schema: the appliance keeps its name and its invoice's reference (no column holds them).
    const updated = ApplianceUpdateText.safeParse({ ...fields, name: current.name, facture: current.facture_ref });
    if (!updated.success) return refuse(updated.error.issues[0]?.message ?? MSG.requiredFieldsMissing);
    const same = comparable(universe ?? current.univer_name, updated.data) === comparable(current.univer_name, current);
    return same
      ? { line, name, result: 'identique', reason: null }
      : {
          line,
          name,
          result: 'mis-a-jour',
          reason: null,
          write: { id: current.id, universe: universe ?? current.univer_name, input: updated.data },
        };
  };
  const tick = progressSteps(rows.length, onProgress);
  await tick(0);
  const plan: ImportPlanRow[] = [];
  for (const row of rows) {
    plan.push(planRow(row));
    await tick(plan.length);
  }
  return plan;
}

/** What the import's thread asks of the main thread once the file is to be read. */
export interface ImportInventoryRequest {
  apply: boolean;
}

/** The main thread's answer: the reference products, the inventory (`ImportFacts[]` as JSON bytes) and the universes' names. */
export interface ImportInventory {
  products: { id: number; prodName: string }[];
  existing: Uint8Array;
  /** The household's own universes' names, folded (`foldFr(name).trim()`): the others a file names are created. */
  universes: string[];
}

/** What the job gives back: the answer, already serialised; to apply, the writes and the universes to create. */
export interface ImportJobResult {
  answer: Uint8Array;
  apply: boolean;
  writes: string | null;
  newUniverses: string[];
}

/** The request, checked: whether to write, and the file's text as UTF-8 (what an import that writes keeps for its job). */
export interface ImportRequest {
  apply: boolean;
  file: Uint8Array;
}

/** The request's body as the route's schema would refuse it: a 400 naming the field (`body.contenu`). */
function requestOf(bytes: Uint8Array): InventoryImportBody {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new HttpError(400, 'INVALID_JSON', API_MSG.invalidJson);
  }
  return parseOrThrow(InventoryImportBody, wellFormed(data), 'body');
}

/**
 * The request's JSON (a 4 MB file in a string), parsed and checked on a thread of the job pool
 * (lib/job-pool.ts): it held the event loop for tens of milliseconds. The body comes as the bytes the
 * client sent, moved (not copied); the file goes back as UTF-8 bytes.
 */
export function importRequestJob(input: { body: Uint8Array }): ImportRequest {
  const request = requestOf(input.body);
  return { apply: request.appliquer, file: new TextEncoder().encode(request.contenu) };
}

/**
 * The whole import but its writes, on a thread of the job pool (lib/job-pool.ts): the file read and
 * its rows planned, and the answer's 10,000 lines serialised — each of them held the event loop for
 * tens of milliseconds. The file comes as UTF-8 bytes (`importRequestJob`'s, or an import's kept in
 * the database), moved; the thread asks the main thread for the inventory (to apply, read after the
 * inventory's stamp); the answer goes back as bytes the route sends as they are.
 */
export async function importJob(input: ImportRequest, channel: JobChannel): Promise<ImportJobResult> {
  const { apply } = input;
  const text = new TextDecoder().decode(input.file);
  const inventory = await channel.ask<ImportInventory>({ apply } satisfies ImportInventoryRequest);
  const tell =
    (etape: 'lecture' | 'verification'): OnProgress =>
    (fait, total) =>
      channel.tell({ etape, fait, total });
  const rows = await readInventoryCsv(text, tell('lecture'));
  // In the list's order (newest first), as the plan has always matched: of two same appliances, the oldest is the one updated.
  const existing = (JSON.parse(new TextDecoder().decode(inventory.existing)) as (ImportFacts & { created: number })[]).sort(
    (a, b) => b.created - a.created || b.id - a.id,
  );
  const plan = await planImport(rows, inventory.products, existing, tell('verification'));
  const own = new Set(inventory.universes);
  const newUniverses = [
    ...new Set(plan.flatMap((p) => (p.write?.universe && !own.has(foldFr(p.write.universe).trim()) ? [p.write.universe] : []))),
  ];
  const count = (r: string) => plan.filter((p) => p.result === r).length;
  const answer: InventoryImportAnswer = {
    applique: apply,
    lignes: plan.map((p) => ({ ligne: p.line, nom: p.name, resultat: p.result, raison: p.reason })),
    crees: count('cree'),
    misAJour: count('mis-a-jour'),
    identiques: count('identique'),
    refuses: count('refuse'),
    nouveauxUnivers: newUniverses,
  };
  const writes = plan.flatMap((p) => (p.write ? [p.write] : []));
  return {
    answer: new TextEncoder().encode(JSON.stringify(answer)),
    apply,
    // A preview writes nothing: the rows' fields, notes included, stay on this thread.
    writes: apply && writes.length > 0 ? JSON.stringify(writes) : null,
    newUniverses,
  };
}
