import type { FoyerId, UserId } from '../../lib/ids.ts';
import {
  csvDateFr,
  csvEuros,
  type Event,
  INVENTORY_CSV_COLUMNS,
  type InventoryImportProgress,
  MAINTENANCE_CSV_COLUMNS,
  MSG,
  foldFr,
  parisDay,
} from '@ecofoyer/contracts';
import { holdLock } from '../../lib/advisory-locks.ts';
import { conflict } from '../../lib/errors.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import { inventoryStamp } from '../../read-models/inventory-stamp.ts';

const csvStringify = lazyModule(() => import('csv-stringify/sync'));
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type OnProgress, progressSteps } from '../../lib/progress.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppliancesService } from '../appliances/appliances.service.ts';
import type { ReferencesService } from '../references/references.service.ts';
import type { UniversesService } from '../universes/universes.service.ts';
import {
  IMPORT_FACTS,
  type ImportInventory,
  type ImportInventoryRequest,
  type ImportJobResult,
  type ImportWrite,
} from './inventory-import.ts';
import { type JobPool, ownBytes } from '../../lib/job-pool.ts';
import type { EventsService } from '../events/events.service.ts';
import type { RightsService } from '../rights/rights.service.ts';

/** The byte-order mark that tells a spreadsheet the file is UTF-8 (Excel otherwise reads « Ã© »). */
const BOM = '\uFEFF';
/** A French spreadsheet's separator (the comma is the decimal mark), lines ended as Windows ends them. */
const csv = async (rows: string[][]) => BOM + (await csvStringify()).stringify(rows, { delimiter: ';', record_delimiter: 'windows' });

const PARIS_TIME = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
/** An instant as « 24/12/2026 10:00 » in Paris. */
const dateTimeFr = (iso: string) => `${csvDateFr(parisDay(new Date(iso)))} ${PARIS_TIME.format(new Date(iso))}`;

/**
 * A cell that a spreadsheet would run as a formula (« =HYPERLINK(…) » typed as a note) starts with
 * a quote mark: the file is data, never code (CSV injection, OWASP).
 */
const cell = (v: string | null | undefined) => {
  const text = v ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

/** CSV exports of the household: its appliances, and its maintenance history. */
export class InventoryCsvService {
  constructor(
    private readonly deps: {
      db: Db;
      rights: RightsService;
      events: EventsService;
      appliances: AppliancesService;
      universes: UniversesService;
      references: ReferencesService;
      clock: Clock;
      appUrl: string;
      jobs: JobPool;
      /** A file's reading and plan, at most (JOB_TIMEOUT_MS). */
      timeoutMs: number;
    },
  ) {}

  /**
   * An appliances CSV (EcoFoyer's export, or a file with its columns) read row by row:
   * what each row does — created, updated, left as it is, refused and why — and, when the request
   * says `appliquer`, done in one transaction (all rows or none). Universes named and missing are
   * created with them. `body` is the request's JSON as the client sent it (`InventoryImportBody`):
   * it is parsed and checked on the job pool's thread with the file (lib/job-pool.ts), and the
   * answer comes back serialised (`InventoryImportAnswer` as UTF-8 JSON). `onProgress` hears of each
   * phase as it goes (reading, checking, writing), once the file's header is known to be good: a
   * 400 comes before any progress. Two imports at once (two tabs, two members) write one after the
   * other; one planned on an inventory that has changed since writes nothing (409): the same file
   * imported twice at once would otherwise create its new rows twice.
   */
  async importAppliances(
    foyerId: FoyerId,
    body: Uint8Array,
    actorId: UserId,
    onProgress?: (progress: InventoryImportProgress) => void | Promise<void>,
  ): Promise<Buffer> {
    const phase = (etape: InventoryImportProgress['etape']): OnProgress | undefined =>
      onProgress && ((fait, total) => onProgress({ etape, fait, total }));
    let stamp: string | null = null;
    let universes: Awaited<ReturnType<UniversesService['list']>> = [];
    const bytes = ownBytes(body);
    const done = await this.deps.jobs.run<ImportJobResult>(
      'modules/inventory-csv/inventory-import#importJob',
      { body: bytes },
      {
        timeMs: this.deps.timeoutMs,
        onEvent: (p: InventoryImportProgress) => onProgress?.(p),
        transfer: [bytes.buffer as ArrayBuffer],
        // Read before what the plan is made from: a change after it, even during the plan, is seen.
        answer: async ({ apply }: ImportInventoryRequest) => {
          stamp = apply ? await inventoryStamp(this.deps.db, foyerId) : null;
          const [products, existing, listed] = await Promise.all([
            this.deps.references.products(),
            this.deps.appliances.inventoryJson(foyerId, IMPORT_FACTS),
            this.deps.universes.list(foyerId),
          ]);
          universes = listed;
          const inventory = ownBytes(existing);
          const value: ImportInventory = {
            products: products.map(({ id, prodName }) => ({ id, prodName })),
            existing: inventory,
            universes: listed.filter((u) => u.univer_id > 0).map((u) => foldFr(u.name).trim()),
          };
          return { value, transfer: [inventory.buffer as ArrayBuffer] };
        },
      },
    );
    const answer = Buffer.from(done.answer.buffer, done.answer.byteOffset, done.answer.byteLength);
    if (!done.apply || done.writes === null) return answer;
    const writes = JSON.parse(done.writes) as ImportWrite[];
    const own = new Map(universes.filter((u) => u.univer_id > 0).map((u) => [foldFr(u.name).trim(), u.univer_id]));
    const reference = new Map(universes.filter((u) => u.univer_id < 0).map((u) => [foldFr(u.name).trim(), u.refuniver_id ?? null]));
    await inTransaction(this.deps.db, async (unit) => {
      await holdLock(unit.tx, 'imports', foyerId);
      if ((await inventoryStamp(unit.tx, foyerId)) !== stamp) throw conflict(MSG.importInventoryChanged, 'INVENTORY_CHANGED');
      // Through the forms' own service methods, in this transaction: the same rules as a universe or an appliance typed in.
      const ids = new Map(own);
      for (const name of done.newUniverses) {
        const created = await this.deps.universes.create(
          foyerId,
          { name, description: '', refUniverId: reference.get(foldFr(name).trim()) ?? null },
          unit,
        );
        ids.set(foldFr(name).trim(), created.univer_id);
      }
      const tick = progressSteps(writes.length, phase('ecriture'));
      await tick(0);
      for (const [i, write] of writes.entries()) {
        const universeId = write.universe ? (ids.get(foldFr(write.universe).trim()) ?? null) : null;
        if (write.id === null) await this.deps.appliances.add(foyerId, universeId, write.input, null, actorId, unit);
        else await this.deps.appliances.change(foyerId, write.id, { ...write.input, univer_id: universeId }, unit);
        await tick(i + 1);
      }
    });
    return answer;
  }

  /** The file's name, dated in Paris: « ecofoyer-appareils-2026-11-26.csv ». */
  fileName(what: 'appareils' | 'entretiens'): string {
    return `ecofoyer-${what}-${parisDay(this.deps.clock.now())}.csv`;
  }

  async appliances(foyerId: FoyerId): Promise<string> {
    const rows = (await this.deps.rights.forHousehold(foyerId)).map(({ appliance: a, rights }) => [
      cell(a.univer_name),
      cell(a.prod_name),
      cell(a.name),
      cell(a.marque),
      cell(a.modele),
      cell(a.numero_serie),
      csvDateFr(a.dt_achat),
      csvDateFr(a.dt_livraison),
      csvEuros(a.prix_achat),
      cell(a.vendeur),
      a.occasion ? 'oui' : 'non',
      cell(a.classenergie),
      csvDateFr(rights.legale?.fin ?? null),
      csvDateFr(a.garantie_commerciale_fin),
      cell(a.note),
      cell(a.panne_note),
      [a.pict ? 'Photo' : null, a.facture ? 'Facture' : null, a.notice ? 'Notice' : null].filter(Boolean).join(', '),
      `${this.deps.appUrl}/inventaire/univers/appliance/fichedetail?id=${a.id}`,
    ]);
    return csv([[...INVENTORY_CSV_COLUMNS], ...rows]);
  }

  async maintenance(foyerId: FoyerId): Promise<string> {
    const events = (await this.deps.events.list(foyerId)).toSorted(
      (a, b) => a.dt_realisation.localeCompare(b.dt_realisation) || a.id - b.id,
    );
    const row = (e: Event) => [
      dateTimeFr(e.dt_realisation),
      cell(e.applianceName),
      cell(e.maintenanceCard?.title ?? e.title),
      e.type === 'PANNE' ? 'Panne' : 'Entretien',
      e.status === 'DONE' ? 'Fait' : 'Prévu',
      e.status === 'DONE' && e.done_at ? dateTimeFr(e.done_at) : '',
      cell(e.note),
    ];
    return csv([[...MAINTENANCE_CSV_COLUMNS], ...events.map(row)]);
  }
}
