import type { FoyerId, UserId } from '../../lib/ids.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  API_MSG,
  type Event,
  type EventCounts,
  type EventsQuery,
  expandSeries,
  FREQUENCIES,
  type Frequency,
  seriesHorizon,
  seriesStartRange,
} from '@ecofoyer/contracts';
import { lazyModule } from '../../lib/lazy-module.ts';

const icalGeneratorModule = lazyModule(() => import('ical-generator'));
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { FoyerService } from '../foyer/foyer.service.ts';
import type { AppliancesService } from '../appliances/appliances.service.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import type { MaintenanceService } from '../maintenance/maintenance.service.ts';
import type { EventJoined, EventsRepository } from './events.repository.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';

export interface EventInput {
  title: string;
  dt_realisation: Date;
  note: string | null;
  applianceId: number | null;
  maintenanceCardId: number | null;
  type: 'MAINTENANCE' | 'PANNE';
  /** Only a breakdown (PANNE) carries these: they decide its guarantee rights. */
  sous_garantie?: boolean;
  immobilisation_jours?: number | null;
  remplace?: boolean;
  /** « Qui s'en occupe ? »: a member of the household, or null for every member. */
  assigneeId?: number | null;
}

/** A whole day of the calendar feed that is not an event (the end of a guarantee). */
export interface FeedDay {
  id: string;
  /** YYYY-MM-DD */
  day: string;
  summary: string;
  description: string;
  remindDaysBefore: number[];
}

/** Households whose series were last found complete, kept at most (bounded memory; the oldest check goes first). */
const SERIES_CHECKS_KEPT = 10_000;

export class EventsService {
  /** Per household, the data version and the day its series were last found complete (`extendSeries`). */
  private readonly seriesChecked = new Map<number, string>();

  constructor(
    private readonly repo: EventsRepository,
    private readonly deps: {
      appliances: AppliancesService;
      maintenance: MaintenanceService;
      foyer: Pick<FoyerService, 'assignableIds' | 'membership'>;
      bus: DomainEventBus;
      clock: Clock;
      config: Pick<Config, 'appUrl'>;
    },
  ) {}

  private toDto(row: EventJoined): Event {
    return {
      id: row.id,
      applianceId: row.appliance_id,
      applianceName: row.appliance_name,
      maintenanceCardId: row.maintenance_card_id,
      maintenanceCard:
        row.maintenance_card_id && row.card_title
          ? { id: row.maintenance_card_id, title: row.card_title, pict: row.card_pict ?? '', duration: row.card_duration ?? 0 }
          : null,
      title: row.title,
      dt_creation: row.created_at.toISOString(),
      dt_realisation: row.dt_realisation.toISOString(),
      done_at: row.done_at?.toISOString() ?? null,
      frequency: (row.frequency as Frequency | null) ?? null,
      seriesId: row.series_id,
      note: row.note,
      type: row.type as Event['type'],
      status: row.status as Event['status'],
      sous_garantie: row.sous_garantie,
      immobilisation_jours: row.immobilisation_jours,
      remplace: row.remplace,
      assigneeId: row.assignee_id,
    };
  }

  /** The appliance and the card must exist, the appliance must be the user's (else 404), the assignee a member (else 400). */
  private async check(foyerId: FoyerId, input: EventInput) {
    if (input.applianceId) await this.deps.appliances.get(foyerId, input.applianceId);
    if (input.maintenanceCardId && !(await this.deps.maintenance.card(input.maintenanceCardId)))
      throw notFound(API_MSG.maintenanceCardUnknown);
    if (input.assigneeId) await this.checkAssignee(foyerId, input.assigneeId);
  }

  private async checkAssignee(foyerId: FoyerId, assigneeId: number) {
    if (!(await this.deps.foyer.assignableIds(foyerId)).includes(assigneeId))
      throw badRequest(API_MSG.foyerMemberUnknown, 'ASSIGNEE_UNKNOWN');
  }

  private row(foyerId: FoyerId, input: EventInput, extra: { series_id?: string; frequency?: Frequency; dt?: Date } = {}) {
    const now = this.deps.clock.now();
    return {
      foyer_id: foyerId,
      appliance_id: input.applianceId,
      maintenance_card_id: input.maintenanceCardId,
      series_id: extra.series_id ?? null,
      frequency: extra.frequency ?? null,
      title: input.title,
      note: input.note,
      type: input.type,
      status: 'NEW',
      // What the seller did counts for a breakdown only: « Mes droits » reads breakdowns.
      sous_garantie: input.type === 'PANNE' && Boolean(input.sous_garantie || input.remplace),
      immobilisation_jours: input.type === 'PANNE' ? (input.immobilisation_jours ?? null) : null,
      remplace: input.type === 'PANNE' && Boolean(input.remplace),
      assignee_id: input.assigneeId ?? null,
      dt_realisation: extra.dt ?? input.dt_realisation,
      done_at: null,
      created_at: now,
      updated_at: now,
    };
  }

  async get(foyerId: FoyerId, id: number): Promise<Event> {
    const row = await this.repo.find(foyerId, id);
    if (!row) throw notFound(API_MSG.eventUnknown);
    return this.toDto(row);
  }

  /** API.md: events newest first, recurring series expanded at least 12 months ahead. */
  async list(foyerId: FoyerId, q: EventsQuery = {}): Promise<Event[]> {
    await this.extendSeries(foyerId);
    const bounded = Object.values(q).some((v) => v !== undefined);
    return (await (bounded ? this.repo.page(foyerId, q) : this.repo.list(foyerId))).map((r) => this.toDto(r));
  }

  /** The household's breakdowns (PANNE): what « Mes droits » reads (repairs under guarantee), not ten years of maintenance. */
  async breakdowns(foyerId: FoyerId): Promise<Event[]> {
    return (await this.repo.breakdowns(foyerId)).map((r) => this.toDto(r));
  }

  /** The calendar's list badges: planned and done. */
  async counts(foyerId: FoyerId): Promise<EventCounts> {
    await this.extendSeries(foyerId);
    return this.repo.counts(foyerId);
  }

  async listForAppliance(foyerId: FoyerId, applianceId: number): Promise<Event[]> {
    await this.deps.appliances.get(foyerId, applianceId);
    await this.extendSeries(foyerId);
    return (await this.repo.listForAppliance(foyerId, applianceId)).map((r) => this.toDto(r));
  }

  /** A MAINTENANCE event starts NEW (product §4); PANNE records a breakdown. `actorId`: the member who records it. */
  async create(foyerId: FoyerId, input: EventInput, actorId: UserId): Promise<Event> {
    await this.check(foyerId, input);
    const [id] = await this.repo.insert([this.row(foyerId, input)]);
    await this.deps.bus.emit('event.recorded', { foyerId, actorId });
    return this.get(foyerId, id);
  }

  /**
   * One row per occurrence, from the chosen date to 12 months ahead; returns the series. The route
   * keeps the first date within `seriesStartRange` (contracts' `eventPeriodCreate`), and
   * `expandSeries` never gives more than SERIES_EXPANSION_MAX dates whoever calls.
   */
  async createSeries(foyerId: FoyerId, input: EventInput, frequency: Frequency, actorId: UserId): Promise<Event[]> {
    await this.check(foyerId, input);
    const seriesId = randomUUID();
    // 12 months from the later of today and the series' start.
    const now = this.deps.clock.now();
    const until = seriesHorizon(input.dt_realisation.getTime() > now.getTime() ? input.dt_realisation : now);
    const dates = expandSeries(input.dt_realisation, frequency, until);
    await this.repo.insert(dates.map((dt) => this.row(foyerId, input, { series_id: seriesId, frequency, dt })));
    await this.deps.bus.emit('event.recorded', { foyerId, actorId });
    return (await this.repo.listSeries(foyerId, seriesId)).map((r) => this.toDto(r));
  }

  /**
   * Keeps every series 12 months ahead as time passes. Dates are computed from the series' first
   * occurrence (no drift); an occurrence done or deleted never changes the others. Called by reads:
   * a series left unread for more than a year (or stored from 1970 before the start was bounded)
   * is caught up from a year back only, so one read writes at most SERIES_EXPANSION_MAX rows a series.
   */
  async extendSeries(foyerId: FoyerId): Promise<void> {
    // Checking aggregates every occurrence of the household's series, so it is done again
    // only once the household's data changed or a day passed (the horizon moves a day; an occurrence
    // a year ahead shows at most a day later). The version is read before the check: a change made
    // meanwhile, or this extension's own insert, makes the next call check again.
    const now = this.deps.clock.now();
    const stamp = `${await this.repo.dataVersion(foyerId)} ${now.toISOString().slice(0, 10)}`;
    if (this.seriesChecked.get(foyerId) === stamp) return;
    const horizon = seriesHorizon(now);
    const { earliest } = seriesStartRange(now);
    // Three statements at most whatever the number of series (the series, their last rows, one insert).
    const due = (await this.repo.seriesEndingBefore(foyerId, horizon))
      .filter((s) => s.series_id && (FREQUENCIES as readonly (string | null)[]).includes(s.frequency))
      .map((s) => {
        const last = new Date(s.last);
        const after = last.getTime() > earliest.getTime() ? last : earliest;
        return { seriesId: s.series_id as string, dates: expandSeries(new Date(s.first), s.frequency as Frequency, horizon, after) };
      })
      .filter((s) => s.dates.length > 0);
    if (due.length > 0) {
      const lastById = new Map((await this.repo.lastOfSeries(due.map((s) => s.seriesId))).map((r) => [r.series_id, r]));
      const rows = due.flatMap(({ seriesId, dates }) => {
        const last = lastById.get(seriesId);
        if (!last) return [];
        const { id: _id, ...template } = last;
        return dates.map((dt) => ({
          ...template,
          dt_realisation: dt,
          status: 'NEW' as const,
          done_at: null,
          created_at: now,
          updated_at: now,
        }));
      });
      await this.repo.insert(rows);
    }
    this.seriesChecked.delete(foyerId);
    this.seriesChecked.set(foyerId, stamp);
    if (this.seriesChecked.size > SERIES_CHECKS_KEPT) this.seriesChecked.delete(this.seriesChecked.keys().next().value as number);
  }

  /**
   * A breakdown (PANNE) recorded in the caller's transaction — a claim opened for a breakdown not yet
   * recorded (« Ma démarche ») — dated now; its id. The appliance is checked by the caller before its
   * transaction opens (a read outside it would wait behind it on PGlite). The badges hear of it once
   * the transaction commits.
   */
  async recordBreakdown(
    foyerId: FoyerId,
    input: { applianceId: number; title: string; note: string | null },
    actorId: UserId,
    unit: UnitOfWork,
  ): Promise<number> {
    const row = this.row(foyerId, {
      ...input,
      type: 'PANNE',
      dt_realisation: this.deps.clock.now(),
      maintenanceCardId: null,
    });
    const [id] = await this.repo.in(unit.tx).insert([row]);
    unit.afterCommit(() => this.deps.bus.emit('event.recorded', { foyerId, actorId }));
    return id!;
  }

  /**
   * How a claim about this breakdown ended, written on it in the claim's transaction: done on `doneAt`
   * (repaired, replaced, refunded), with what the seller did under the legal guarantee — repaired
   * (`sous_garantie`: six months more, article L217-13) or replaced (`remplace`: a new two-year
   * guarantee) — which « Mes droits » reads; `note` is added to the breakdown's own. False when the
   * breakdown is no longer the household's.
   */
  async recordOutcome(
    foyerId: FoyerId,
    id: number,
    outcome: { doneAt: Date; sous_garantie?: boolean; remplace?: boolean; note: string },
    unit: UnitOfWork,
  ): Promise<boolean> {
    const repo = this.repo.in(unit.tx);
    const event = await repo.find(foyerId, id);
    if (event?.type !== 'PANNE') return false;
    await repo.update(foyerId, id, {
      status: 'DONE',
      done_at: outcome.doneAt,
      note: event.note ? `${event.note}\n${outcome.note}` : outcome.note,
      // A repair or a replacement by the seller counts as under guarantee, as when the form records it.
      ...(outcome.sous_garantie || outcome.remplace ? { sous_garantie: true } : {}),
      ...(outcome.remplace ? { remplace: true } : {}),
      updated_at: this.deps.clock.now(),
    });
    return true;
  }

  /** Drops the planned maintenance of a device that left the household (its past stays in the history). */
  async cancelPendingForAppliance(foyerId: FoyerId, applianceId: number, unit?: UnitOfWork): Promise<void> {
    await (unit ? this.repo.in(unit.tx) : this.repo).deletePendingForAppliance(foyerId, applianceId, this.deps.clock.now());
  }

  /**
   * PUT: the note, `done: true` records it as carried out now, `assigneeId` changes who sees to it —
   * for a recurring task, this occurrence and the planned ones after it.
   */
  async update(
    foyerId: FoyerId,
    id: number,
    input: { note?: string | null; done?: boolean; assigneeId?: number | null },
    actorId: UserId,
  ): Promise<Event> {
    const event = await this.get(foyerId, id);
    if (input.assigneeId) await this.checkAssignee(foyerId, input.assigneeId);
    const now = this.deps.clock.now();
    await this.repo.update(foyerId, id, {
      ...(input.note !== undefined ? { note: input.note } : {}),
      ...(input.done ? { status: 'DONE', done_at: now } : {}),
      ...(input.assigneeId !== undefined ? { assignee_id: input.assigneeId } : {}),
      updated_at: now,
    });
    if (input.assigneeId !== undefined && event.seriesId) {
      await this.repo.assignSeries(foyerId, event.seriesId, new Date(event.dt_realisation), input.assigneeId, now);
    }
    if (input.done) await this.deps.bus.emit('event.recorded', { foyerId, actorId });
    return this.get(foyerId, id);
  }

  async delete(foyerId: FoyerId, id: number): Promise<void> {
    await this.get(foyerId, id);
    await this.repo.delete(foyerId, id);
  }

  /** What the badge rules count: maintenance done, maintenance planned, breakdowns recorded. */
  stats(foyerId: FoyerId) {
    return this.repo.stats(foyerId);
  }

  /**
   * A member's private iCalendar address (the token is the secret; revoking it makes a new one next
   * time). Each member has their own (decision 021): it shows the household they are in when it is
   * read, and ends when they leave it (`memberLeft`), so a removed member's address opens nothing.
   */
  async feedUrl(memberId: UserId): Promise<string> {
    const existing = await this.repo.feedToken(memberId);
    const token =
      existing?.token ?? (await this.repo.createFeedToken(memberId, randomBytes(24).toString('base64url'), this.deps.clock.now()));
    return `${this.deps.config.appUrl}/api/V1/calendar/${token}.ics`;
  }

  revokeFeed(memberId: UserId) {
    return this.repo.deleteFeedToken(memberId);
  }

  /**
   * The events of the feed owner's household as iCalendar, or null for an unknown or revoked token.
   * `days` adds whole days another module puts in the feed (the end of a guarantee), read
   * for that household.
   */
  async ics(token: string, days: (foyerId: FoyerId) => Promise<FeedDay[]> = async () => []): Promise<string | null> {
    const owner = await this.repo.userOfFeed(token);
    if (!owner) return null;
    const { foyerId } = await this.deps.foyer.membership(owner.user_id);
    const [events, extra] = await Promise.all([this.list(foyerId), days(foyerId)]);
    // Times in UTC (…Z): a calendar app shows them in its own zone. With a calendar `timezone` and no
    // VTIMEZONE, ical-generator wrote floating times built from UTC and a non-standard TIMEZONE-ID
    // line, so 10:00 in Paris showed at 08:00 or 09:00.
    const { default: icalGenerator, ICalAlarmType } = await icalGeneratorModule();
    const calendar = icalGenerator({
      name: 'EcoFoyer — mes entretiens',
      prodId: { company: 'EcoFoyer', product: 'calendrier', language: 'FR' },
    });
    for (const e of events) {
      calendar.createEvent({
        id: `event-${e.id}@ecofoyer`,
        start: new Date(e.dt_realisation),
        end: new Date(new Date(e.dt_realisation).getTime() + (e.maintenanceCard?.duration ?? 30) * 60_000),
        summary: e.type === 'PANNE' ? `Panne : ${e.title}` : e.title,
        description:
          [e.applianceName ? `Appareil : ${e.applianceName}` : null, e.note, e.status === 'DONE' ? 'Effectué' : null]
            .filter(Boolean)
            .join('\n') || undefined,
        stamp: new Date(e.dt_creation),
      });
    }
    const now = this.deps.clock.now();
    for (const d of extra) {
      const event = calendar.createEvent({
        id: d.id,
        start: new Date(`${d.day}T00:00:00Z`),
        allDay: true,
        summary: d.summary,
        description: d.description,
        stamp: now,
      });
      for (const before of d.remindDaysBefore)
        event.createAlarm({ type: ICalAlarmType.display, triggerBefore: before * 86_400, description: d.summary });
    }
    return calendar.toString();
  }

  /**
   * A member left the household, or was removed: the tasks they saw to go back to every member, and
   * their calendar address stops (a new one, asked later, shows the household they are in then).
   */
  async memberLeft(foyerId: FoyerId, memberId: UserId, unit: UnitOfWork): Promise<void> {
    const repo = this.repo.in(unit.tx);
    await repo.unassign(foyerId, memberId);
    await repo.deleteFeedToken(memberId);
  }

  /** Gives this module's rows of one household to another, in the caller's transaction (a member joining a foyer with their data). */
  async moveHousehold(from: number, to: number, unit: UnitOfWork): Promise<void> {
    await this.repo.in(unit.tx).moveHousehold(from, to);
  }
}
