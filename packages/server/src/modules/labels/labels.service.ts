import type { FoyerId } from '../../lib/ids.ts';
import { randomInt } from 'node:crypto';
import {
  API_MSG,
  LABEL_CODE_ALPHABET,
  LABEL_CODE_LENGTH,
  LABEL_CODE_PATTERN,
  type Label,
  type LabelSheet,
  type LabelTarget,
  labelPath,
  parisDay,
} from '@ecofoyer/contracts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import type { AppliancesService } from '../appliances/appliances.service.ts';
import type { JobPool } from '../../lib/job-pool.ts';
import type { SheetLabel } from './label-sheet-pdf.ts';
import type { LabelRow, LabelsRepository } from './labels.repository.ts';

/** At most this many labels in one PDF (LabelsCreate's limit): 24 pages of L7160. */
const PDF_MAX = 500;

/** 10 characters of the label alphabet, each drawn by the system's CSPRNG (50 bits). */
export function newLabelCode(): string {
  let code = '';
  for (let i = 0; i < LABEL_CODE_LENGTH; i++) code += LABEL_CODE_ALPHABET[randomInt(LABEL_CODE_ALPHABET.length)];
  return code;
}

/** The QR labels of the household's appliances, each opening `APP_URL/a/{code}`. */
export class LabelsService {
  constructor(
    private readonly repo: LabelsRepository,
    // The config itself, read at each call: its APP_URL is the address the labels open (the e2e
    // server learns its port only after the services are built).
    private readonly deps: {
      appliances: AppliancesService;
      clock: Clock;
      config: { appUrl: string; jobs: { timeoutMs: number } };
      jobs: JobPool;
    },
  ) {}

  /** The names of the household's appliances still in its inventory, by id, in the inventory's order. */
  private async names(foyerId: FoyerId): Promise<Map<number, string>> {
    return new Map((await this.deps.appliances.list(foyerId)).map((a) => [a.id, a.name]));
  }

  private toLabel(row: LabelRow, nom: string): Label {
    return {
      code: row.code,
      applianceId: row.appliance_id,
      nom,
      url: `${this.deps.config.appUrl}${labelPath(row.code)}`,
      creeLe: row.created_at.toISOString(),
    };
  }

  /** The labels in use of the household's appliances, in the inventory's order. */
  async list(foyerId: FoyerId): Promise<Label[]> {
    const names = await this.names(foyerId);
    const rows = new Map((await this.repo.active([...names.keys()])).map((r) => [r.appliance_id, r]));
    return [...names].flatMap(([id, nom]) => (rows.has(id) ? [this.toLabel(rows.get(id)!, nom)] : []));
  }

  /**
   * A label for each appliance named that has none in use; one that has keeps it (printing the sheet
   * again gives the same codes). An appliance not in the household's inventory refuses the whole
   * request, before anything is written. The answer follows the order asked.
   */
  async create(foyerId: FoyerId, applianceIds: readonly number[]): Promise<Label[]> {
    const names = await this.names(foyerId);
    const ids = [...new Set(applianceIds)];
    if (ids.some((id) => !names.has(id))) throw badRequest(API_MSG.labelApplianceUnknown, 'LABEL_APPLIANCE_UNKNOWN');
    const existing = new Set((await this.repo.active(ids)).map((r) => r.appliance_id));
    const now = this.deps.clock.now();
    await this.repo.insert(
      ids.filter((id) => !existing.has(id)).map((id) => ({ code: newLabelCode(), appliance_id: id, created_at: now })),
    );
    // Read again: a label another request made meanwhile is the one kept (repository's insert).
    const rows = new Map((await this.repo.active(ids)).map((r) => [r.appliance_id, r]));
    return ids.map((id) => this.toLabel(rows.get(id)!, names.get(id)!));
  }

  /** The label stops opening its appliance (410); the appliance can get a new one. */
  async revoke(foyerId: FoyerId, code: string): Promise<void> {
    const row = LABEL_CODE_PATTERN.test(code) ? await this.repo.find(code) : undefined;
    if (!row || (await this.deps.appliances.householdOf(row.appliance_id)) !== foyerId)
      throw notFound(API_MSG.labelUnknown, 'LABEL_UNKNOWN');
    // Revoking it again changes nothing.
    if (!row.revoked_at) await this.repo.revoke(code, this.deps.clock.now());
  }

  /**
   * What a scanned label opens, for a member of the foyer that holds the appliance (any role). A
   * revoked label, or one whose appliance left the inventory (given, sold, recycled), is gone (410);
   * the appliance of another foyer is not shown (403), and its name is not told.
   */
  async resolve(foyerId: FoyerId, code: string): Promise<LabelTarget> {
    const row = LABEL_CODE_PATTERN.test(code) ? await this.repo.find(code) : undefined;
    if (!row) throw notFound(API_MSG.labelUnknown, 'LABEL_UNKNOWN');
    const household = row.revoked_at ? null : await this.deps.appliances.householdOf(row.appliance_id);
    if (household === null) throw new HttpError(410, 'LABEL_REVOKED', API_MSG.labelRevoked);
    if (household !== foyerId) throw forbidden(API_MSG.labelOtherFoyer, 'LABEL_OTHER_FOYER');
    return { applianceId: row.appliance_id };
  }

  /** The file's name, dated in Paris: « ecofoyer-etiquettes-2026-11-26.pdf ». */
  fileName(): string {
    return `ecofoyer-etiquettes-${parisDay(this.deps.clock.now())}.pdf`;
  }

  /** The sheet of these appliances' labels, in the order given; each must have one in use (400). */
  async pdf(foyerId: FoyerId, sheet: LabelSheet, applianceIds: readonly number[]): Promise<Buffer> {
    if (applianceIds.length > PDF_MAX) throw badRequest();
    const labels = new Map((await this.list(foyerId)).map((l) => [l.applianceId, l]));
    if (applianceIds.some((id) => !labels.has(id))) throw badRequest(API_MSG.labelNotCreated, 'LABEL_NOT_CREATED');
    const sheetLabels = applianceIds.map(
      (id): SheetLabel => ({ nom: labels.get(id)!.nom, code: labels.get(id)!.code, url: labels.get(id)!.url }),
    );
    const input = { labels: sheetLabels, sheet, info: { title: 'Étiquettes QR EcoFoyer', createdAt: this.deps.clock.now() } };
    // Laid out on the job pool's thread: the event loop keeps answering meanwhile.
    return this.deps.jobs.run<Buffer>('modules/labels/label-sheet-pdf#labelSheetJob', input, { timeMs: this.deps.config.jobs.timeoutMs });
  }
}
