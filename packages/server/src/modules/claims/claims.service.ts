import {
  CLAIM_MSG,
  addDays,
  CLAIM_ANSWER_DAYS,
  CLAIM_OUTCOME_LABELS,
  CLAIM_REMINDER_DAYS,
  type Claim,
  type ClaimCreate,
  type ClaimOutcome,
  type ClaimRouteKind,
  type ClaimStepCreate,
  type ClaimStepKind,
  claimDeadline,
  dayFr,
  parisDay,
  REMINDER,
} from '@ecofoyer/contracts';
import type { Db } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.ts';
import { asFoyerId, type FoyerId, type UserId } from '../../lib/ids.ts';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work.ts';
import type { AppliancesService } from '../appliances/appliances.service.ts';
import type { EventsService } from '../events/events.service.ts';
import type { FileService } from '../files/files.service.ts';
import type { FoyerService } from '../foyer/foyer.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { ClaimAttachmentRow, ClaimJoined, ClaimStepJoined, ClaimsRepository } from './claims.repository.ts';

/** The routes where the request goes to the seller: the appliance's seller is the one asked unless another is named. */
const TO_THE_SELLER: ReadonlySet<ClaimRouteKind> = new Set(['garantie-legale', 'garantie-commerciale']);
/** A breakdown's title as the assistant writes it (« Panne : … »), within the events' 120 characters. */
const breakdownTitle = (defaut: string) => `Panne\u00a0: ${defaut}`.slice(0, 120);
/** The longest name kept of a document (as its browser named it). */
const NAME_MAX = 200;

/** Rows by their claim, in their order (Map.groupBy is Node 21's). */
function groupBy<R extends { claim_id: number }>(rows: R[]): Map<number, R[]> {
  const out = new Map<number, R[]>();
  for (const row of rows) {
    const list = out.get(row.claim_id);
    if (list) list.push(row);
    else out.set(row.claim_id, [row]);
  }
  return out;
}

/** A step's day must be a real day of the calendar, not after today in Paris (the form's « JJ/MM/AAAA »). */
function checkDay(day: string, today: string): void {
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day || day > today)
    throw new HttpError(400, 'VALIDATION', CLAIM_MSG.claimDateInvalid, [{ path: 'body.date', message: CLAIM_MSG.claimDateInvalid }]);
}

/** A document's name as shown: its last path segment, without control characters, cut to NAME_MAX. */
function documentName(filename: string | null, mime: string): string {
  const last = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const base = [...last]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim();
  if (base) return base.slice(0, NAME_MAX);
  return mime === 'application/pdf' ? 'Document.pdf' : 'Photo';
}

/**
 * « Ma démarche »: a claim about a breakdown, followed to its end — its steps with their days, the
 * documents kept with it, the day an answer is due (contracts' `claimDeadline`) and, at its end, what
 * it changed on the breakdown (repaired or replaced under the legal guarantee moves the guarantee).
 */
export class ClaimsService {
  private lastReminders = 0;
  private reminding: Promise<NotificationRow[]> | null = null;

  constructor(
    private readonly repo: ClaimsRepository,
    private readonly deps: {
      db: Db;
      appliances: AppliancesService;
      events: EventsService;
      files: FileService;
      notifications: NotificationsService;
      foyer: Pick<FoyerService, 'assignableIds'>;
      clock: Clock;
    },
  ) {}

  private toDtos(rows: ClaimJoined[], steps: ClaimStepJoined[], attachments: ClaimAttachmentRow[]): Claim[] {
    const stepsOf = groupBy(steps);
    const attachmentsOf = groupBy(attachments);
    return rows.map((row) => {
      const etapes = (stepsOf.get(row.id) ?? []).map((s) => ({
        id: s.id,
        type: s.type,
        date: s.date,
        note: s.note,
        issue: s.issue,
        auteur: s.author_name,
      }));
      return {
        id: row.id,
        applianceId: row.appliance_id,
        applianceName: row.appliance_name,
        eventId: row.event_id,
        voie: row.voie,
        destinataire: row.destinataire,
        defaut: row.defaut,
        statut: row.statut,
        issue: row.issue,
        creeLe: row.created_at.toISOString(),
        echeance: claimDeadline({ voie: row.voie, etapes }),
        etapes,
        pieces: (attachmentsOf.get(row.id) ?? []).map((a) => ({
          id: a.id,
          nom: a.name,
          fileUrl: this.deps.files.url(a.file_key),
          ajouteLe: a.created_at.toISOString(),
        })),
      };
    });
  }

  private async withDetails(rows: ClaimJoined[]): Promise<Claim[]> {
    const ids = rows.map((r) => r.id);
    const [steps, attachments] = await Promise.all([this.repo.steps(ids), this.repo.attachments(ids)]);
    return this.toDtos(rows, steps, attachments);
  }

  /** GET …/demarches: newest first; `applianceId` (one of the household's, else 404): that appliance's. */
  async list(foyerId: FoyerId, applianceId?: number): Promise<Claim[]> {
    if (applianceId !== undefined) await this.deps.appliances.get(foyerId, applianceId);
    return this.withDetails(await this.repo.list(foyerId, applianceId));
  }

  async get(foyerId: FoyerId, id: number): Promise<Claim> {
    const row = await this.repo.find(foyerId, id);
    if (!row) throw notFound(CLAIM_MSG.claimNotFound, 'CLAIM_NOT_FOUND');
    const [claim] = await this.withDetails([row]);
    return claim!;
  }

  /**
   * POST …/demarches: a claim about a breakdown of one of the household's appliances — the PANNE
   * event given (of that appliance, else 400), or one recorded now from the defect, in the claim's
   * transaction. Addressed to the appliance's seller when the route asks the seller and nobody else
   * is named. It starts « préparée »: nothing is sent until the household says so.
   */
  async create(foyerId: FoyerId, input: ClaimCreate, actorId: UserId): Promise<Claim> {
    const appliance = await this.deps.appliances.get(foyerId, input.applianceId);
    if (input.eventId) {
      const event = await this.deps.events.get(foyerId, input.eventId).catch((error: unknown) => {
        // Another household's event, or none: the same refusal as an event of another appliance.
        if (error instanceof HttpError && error.statusCode === 404) return null;
        throw error;
      });
      if (event?.type !== 'PANNE' || event.applianceId !== appliance.id)
        throw badRequest(CLAIM_MSG.claimEventMismatch, 'CLAIM_EVENT_MISMATCH');
    }
    const destinataire = input.destinataire ?? (TO_THE_SELLER.has(input.voie) ? appliance.vendeur?.trim() || null : null);
    const now = this.deps.clock.now();
    const id = await inTransaction(this.deps.db, async (unit) => {
      const eventId =
        input.eventId ??
        (await this.deps.events.recordBreakdown(
          foyerId,
          { applianceId: appliance.id, title: breakdownTitle(input.defaut), note: null },
          actorId,
          unit,
        ));
      return this.repo.in(unit.tx).insert({
        foyer_id: foyerId,
        appliance_id: appliance.id,
        event_id: eventId,
        voie: input.voie,
        destinataire,
        defaut: input.defaut,
        statut: 'preparee',
        issue: null,
        created_by: actorId,
        created_at: now,
        updated_at: now,
      });
    });
    return this.get(foyerId, id);
  }

  /**
   * POST …/demarches/{id}/etapes: a step on a day no later than today (Paris). `envoyee` marks a
   * prepared claim sent; `issue` ends it and writes its outcome on the breakdown in the same
   * transaction. The claim's row is locked first: of two steps ending it at once, one ends it and
   * the other finds it over (409), as any step after its end.
   */
  async addStep(foyerId: FoyerId, id: number, input: ClaimStepCreate, actorId: UserId): Promise<Claim> {
    const now = this.deps.clock.now();
    checkDay(input.date, parisDay(now));
    await inTransaction(this.deps.db, async (unit) => {
      const repo = this.repo.in(unit.tx);
      const claim = await repo.lock(foyerId, id);
      if (!claim) throw notFound(CLAIM_MSG.claimNotFound, 'CLAIM_NOT_FOUND');
      if (claim.statut === 'terminee') throw conflict(CLAIM_MSG.claimClosed, 'CLAIM_CLOSED');
      const issue = input.type === 'issue' ? (input.issue ?? null) : null;
      await repo.insertStep({
        claim_id: id,
        foyer_id: foyerId,
        type: input.type,
        date: input.date,
        note: input.note ?? null,
        issue,
        author_id: actorId,
        created_at: now,
      });
      const statut = issue ? 'terminee' : input.type === 'envoyee' && claim.statut === 'preparee' ? 'envoyee' : claim.statut;
      await repo.update(foyerId, id, { statut, issue, updated_at: now });
      if (issue) await this.writeOutcome(foyerId, claim, issue, input.date, unit);
    });
    // A step moves the claim's deadline (a request noted late is already past its 30 days): the next
    // tick looks at the claims again rather than an hour after its last pass.
    this.lastReminders = 0;
    return this.get(foyerId, id);
  }

  /**
   * The claim's outcome on its breakdown: repaired, replaced or refunded, it is done on that day (its
   * note says how); under the legal guarantee a repair adds six months and a replacement starts two new
   * years (article L217-13), which « Mes droits » computes from the breakdown. A refusal changes nothing.
   * The events' change moves the household's data version: the cached answers (the home's guarantees) are computed again.
   */
  private async writeOutcome(
    foyerId: FoyerId,
    claim: { voie: ClaimRouteKind; event_id: number },
    outcome: ClaimOutcome,
    day: string,
    unit: UnitOfWork,
  ): Promise<void> {
    if (outcome === 'refusee') return;
    const legal = claim.voie === 'garantie-legale';
    await this.deps.events.recordOutcome(
      foyerId,
      claim.event_id,
      {
        // Noon in Paris is that day whatever the season (the list shows the day it was done).
        doneAt: new Date(`${day}T11:00:00Z`),
        sous_garantie: legal && outcome === 'reparee',
        remplace: legal && outcome === 'remplacee',
        note: `${CLAIM_OUTCOME_LABELS[outcome]} le ${dayFr(day)} (démarche terminée).`,
      },
      unit,
    );
  }

  /** DELETE …/demarches/{id}: the claim, its steps and documents; the breakdown stays in the history. */
  async delete(foyerId: FoyerId, id: number): Promise<void> {
    const keys = await this.repo.delete(foyerId, id);
    if (keys === null) throw notFound(CLAIM_MSG.claimNotFound, 'CLAIM_NOT_FOUND');
    await Promise.all(keys.map((k) => this.deps.files.remove(k)));
  }

  /**
   * POST …/demarches/{id}/pieces: a document kept with the claim — checked and stored as an
   * appliance's invoice is (PDF, JPEG or PNG by its content, 10 MB): a refused file leaves nothing;
   * a file stored whose row could not be written is removed again.
   */
  async attach(foyerId: FoyerId, id: number, file: { buffer: Buffer; filename: string | null }): Promise<Claim> {
    if (!(await this.repo.find(foyerId, id))) throw notFound(CLAIM_MSG.claimNotFound, 'CLAIM_NOT_FOUND');
    try {
      await this.deps.files.withStored(foyerId, file.buffer, 'invoice', async (stored) => {
        await this.repo.insertAttachment({
          claim_id: id,
          foyer_id: foyerId,
          file_key: stored!.key,
          name: documentName(file.filename, stored!.mime),
          mime: stored!.mime,
          size: file.buffer.length,
          created_at: this.deps.clock.now(),
        });
      });
    } catch (error) {
      // The invoice's checks, said of what the household sends here: an answer, a quote, an invoice.
      if (error instanceof HttpError && error.code === 'UNSUPPORTED_FILE_TYPE')
        throw new HttpError(415, error.code, CLAIM_MSG.fileNotClaimDocument);
      throw error;
    }
    return this.get(foyerId, id);
  }

  /** DELETE …/demarches/{id}/pieces/{pieceId}: the document and its file. */
  async detach(foyerId: FoyerId, id: number, attachmentId: number): Promise<void> {
    const key = await this.repo.deleteAttachment(foyerId, id, attachmentId);
    if (key === null) throw notFound(CLAIM_MSG.claimNotFound, 'CLAIM_NOT_FOUND');
    await this.deps.files.remove(key);
  }

  /** The files of an appliance's claims' documents, which go with the appliance (AppliancesService.onDelete). */
  applianceFileKeys(foyerId: FoyerId, applianceId: number): Promise<string[]> {
    return this.repo.applianceFileKeys(foyerId, applianceId);
  }

  /**
   * The reminders of the claims left unanswered: once the day an answer was due has passed with
   * none, each member who looks after the household's appliances (not a lecteur) is told once per
   * claim and due day — a reminder sent moves the day, and a new wait is told again. Run by the
   * notifications' tick, at most once an hour (a day late is no harm, a scan every minute would be).
   */
  async remind(): Promise<NotificationRow[]> {
    // A pass already running (another tick of this process): wait for it rather than return before its reminders exist.
    if (this.reminding) {
      await this.reminding.catch(() => undefined);
      return [];
    }
    const now = this.deps.clock.now();
    // Within an hour either way: a clock set back (a test, a corrected server time) must not silence them for days.
    if (Math.abs(now.getTime() - this.lastReminders) < 3_600_000) return [];
    this.lastReminders = now.getTime();
    this.reminding = this.remindAll(parisDay(now));
    try {
      return await this.reminding;
    } finally {
      this.reminding = null;
    }
  }

  private async remindAll(today: string): Promise<NotificationRow[]> {
    const waiting = await this.repo.awaitingAnswer();
    const steps = groupBy(await this.repo.steps(waiting.map((c) => c.id)));
    const members = new Map<FoyerId, number[]>();
    const created: NotificationRow[] = [];
    for (const claim of waiting) {
      const etapes = (steps.get(claim.id) ?? []).map((s) => ({ type: s.type as ClaimStepKind, date: s.date }));
      const due = claimDeadline({ voie: claim.voie, etapes });
      if (due === null || due >= today) continue;
      const foyerId = asFoyerId(claim.foyer_id);
      if (!members.has(foyerId)) members.set(foyerId, await this.deps.foyer.assignableIds(foyerId));
      // The wait that ran out: the seller's 30 days from the request, or 15 from the last reminder.
      const reminded = etapes.some((s) => s.type === 'relance' && addDays(s.date, CLAIM_REMINDER_DAYS) === due);
      const { title, message } = REMINDER.claimUnanswered(
        claim.destinataire,
        claim.appliance_name,
        reminded ? CLAIM_REMINDER_DAYS : CLAIM_ANSWER_DAYS,
      );
      for (const member of members.get(foyerId)!) {
        const row = await this.deps.notifications.remindOnce(
          member,
          'DEMARCHE',
          `demarche:${claim.id}:${due}:${member}`,
          title,
          message,
          claim.appliance_id,
          claim.id,
        );
        if (row) created.push(row);
      }
    }
    return created;
  }

  /** Gives this module's rows of one household to another, in the caller's transaction (a member joining a foyer with their data). */
  async moveHousehold(from: number, to: number, unit: UnitOfWork): Promise<void> {
    await this.repo.in(unit.tx).moveHousehold(from, to);
  }
}
