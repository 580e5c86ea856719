import { z } from 'zod';
import { MSG } from './messages.fr.ts';
import { stripAngleBrackets } from './validation.ts';

/** product §3, Universe; `univer_id: -1` marks a reference universe not yet created. */
export const Universe = z.object({
  univer_id: z.number().int(),
  refuniver_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  nbAppliance: z.number().int(),
  text: z.string(),
});
export type Universe = z.infer<typeof Universe>;

export const UNIVERSE_NAME_MAX = 40;
export const UNIVERSE_DESCRIPTION_MAX = 500;

/** product §5: `<` and `>` are stripped from the name and the description. */
const name = z
  .string()
  .transform((v) => stripAngleBrackets(v).trim())
  .pipe(
    z
      .string()
      .min(1, { error: MSG.universeNameRequired })
      .max(UNIVERSE_NAME_MAX, { error: MSG.textTooLong(UNIVERSE_NAME_MAX) }),
  );
const description = z
  .string()
  .optional()
  .transform((v) => stripAngleBrackets(v ?? '').trim())
  .pipe(z.string().max(UNIVERSE_DESCRIPTION_MAX, { error: MSG.textTooLong(UNIVERSE_DESCRIPTION_MAX) }));

/** The text fields of the create form (multipart: file?, name, refUniverId, description). */
export const UniverseCreateFields = z.object({
  name,
  description,
  refUniverId: z.coerce
    .number()
    .int()
    .optional()
    .transform((v) => (v && v > 0 ? v : null)),
});
export const UniverseUpdateFields = z.object({ name, description });

/** product §2: "Ajouter" if 0, "1 appareil", or "N appareils". */
export function applianceCountLabel(count: number): string {
  if (count <= 0) return 'Ajouter';
  return count === 1 ? '1 appareil' : `${count} appareils`;
}
