import { z } from 'zod';

export const MAINTENANCE_LEVELS = ['Facile', 'Moyen', 'Difficile'] as const;

/** product §3, Maintenance card (steplist ordered by steporder). */
export const MaintenanceStep = z.object({
  id: z.number().int(),
  steporder: z.number().int(),
  title: z.string(),
  video: z.string().nullable(),
  detail: z.string(),
});
export const MaintenanceAgent = z.object({
  id: z.number().int(),
  name: z.string(),
  pict: z.string(),
  volume: z.string(),
  count: z.number().int(),
});
export const MaintenanceCard = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  pict: z.string(),
  duration: z.number().int(),
  frequency: z.number().int(),
  level: z.string(),
  /** Passive waiting time, apart from `duration` (the active minutes), or null. */
  waitMinutes: z.number().int().nullable(),
  /** The season a seasonal task belongs to: months 1–12, inclusive, may wrap the year. */
  season: z.object({ from: z.number().int().min(1).max(12), to: z.number().int().min(1).max(12), label: z.string() }).nullable(),
  steplist: z.array(MaintenanceStep),
  agentlist: z.array(MaintenanceAgent),
});
export type MaintenanceCard = z.infer<typeof MaintenanceCard>;

export const MaintenanceCardQuery = z.object({ productid: z.coerce.number().int().positive() });

const hoursFr = (minutes: number) => {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${String(m).padStart(2, '0')}` : `${h} h`;
};

/** A card's time as the user should read it: active minutes, and the waiting apart. */
export function cardDurationFr(card: { duration: number; waitMinutes: number | null }, unit: 'min' | 'minutes' = 'min'): string {
  return card.waitMinutes ? `${card.duration} ${unit} actives + ${hoursFr(card.waitMinutes)} d’attente` : `${card.duration} ${unit}`;
}
