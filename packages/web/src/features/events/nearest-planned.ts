import type { Event } from '@ecofoyer/contracts';

const DAY_MS = 86_400_000;
/** How far ahead a planned occurrence is still « the one » a task done now stands for. */
export const EARLY_DONE_WINDOW_DAYS = 30;

/**
 * The planned occurrence a task done now completes: same maintenance card, same device,
 * still to do, late or due within the next 30 days — the oldest first: a late one is what was owed. Doing it early then takes
 * it out of « À venir » and stops its reminder; in a series, the next occurrences stay as planned.
 */
export function nearestPlanned(events: readonly Event[], cardId: number, applianceId: number | null, now: Date): Event | null {
  const limit = now.getTime() + EARLY_DONE_WINDOW_DAYS * DAY_MS;
  let best: Event | null = null;
  for (const e of events) {
    if (e.status === 'DONE' || e.type !== 'MAINTENANCE' || e.maintenanceCardId !== cardId || (e.applianceId ?? null) !== applianceId)
      continue;
    const at = Date.parse(e.dt_realisation);
    if (at > limit) continue;
    if (!best || at < Date.parse(best.dt_realisation)) best = e;
  }
  return best;
}
