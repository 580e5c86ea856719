import { longDateFr, parisDay, REMINDER } from '@ecofoyer/contracts';

const DAY_MS = 86_400_000;

/** The calendar day of an instant in Paris, as a day number (days since 1970-01-01). */
function parisDayNumber(at: Date): number {
  return Date.parse(parisDay(at)) / DAY_MS;
}

export interface DueEvent {
  title: string;
  dt_realisation: Date;
  appliance_name: string | null;
}

/**
 * The title and message of a maintenance reminder: the day before, on the day, or late —
 * « était prévu le samedi 21 novembre 2026 (en retard de 2 jours) », never « aujourd’hui » for a task
 * due two days ago. The date is the event's own, the one the list and the detail show.
 */
export function reminderText(kind: 'eve' | 'due', event: DueEvent, now: Date): { title: string; message: string } {
  const forDevice = REMINDER.forDevice(event.appliance_name);
  if (kind === 'eve') {
    // The 24 hours ahead can end today in Paris (an evening task seen in the morning).
    if (parisDayNumber(event.dt_realisation) === parisDayNumber(now)) return REMINDER.today(event.title, forDevice);
    return REMINDER.tomorrow(event.title, forDevice);
  }
  const late = parisDayNumber(now) - parisDayNumber(event.dt_realisation);
  if (late <= 0) return REMINDER.due(event.title, forDevice);
  return REMINDER.late(event.title, forDevice, longDateFr(event.dt_realisation), late);
}
