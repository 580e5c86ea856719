import { longDateFr, type MaintenanceCard } from '@ecofoyer/contracts';
import { localTimeZone } from '../events/api/events.ts';

export const dayFr = (date: Date) => longDateFr(date, localTimeZone());

/** What an event created from this page carries: the card, and the appliance or -1 (product §7). */
export interface Target {
  card: MaintenanceCard;
  applianceId: number | null;
}
export const eventBody = ({ card, applianceId }: Target, when: Date, note: string | null) => ({
  title: card.title,
  dt_realisation: when.toISOString(),
  note,
  applianceId: applianceId ?? -1,
  maintenanceCardId: card.id,
  type: 'MAINTENANCE' as const,
});
