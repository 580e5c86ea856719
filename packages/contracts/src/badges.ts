import { z } from 'zod';

/** spec §3 Badge (the user's). */
export const Badge = z.object({
  id: z.number().int(),
  dt_obtention: z.string(),
  publicUuid: z.string(),
  refbadge: z.object({ name: z.string(), description: z.string(), pict: z.string() }),
  bonus: z.object({ description: z.string(), link: z.string().nullable() }).nullable(),
});
export type Badge = z.infer<typeof Badge>;

/** GET V1/public/badges/{publicUuid}: the badge and the holder's first name only. */
export const PublicBadge = z.object({
  firstname: z.string(),
  dt_obtention: z.string(),
  refbadge: z.object({ name: z.string(), description: z.string(), pict: z.string() }),
});
export type PublicBadge = z.infer<typeof PublicBadge>;

/** Actions badges count that have no record of their own elsewhere. */
export const USER_ACTIONS = ['carbon_simulation'] as const;
export const UserActionBody = z.object({ action: z.enum(USER_ACTIONS) });
