import { z } from 'zod';
import { TEXT_MAX } from './constants.ts';
import { FREQUENCIES, seriesStartRange } from './dates.ts';
import { MSG } from './messages.fr.ts';

export const EVENT_TYPES = ['MAINTENANCE', 'PANNE'] as const;
export const EVENT_STATUSES = ['NEW', 'DONE'] as const;

/**
 * What an event's state is called wherever it is written (the appliance's history, the CSV export):
 * a maintenance task is planned or done; a breakdown is reported, then repaired — never « Prévu ».
 */
export function eventStateLabel(event: { type: (typeof EVENT_TYPES)[number]; status: (typeof EVENT_STATUSES)[number] }): string {
  if (event.type === 'PANNE') return event.status === 'DONE' ? 'Réparée' : 'Signalée';
  return event.status === 'DONE' ? 'Fait' : 'Prévu';
}

/** product §3, Event. */
export const Event = z.object({
  id: z.number().int(),
  applianceId: z.number().int().nullable(),
  applianceName: z.string().nullable(),
  maintenanceCardId: z.number().int().nullable(),
  maintenanceCard: z.object({ id: z.number().int(), title: z.string(), pict: z.string(), duration: z.number().int() }).nullable(),
  title: z.string(),
  dt_creation: z.string(),
  dt_realisation: z.string(),
  done_at: z.string().nullable(),
  frequency: z.enum(FREQUENCIES).nullable(),
  seriesId: z.string().nullable(),
  note: z.string().nullable(),
  type: z.enum(EVENT_TYPES),
  status: z.enum(EVENT_STATUSES),
  /** A breakdown (PANNE) repaired by the seller under the legal guarantee, its days out of use, or replaced: these lengthen its guarantees. */
  sous_garantie: z.boolean(),
  immobilisation_jours: z.number().int().nullable(),
  remplace: z.boolean(),
  /** « Qui s'en occupe ? »: the member who sees to it, or null for every member. */
  assigneeId: z.number().int().nullable(),
});
export type Event = z.infer<typeof Event>;

/**
 * A date between 1970 and 2100: outside that, a yearly series from -271821 (a valid JS date)
 * expanded to today made hundreds of thousands of rows in one request (found by fuzzing).
 */
const EVENT_DATE_MIN = Date.UTC(1970, 0, 1);
const EVENT_DATE_MAX = Date.UTC(2101, 0, 1);
const when = z
  .string()
  .refine(
    (v) => {
      const time = new Date(v).getTime();
      return time >= EVENT_DATE_MIN && time < EVENT_DATE_MAX;
    },
    { error: MSG.eventDateInvalid },
  )
  .transform((v) => new Date(v));

/** POST …/events: the chosen date, a title, the appliance (or -1) and the card. */
export const EventCreate = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: MSG.eventTitleRequired })
    .max(120, { error: MSG.textTooLong(120) }),
  dt_realisation: when,
  note: z
    .string()
    .max(TEXT_MAX, { error: MSG.textTooLong(TEXT_MAX) })
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  applianceId: z.coerce
    .number()
    .int()
    .nullish()
    .transform((v) => (v && v > 0 ? v : null)),
  maintenanceCardId: z.coerce
    .number()
    .int()
    .nullish()
    .transform((v) => (v && v > 0 ? v : null)),
  type: z.enum(EVENT_TYPES).default('MAINTENANCE'),
  sous_garantie: z.boolean().default(false),
  immobilisation_jours: z.coerce
    .number()
    .int()
    .min(0, { error: MSG.immobilisationInvalid })
    .max(3650, { error: MSG.immobilisationInvalid })
    .nullish()
    .transform((v) => v ?? null),
  remplace: z.boolean().default(false),
  assigneeId: z.coerce
    .number()
    .int()
    .nullish()
    .transform((v) => (v && v > 0 ? v : null)),
  // Sent by the original client; the server decides (a new event is NEW).
  status: z.unknown().optional(),
  dt_creation: z.unknown().optional(),
});
export type EventCreate = z.input<typeof EventCreate>;

/**
 * POST …/events/period: the event and its recurrence, its first date within `seriesStartRange` of
 * `now()` — the server's clock on the server, the browser's in the web form: one rule, one place.
 */
export const eventPeriodCreate = (now: () => Date) =>
  EventCreate.extend({ frequency: z.enum(FREQUENCIES, { error: MSG.frequencyInvalid }) }).superRefine((body, ctx) => {
    // Zod runs this check even when the date was already refused (and left a string).
    if (!(body.dt_realisation instanceof Date)) return;
    const { earliest, latest } = seriesStartRange(now());
    const start = body.dt_realisation.getTime();
    if (start < earliest.getTime()) ctx.addIssue({ code: 'custom', message: MSG.eventSeriesStartTooOld, path: ['dt_realisation'] });
    else if (start > latest.getTime()) ctx.addIssue({ code: 'custom', message: MSG.eventSeriesStartTooFar, path: ['dt_realisation'] });
  });
export const EventPeriodCreate = eventPeriodCreate(() => new Date());
export type EventPeriodCreate = z.input<typeof EventPeriodCreate>;

/** PUT …/events/{id}: the note, and `done: true` to record it as carried out now. */
export const EventUpdate = z.object({
  note: z
    .string()
    .max(TEXT_MAX, { error: MSG.textTooLong(TEXT_MAX) })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v?.trim() ? v.trim() : null)),
  done: z.boolean().optional(),
  /** Another member to see to it, or null for every member; absent: unchanged. */
  assigneeId: z.number().int().positive().nullable().optional(),
});

/**
 * GET …/events, paged. Without parameters, every event, as API.md says. `from` and `to` keep the
 * events of a window (a done event counts on the day it was done), `status` one state, `limit` the
 * first ones in the answer's order, and `after` (an event's id) those that follow it in that order.
 * The order: NEW soonest first, DONE the latest done first, both states the latest planned first.
 */
export const EventsQuery = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    status: z.enum(EVENT_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
    after: z.coerce.number().int().positive().optional(),
    /** « Mes tâches »: the events this member sees to — assigned to them, or to nobody (whose reminders go to every member). */
    assigneeId: z.coerce.number().int().positive().optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { error: MSG.eventWindowOrder, path: ['to'] });
export type EventsQuery = z.infer<typeof EventsQuery>;

/** GET …/events/counts: how many events each list of the calendar holds, without reading them. */
export const EventCounts = z.object({ upcoming: z.number().int(), done: z.number().int() });
export type EventCounts = z.infer<typeof EventCounts>;
