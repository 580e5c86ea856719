import { z } from 'zod';

/**
 * A product recall of RappelConso matched with one of the household's appliances, as
 * long as nobody marked it handled: `lien` is the official sheet (https), `publieLe` its publication.
 */
export const Rappel = z.object({
  id: z.number().int(),
  applianceId: z.number().int(),
  applianceName: z.string(),
  titre: z.string(),
  risque: z.string(),
  conduite: z.string(),
  lien: z.string(),
  publieLe: z.string(),
});
export type Rappel = z.infer<typeof Rappel>;

/** GET V1/profils/users/{userId}/rappels: every open recall of the household, or one appliance's. */
export const RappelsQuery = z.object({ applianceId: z.coerce.number().int().positive().optional() });
export type RappelsQuery = z.infer<typeof RappelsQuery>;
