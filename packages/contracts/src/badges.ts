import { z } from 'zod';

/** product §3, Badge (the user's). */
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

/** GET V1/profils/users/{userId}/badges/a-gagner: a badge not earned yet, what earns it, and how far the household is. */
export const BadgeToEarn = z.object({
  slug: z.string(),
  name: z.string(),
  pict: z.string(),
  howTo: z.string(),
  progress: z.object({ current: z.number().int().min(0), target: z.number().int().positive() }),
});
export type BadgeToEarn = z.infer<typeof BadgeToEarn>;

const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);

/** What earns a badge, said to the household in words, from its rule. */
export function badgeHowTo(kind: string, threshold: number): string {
  switch (kind) {
    case 'appliances':
      return threshold === 1 ? 'Ajoutez votre premier appareil à l’inventaire.' : `Ayez ${threshold} appareils dans votre inventaire.`;
    case 'furnished_universe':
      return `Rangez ${threshold} appareils dans un même univers.`;
    case 'maintenance_done':
      return threshold === 1
        ? 'Réalisez un premier entretien et marquez-le comme fait.'
        : `Réalisez ${threshold} entretiens et marquez-les comme faits.`;
    case 'maintenance_planned':
      return `Planifiez ${threshold} ${plural(threshold, 'entretien', 'entretiens')} dans le calendrier.`;
    case 'breakdowns':
      return threshold === 1
        ? 'Enregistrez un premier diagnostic de panne avec l’assistant de réparation.'
        : `Enregistrez ${threshold} diagnostics de panne.`;
    case 'second_life':
      return 'Donnez, vendez ou recyclez un appareil dont vous ne vous servez plus.';
    case 'action:carbon_simulation':
      return 'Faites une simulation avec le simulateur carbone.';
    default:
      return 'Continuez à prendre soin de vos appareils.';
  }
}
