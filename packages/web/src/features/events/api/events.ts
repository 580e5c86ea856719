import { Event, EventCounts, EVENTS_PAGE } from '@ecofoyer/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { type Body, call, me, urlOf } from '../../../lib/api-call.ts';
import { EARNS_BADGES } from '../../../lib/mutation-meta.ts';
import { eventsWithWrites, type Pending, sendOrQueue, tempId, useQueuedWrites } from '../../../lib/offline-writes.ts';

export const eventKeys = {
  all: ['events'] as const,
  planned: (until: string) => ['events', 'planned', until] as const,
  month: (month: string, mine?: number) => ['events', 'month', month, mine ?? 'foyer'] as const,
  page: (status: Event['status'], mine?: number) => ['events', 'page', status, mine ?? 'foyer'] as const,
  counts: () => ['events', 'counts'] as const,
  ofAppliance: (id: number) => ['events', 'appliance', id] as const,
};
// Kept outside ['events']: refetching it after a revoke would mint a new address at once.
const feedKey = ['calendar-feed'] as const;

/** GET …/events?status=NEW&to=…: what is planned up to a date, overdue included (never the whole history). */
export const plannedUntilQuery = (until: Date) => {
  const to = until.toISOString();
  return {
    queryKey: eventKeys.planned(to),
    queryFn: () =>
      call('get', '/api/V1/profils/users/{userId}/events', {
        path: { userId: me() },
        query: { status: 'NEW', to },
        schema: import.meta.env.DEV ? Event.array() : undefined,
      }),
  };
};

/**
 * The events of the month shown (`YYYY-MM`, local time), with a week on each side for the days of
 * the months around it that the grid shows (the calendar reads a window, not ten years).
 */
/** `mine`: « Mes tâches », the events this member sees to (assigned to them or to nobody). */

export const monthEventsQuery = (month: string, mine?: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const from = new Date(y, m - 1, 1 - 7).toISOString();
  const to = new Date(y, m, 1 + 14).toISOString();
  return {
    queryKey: eventKeys.month(month, mine),
    queryFn: () =>
      call('get', '/api/V1/profils/users/{userId}/events', {
        path: { userId: me() },
        query: { from, to, assigneeId: mine || undefined },
        schema: import.meta.env.DEV ? Event.array() : undefined,
      }),
  };
};

/** Events with the changes kept on this device (decision 031), each marked `pending`. */
function useWithWrites<Q extends { data: Event[] | undefined }>(
  query: Q,
  created: (event: Event) => boolean,
): Q & { data: Pending<Event>[] | undefined } {
  const queued = useQueuedWrites();
  const data = query.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `created` is a filter made at each render from the query's own inputs.
  const shown = useMemo(() => (data && queued.length > 0 ? eventsWithWrites(data, queued, created) : data), [data, queued]);
  return { ...query, data: shown };
}

export function useMonthEvents(month: string, mine?: number) {
  const query = useQuery({ ...monthEventsQuery(month, mine), placeholderData: (previous) => previous });
  const [y, m] = month.split('-').map(Number) as [number, number];
  const from = new Date(y, m - 1, 1 - 7).getTime();
  const to = new Date(y, m, 1 + 14).getTime();
  return useWithWrites(query, (e) => {
    const at = new Date(e.dt_realisation).getTime();
    return at >= from && at < to;
  });
}

/** `YYYY-MM` of the month `ahead` months after `month`. */
export function monthAfter(month: string, ahead: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(y, m - 1 + ahead, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * The calendar's next months read ahead, online (decision 030): the service worker keeps their
 * answers, so the next three months show offline though only this one was opened.
 */
export function usePrefetchMonths(month: string, months: number, mine?: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (navigator.onLine === false) return;
    for (let ahead = 1; ahead < months; ahead += 1) void queryClient.prefetchQuery(monthEventsQuery(monthAfter(month, ahead), mine));
  }, [queryClient, month, months, mine]);
}

/** « À venir » (NEW, soonest first) or « Mes réalisations » (DONE, latest first), 20 at a time. */
export function useEventPages(status: Event['status'], mine?: number) {
  const query = useInfiniteQuery({
    queryKey: eventKeys.page(status, mine),
    queryFn: ({ pageParam }) =>
      call('get', '/api/V1/profils/users/{userId}/events', {
        path: { userId: me() },
        query: { status, limit: EVENTS_PAGE, after: pageParam || undefined, assigneeId: mine || undefined },
        schema: import.meta.env.DEV ? Event.array() : undefined,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.length < EVENTS_PAGE ? undefined : last.at(-1)!.id),
    select: (data) => data.pages.flat(),
  });
  return useWithWrites(query, (e) => e.status === status);
}

/** How many events each list holds, for its badge. */
export function useEventCounts() {
  return useQuery({
    queryKey: eventKeys.counts(),
    queryFn: () =>
      call('get', '/api/V1/profils/users/{userId}/events/counts', {
        path: { userId: me() },
        schema: import.meta.env.DEV ? EventCounts : undefined,
      }),
  });
}

export function useApplianceEvents(applianceId: number | null) {
  const query = useQuery({
    queryKey: eventKeys.ofAppliance(applianceId ?? 0),
    queryFn: () =>
      call('get', '/api/V1/profils/users/{userId}/appliances/{id}/events', {
        path: { userId: me(), id: applianceId ?? 0 },
        schema: import.meta.env.DEV ? Event.array() : undefined,
      }),
    enabled: Boolean(applianceId && applianceId > 0),
  });
  return useWithWrites(query, (e) => e.applianceId === applianceId);
}

function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: eventKeys.all });
}

type EventBody = Body<'post', '/api/V1/profils/users/{userId}/events'>;

/**
 * POST …/events: a MAINTENANCE event starts NEW (product §4); a breakdown (PANNE) is recorded.
 * Offline it is kept on this device and sent when the network is back (decision 031): the answer is
 * then the entry as it will be, marked `pending`, with a temporary negative id.
 */
export function useCreateEvent() {
  const onSuccess = useInvalidateEvents();
  return useMutation({
    mutationFn: async ({ applianceName, ...body }: EventBody & { applianceName?: string | null }): Promise<Pending<Event>> => {
      const id = tempId();
      const sent = await sendOrQueue<Event>({
        kind: 'event-create',
        method: 'POST',
        url: urlOf('/api/V1/profils/users/{userId}/events', { userId: me() }),
        body,
        label: body.type === 'PANNE' ? `Panne\u00a0: ${body.title}` : `Entretien prévu\u00a0: ${body.title}`,
        typed: body.note ?? undefined,
        target: { tempId: id, applianceId: body.applianceId ?? undefined, applianceName },
      });
      if (!sent.queued) return sent.answer;
      return eventsWithWrites([], [sent.write], () => true)[0]!;
    },
    meta: EARNS_BADGES,
    onSuccess: (event) => (event.pending ? undefined : onSuccess()),
  });
}

/** POST …/events/period: the whole series (product §9, recurrence options). */
export function useCreateSeries() {
  const onSuccess = useInvalidateEvents();
  return useMutation({
    mutationFn: (body: Body<'post', '/api/V1/profils/users/{userId}/events/period'>) =>
      call('post', '/api/V1/profils/users/{userId}/events/period', { path: { userId: me() }, body }),
    meta: EARNS_BADGES,
    onSuccess,
  });
}

/** What a change of an event shows of it, in the list of changes kept on this device. */
type ShownEvent = Pick<Event, 'title' | 'type' | 'applianceId' | 'applianceName' | 'dt_realisation' | 'maintenanceCardId'>;

/**
 * PUT …/events/{id}: the note, `done: true` to record it as carried out now, who sees to it. The
 * note and « done » are kept on this device offline and sent when the network is back (decision 031);
 * the answer is then the event as it will be, marked `pending`.
 */
export function useUpdateEvent() {
  const onSuccess = useInvalidateEvents();
  return useMutation({
    mutationFn: async ({
      id,
      event,
      ...body
    }: {
      id: number;
      event?: ShownEvent;
      note?: string | null;
      done?: true;
      assigneeId?: number | null;
    }): Promise<Pending<Event>> => {
      const url = urlOf('/api/V1/profils/users/{userId}/events/{id}', { userId: me(), id });
      if (body.assigneeId !== undefined)
        return call('put', '/api/V1/profils/users/{userId}/events/{id}', { path: { userId: me(), id }, body });
      const title = event?.title ?? 'Entretien';
      const sent = await sendOrQueue<Event>({
        kind: body.done ? 'event-done' : 'event-note',
        method: 'PUT',
        url,
        body,
        label: body.done ? `Entretien fait\u00a0: ${title}` : `Note sur ${title}`,
        typed: body.note ?? undefined,
        target: {
          eventId: id,
          applianceId: event?.applianceId ?? undefined,
          event: event && {
            title: event.title,
            type: event.type,
            applianceId: event.applianceId,
            applianceName: event.applianceName,
            dt_realisation: event.dt_realisation,
            maintenanceCardId: event.maintenanceCardId,
          },
        },
      });
      if (!sent.queued) return sent.answer;
      return {
        ...(event as Event),
        id,
        ...body,
        status: body.done ? 'DONE' : ((event as Event | undefined)?.status ?? 'NEW'),
        pending: 'sending',
      } as Pending<Event>;
    },
    meta: EARNS_BADGES,
    onSuccess: (event) => (event.pending ? undefined : onSuccess()),
  });
}

export function useDeleteEvent() {
  const onSuccess = useInvalidateEvents();
  return useMutation({
    mutationFn: (id: number) => call('delete', '/api/V1/profils/users/{userId}/events/{id}', { path: { userId: me(), id } }),
    onSuccess,
  });
}

/** GET …/calendar-feed: the private ICS address; the server creates it on first request, so ask only when shown. */
export function useCalendarFeed(enabled = true) {
  return useQuery({
    queryKey: feedKey,
    queryFn: () => call('get', '/api/V1/profils/users/{userId}/calendar-feed', { path: { userId: me() } }),
    enabled,
    staleTime: Infinity,
  });
}

/** DELETE …/calendar-feed: the old address stops working; a new one is made on the next request. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('delete', '/api/V1/profils/users/{userId}/calendar-feed', { path: { userId: me() } }),
    onSuccess: () => queryClient.removeQueries({ queryKey: feedKey }),
  });
}

/** The event's day in the browser's time zone, as `YYYY-MM-DD` (the calendar's day keys). */
export function localDayKey(date: Date | string): string {
  const d = new Date(date);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A `YYYY-MM-DD` day at 09:00 local time: when a planned maintenance is put in the calendar. */
export function plannedAt(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d, 9, 0, 0);
}

/**
 * The browser's time zone, so long French dates show the day the user picked. Read when needed:
 * creating an Intl formatter at module load costs every signed-in page's start.
 */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
