import { z } from 'zod';
import { MSG } from './messages.fr.ts';

/** product §2, Second life: what became of a device that left the inventory. */
export const SECOND_LIFE_OUTCOMES = ['given', 'sold', 'recycled'] as const;
export type SecondLifeOutcome = (typeof SECOND_LIFE_OUTCOMES)[number];

export const SECOND_LIFE_LABELS: Record<SecondLifeOutcome, string> = { given: 'Donné', sold: 'Vendu', recycled: 'Recyclé' };

/** POST …/appliances/{id}/second-life */
export const SecondLifeBody = z.object({ outcome: z.enum(SECOND_LIFE_OUTCOMES, { error: MSG.secondLifeOutcomeInvalid }) });
export type SecondLifeBody = z.infer<typeof SecondLifeBody>;

/** One device of the household's history (GET …/appliances/history), newest first. */
export const SecondLifeItem = z.object({
  id: z.number().int(),
  name: z.string(),
  prod_name: z.string().nullable(),
  marque: z.string().nullable(),
  pict: z.string().nullable(),
  outcome: z.enum(SECOND_LIFE_OUTCOMES),
  dt_second_life: z.string(),
});
export type SecondLifeItem = z.infer<typeof SecondLifeItem>;
