import { z } from 'zod';

export const MAINTENANCE_LEVELS = ['Facile', 'Moyen', 'Difficile'] as const;

/** spec §3 Maintenance card (steplist ordered by steporder). */
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
  steplist: z.array(MaintenanceStep),
  agentlist: z.array(MaintenanceAgent),
});
export type MaintenanceCard = z.infer<typeof MaintenanceCard>;

export const MaintenanceCardQuery = z.object({ productid: z.coerce.number().int().positive() });
