import { randomUUID } from 'node:crypto';
import { asFoyerId, asUserId, type FoyerId, type UserId } from '../../lib/ids.ts';
import {
  csvDateFr,
  csvEuros,
  type Event,
  eventStateLabel,
  INVENTORY_CSV_COLUMNS,
  type InventoryImportAnswer,
  type InventoryImportLast,
  type InventoryImportProgress,
  MAINTENANCE_CSV_COLUMNS,
  MSG,
  foldFr,
  parisDay,
} from '@ecofoyer/contracts';
import { holdLock } from '../../lib/advisory-locks.ts';
import type { FastifyBaseLogger } from 'fastify';
import { conflict, HttpError } from '../../lib/errors.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import { inventoryStamp } from '../../read-models/inventory-stamp.ts';

const csvStringify = lazyModule(() => import('csv-stringify/sync'));
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobRunner } from '../../lib/job-runner.ts';
import { progressSteps } from '../../lib/progress.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppliancesService } from '../appliances/appliances.service.ts';
import type { ReferencesService } from '../references/references.service.ts';
import type { UniversesService } from '../universes/universes.service.ts';
import {
  IMPORT_FACTS,
  type ImportInventory,
  type ImportInventoryRequest,
  type ImportJobResult,
  type ImportRequest,
  type ImportWrite,
} from './inventory-import.ts';
import type { InventoryCsvRepository } from './inventory-csv.repository.ts';
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

/** The job runner's kind (decision 028), and what it carries: the import's row holds the rest. */
const IMPORT_JOB = 'inventory.import';
type ImportJob = { id: string };
/** How often a request waiting for an import another replica runs reads where it is (this process's job tells it at once). */
const POLL_MS = 500;
/** An import's answer no request took (its client was gone) is kept this long. */
const ANSWER_KEPT_MS = 24 * 3_600_000;

/**
 * What this process's job of one import tells the request waiting for it, in order: its progress,
 * then `null` once it has ended (its outcome is in its row).
 */
class ImportInbox {
  private readonly events: (InventoryImportProgress | null)[] = [];
  private wake: (() => void) | null = null;
  /** The job runs in this process: it tells every step. */
  heard = false;

  push(event: InventoryImportProgress | null): void {
    this.heard = true;
    this.events.push(event);
    this.wake?.();
  }

  /** What was told since the last call; when nothing was, waits for the next event (at most `ms`). */
  async next(ms?: number): Promise<(InventoryImportProgress | null)[]> {
    if (this.events.length === 0) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        if (ms !== undefined) timer = setTimeout(resolve, ms);
      });
      clearTimeout(timer);
      this.wake = null;
    }
    return this.events.splice(0);
  }
}

/** CSV files of the household: its appliances and its maintenance history exported, appliances imported. */
export class InventoryCsvService {
  /** The requests of this process waiting for their import, by import. */
  private readonly inboxes = new Map<string, ImportInbox>();

  constructor(
    private readonly repo: InventoryCsvRepository,
    private readonly deps: {
      db: Db;
      rights: RightsService;
      events: EventsService;
      appliances: AppliancesService;
      universes: UniversesService;
      references: ReferencesService;
      clock: Clock;
      log: FastifyBaseLogger;
      appUrl: string;
      jobs: JobPool;
      runner: JobRunner;
      /** A file's reading and plan, at most (JOB_TIMEOUT_MS). */
      timeoutMs: number;
    },
  ) {
    // One attempt: a file refused, an inventory changed or a row the database refuses would be so
    // again, and the person waits for the outcome. A process killed mid-import is no attempt that
    // failed: its job is taken again (its lease ends; on PGlite, at once at the restart).
    deps.runner.define<ImportJob>(IMPORT_JOB, { maxAttempts: 1, run: ({ id }) => this.runImport(id) });
  }

  /**
   * An appliances CSV (EcoFoyer's export, or a file with its columns) read row by row:
   * what each row does — created, updated, left as it is, refused and why — and, when the request
   * says `appliquer`, done in one transaction (all rows or none). Universes named and missing are
   * created with them. `body` is the request's JSON as the client sent it (`InventoryImportBody`):
   * it is parsed and checked on the job pool's thread (lib/job-pool.ts), and so is the file; the
   * answer comes back serialised (`InventoryImportAnswer` as UTF-8 JSON). `onProgress` hears of each
   * phase as it goes (reading, checking, writing), once the file's header is known to be good: a
   * 400 comes before any progress.
   *
   * The preview is this request's own work. An import that writes is a job of the runner (decision
   * 028): the file is kept in the import's row, any replica's worker runs it — again after a
   * process killed mid-import, never twice — and this request follows it and answers its outcome.
   */
  async importAppliances(
    foyerId: FoyerId,
    body: Uint8Array,
    actorId: UserId,
    onProgress?: (progress: InventoryImportProgress) => void | Promise<void>,
  ): Promise<Buffer> {
    const bytes = ownBytes(body);
    const request = await this.deps.jobs.run<ImportRequest>(
      'modules/inventory-csv/inventory-import#importRequestJob',
      { body: bytes },
      { timeMs: this.deps.timeoutMs, transfer: [bytes.buffer as ArrayBuffer] },
    );
    if (!request.apply) return (await this.plan(foyerId, request, onProgress)).answer;
    const id = randomUUID();
    // Listening before the job exists: its first step is heard.
    const inbox = new ImportInbox();
    this.inboxes.set(id, inbox);
    try {
      const job = await inTransaction(this.deps.db, async (unit) => {
        await this.repo.in(unit.tx).insert({ id, foyerId, requestedBy: actorId, file: request.file, at: this.deps.clock.now() });
        return this.deps.runner.enqueue<ImportJob>(IMPORT_JOB, { id }, { unit });
      });
      // A process whose workers do not run (a test app) runs the job it waits for itself.
      if (!this.deps.runner.started && job)
        this.deps.runner.runNow(job).catch((err: unknown) => this.deps.log.error({ err, import: id }, 'import job not taken'));
      return await this.follow(id, inbox, onProgress);
    } finally {
      this.inboxes.delete(id);
    }
  }

  /**
   * The outcome of the import `id`, its progress told as it goes: this process's job tells each
   * step; another replica's is read from its row every POLL_MS. Its answer once done; its error (the
   * 400, 409 or failure it ended with) once failed.
   */
  private async follow(
    id: string,
    inbox: ImportInbox,
    onProgress?: (progress: InventoryImportProgress) => void | Promise<void>,
  ): Promise<Buffer> {
    let said = '';
    let ended = false;
    const hear = async (events: (InventoryImportProgress | null)[]) => {
      for (const event of events) {
        if (event === null) {
          ended = true;
          continue;
        }
        // The same step read twice from the row is told once.
        const key = `${event.etape} ${event.fait} ${event.total}`;
        if (key === said) continue;
        said = key;
        await onProgress?.(event);
      }
    };
    for (;;) {
      // Run here: its steps, until it ends (on PGlite a read would wait for the import's transaction).
      while (inbox.heard && !ended) await hear(await inbox.next());
      const state = await this.repo.state(id);
      if (!state) throw new Error(`import ${id}: its row is gone`);
      if (state.status === 'fait') {
        const answer = await this.repo.takeAnswer(id);
        if (!answer) throw new Error(`import ${id}: its answer is gone`);
        return Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
      }
      if (state.status === 'echec')
        throw new HttpError(state.error_status ?? 500, state.error_code ?? 'IMPORT_FAILED', state.error_message ?? MSG.importFailed);
      // Ended here without saying how (its outcome could not be written): failed.
      if (ended) throw new HttpError(500, 'IMPORT_FAILED', MSG.importFailed);
      if (!inbox.heard && state.step && state.done !== null && state.total !== null)
        await hear([{ etape: state.step, fait: state.done, total: state.total }]);
      await hear(await inbox.next(POLL_MS));
    }
  }

  /**
   * The runner's job: the import `id` read, planned and written. Done already (the process that
   * wrote it died before its job was marked done), it is not written again: the transaction that
   * writes the rows also marks the import done. What ended it — a file refused, an inventory changed
   * since the plan (409), a failure — is kept in its row for the request and the household's page.
   */
  private async runImport(id: string): Promise<void> {
    const tell = (event: InventoryImportProgress | null) => this.inboxes.get(id)?.push(event);
    try {
      const row = await this.repo.toRun(id);
      if (row?.status !== 'en_cours' || !row.file) return;
      const saved = this.progressSaver(id);
      try {
        await this.apply(id, asFoyerId(row.foyer_id), asUserId(row.requested_by), row.file, (progress) => {
          tell(progress);
          saved.save(progress);
        });
      } catch (error) {
        const known = error instanceof HttpError;
        const outcome = known
          ? { status: error.statusCode, code: error.code, message: error.message }
          : { status: 500, code: 'IMPORT_FAILED', message: MSG.importFailed };
        await this.repo.fail(id, outcome, this.deps.clock.now());
        // The runner logs what was not expected, and keeps it as the job's last error.
        if (!known) throw error;
      } finally {
        await saved.idle();
      }
    } finally {
      tell(null);
    }
  }

  /**
   * The import's progress written to its row, for a request or a page served by another replica: the
   * latest step only, one write at a time, never awaited by the job (on PGlite a write waits for the
   * import's own transaction to end).
   */
  private progressSaver(id: string) {
    let latest: InventoryImportProgress | null = null;
    let writing: Promise<void> | null = null;
    const flush = async () => {
      while (latest) {
        const progress = latest;
        latest = null;
        await this.repo
          .progress(id, progress, this.deps.clock.now())
          .catch((err: unknown) => this.deps.log.warn({ err, import: id }, 'import progress not saved'));
      }
      writing = null;
    };
    return {
      save(progress: InventoryImportProgress) {
        latest = progress;
        writing ??= flush();
      },
      idle: () => writing ?? Promise.resolve(),
    };
  }

  /**
   * The file read and planned on the job pool's thread, against the inventory as it is now (to apply:
   * read after its stamp, so that a change after it, even during the plan, is seen).
   */
  private async plan(foyerId: FoyerId, request: ImportRequest, onProgress?: (progress: InventoryImportProgress) => void | Promise<void>) {
    let stamp: string | null = null;
    let universes: Awaited<ReturnType<UniversesService['list']>> = [];
    const file = ownBytes(request.file);
    const done = await this.deps.jobs.run<ImportJobResult>(
      'modules/inventory-csv/inventory-import#importJob',
      { apply: request.apply, file } satisfies ImportRequest,
      {
        timeMs: this.deps.timeoutMs,
        onEvent: (p: InventoryImportProgress) => onProgress?.(p),
        transfer: [file.buffer as ArrayBuffer],
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
    return { done, stamp, universes, answer: Buffer.from(done.answer.buffer, done.answer.byteOffset, done.answer.byteLength) };
  }

  /**
   * The import `id` planned, then written in one transaction (all rows or none) that marks it done:
   * two imports at once (two tabs, two members) write one after the other; one planned on an
   * inventory that has changed since writes nothing (409) — the same file imported twice at once
   * would otherwise create its new rows twice.
   */
  private async apply(
    id: string,
    foyerId: FoyerId,
    actorId: UserId,
    file: Uint8Array,
    onProgress: (progress: InventoryImportProgress) => void,
  ): Promise<void> {
    const { done, stamp, universes, answer } = await this.plan(foyerId, { apply: true, file }, onProgress);
    const writes = done.writes === null ? [] : (JSON.parse(done.writes) as ImportWrite[]);
    const parsed = JSON.parse(answer.toString('utf8')) as Pick<InventoryImportAnswer, 'crees' | 'misAJour'>;
    const own = new Map(universes.filter((u) => u.univer_id > 0).map((u) => [foldFr(u.name).trim(), u.univer_id]));
    const reference = new Map(universes.filter((u) => u.univer_id < 0).map((u) => [foldFr(u.name).trim(), u.refuniver_id ?? null]));
    await inTransaction(this.deps.db, async (unit) => {
      await holdLock(unit.tx, 'imports', foyerId);
      const repo = this.repo.in(unit.tx);
      // Written already by a worker that lost its lease meanwhile: nothing twice.
      if (!(await repo.stillToWrite(id))) return;
      // A file with nothing to write (imported already) writes nothing, whatever changed meanwhile.
      const writing = writes.length > 0 || done.newUniverses.length > 0;
      if (writing && (await inventoryStamp(unit.tx, foyerId)) !== stamp) throw conflict(MSG.importInventoryChanged, 'INVENTORY_CHANGED');
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
      if (writes.length > 0) {
        const tick = progressSteps(writes.length, (fait, total) => onProgress({ etape: 'ecriture', fait, total }));
        await tick(0);
        for (const [i, write] of writes.entries()) {
          const universeId = write.universe ? (ids.get(foldFr(write.universe).trim()) ?? null) : null;
          if (write.id === null) await this.deps.appliances.add(foyerId, universeId, write.input, null, actorId, unit);
          else await this.deps.appliances.change(foyerId, write.id, { ...write.input, univer_id: universeId }, unit);
          await tick(i + 1);
        }
      }
      await repo.finish(id, { answer, created: parsed.crees, updated: parsed.misAJour }, this.deps.clock.now());
    });
  }

  /** GET …/import/appareils/dernier: the household's last import that writes, or null when it never imported. */
  async lastImport(foyerId: FoyerId): Promise<InventoryImportLast | null> {
    const row = await this.repo.last(foyerId);
    if (!row) return null;
    return {
      etat: row.status,
      debut: row.created_at.toISOString(),
      fin: row.finished_at?.toISOString() ?? null,
      ...(row.status === 'en_cours' && row.step && row.done !== null && row.total !== null
        ? { etape: row.step, fait: row.done, total: row.total }
        : {}),
      ...(row.status === 'fait' ? { resultat: { crees: row.created ?? 0, misAJour: row.updated ?? 0 } } : {}),
      ...(row.status === 'echec' ? { erreur: { message: row.error_message ?? MSG.importFailed } } : {}),
    };
  }

  /** The hourly purge: answers no request took. */
  purge(): Promise<number> {
    return this.repo.forgetAnswers(new Date(this.deps.clock.now().getTime() - ANSWER_KEPT_MS));
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
      eventStateLabel(e),
      e.status === 'DONE' && e.done_at ? dateTimeFr(e.done_at) : '',
      cell(e.note),
    ];
    return csv([[...MAINTENANCE_CSV_COLUMNS], ...events.map(row)]);
  }
}
