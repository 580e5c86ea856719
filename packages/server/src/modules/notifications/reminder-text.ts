import { longDateFr, parisDay } from '@ecofoyer/contracts';

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
 * The title and message of a maintenance reminder (issue 16): the day before, on the day, or late —
 * « était prévu le samedi 21 novembre 2026 (en retard de 2 jours) », never « aujourd’hui » for a task
 * due two days ago. The date is the event's own, the one the list and the detail show.
 */
export function reminderText(kind: 'eve' | 'due', event: DueEvent, now: Date): { title: string; message: string } {
  const forDevice = event.appliance_name ? ` pour ${event.appliance_name}` : '';
  if (kind === 'eve') {
    // The 24 hours ahead can end today in Paris (an evening task seen in the morning).
    if (parisDayNumber(event.dt_realisation) === parisDayNumber(now)) {
      return { title: `Aujourd’hui : ${event.title}`, message: `L’entretien « ${event.title} » est prévu aujourd’hui${forDevice}. Pensez à préparer les produits.` };
    }
    return { title: `Demain : ${event.title}`, message: `L’entretien « ${event.title} » est prévu demain${forDevice}. Pensez à préparer les produits.` };
  }
  const late = parisDayNumber(now) - parisDayNumber(event.dt_realisation);
  if (late <= 0) return { title: `C’est le jour : ${event.title}`, message: `L’entretien « ${event.title} » est prévu aujourd’hui${forDevice}.` };
  return {
    title: `En retard : ${event.title}`,
    message: `L’entretien « ${event.title} » était prévu le ${longDateFr(event.dt_realisation)}${forDevice} (en retard de ${late === 1 ? '1 jour' : `${late} jours`}).`,
  };
}
