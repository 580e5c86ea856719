import { Event, EventCounts, EVENTS_PAGE } from '@ecofoyer/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Body, call, me } from '../../../lib/api-call.ts';
import { EARNS_BADGES } from '../../../lib/mutation-meta.ts';

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

export function useMonthEvents(month: string, mine?: number) {
  return useQuery({ ...monthEventsQuery(month, mine), placeholderData: (previous) => previous });
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
  return useInfiniteQuery({
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
  return useQuery({
    queryKey: eventKeys.ofAppliance(applianceId ?? 0),
    queryFn: () =>
      call('get', '/api/V1/profils/users/{userId}/appliances/{id}/events', {
        path: { userId: me(), id: applianceId ?? 0 },
        schema: import.meta.env.DEV ? Event.array() : undefined,
      }),
    enabled: Boolean(applianceId && applianceId > 0),
  });
}

function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: eventKeys.all });
}

/** POST …/events: a MAINTENANCE event starts NEW (product §4). */
export function useCreateEvent() {
  const onSuccess = useInvalidateEvents();
  return useMutation({
    mutationFn: (body: Body<'post', '/api/V1/profils/users/{userId}/events'>) =>
      call('post', '/api/V1/profils/users/{userId}/events', { path: { userId: me() }, body }),
    meta: EARNS_BADGES,
    onSuccess,
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

/** PUT …/events/{id}: the note, `done: true` to record it as carried out now, who sees to it. */
export function useUpdateEvent() {
  const onSuccess = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; note?: string | null; done?: true; assigneeId?: number | null }) =>
      call('put', '/api/V1/profils/users/{userId}/events/{id}', { path: { userId: me(), id }, body }),
    meta: EARNS_BADGES,
    onSuccess,
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
