import { z } from 'zod';
import { MSG } from './messages.fr.ts';
import { EmailField } from './auth.ts';

/**
 * A household shared by several people (issue 19; API.md « Household »). `proprietaire`: everything,
 * members included; `membre`: reads and writes the household's data; `lecteur`: reads only.
 */
export const FOYER_ROLES = ['proprietaire', 'membre', 'lecteur'] as const;
export type FoyerRole = (typeof FOYER_ROLES)[number];

export const FOYER_ROLE_LABELS: Record<FoyerRole, string> = { proprietaire: 'Propriétaire', membre: 'Membre', lecteur: 'Lecteur' };

/** How long an invitation can be accepted (issue 19: single use, 7 days). */
export const FOYER_INVITATION_DAYS = 7;

export const FoyerRoleField = z.enum(FOYER_ROLES, { error: MSG.foyerRoleInvalid });

export const FoyerMember = z.object({ userId: z.number().int(), prenom: z.string(), role: z.enum(FOYER_ROLES) });
export type FoyerMember = z.infer<typeof FoyerMember>;

export const FoyerInvitation = z.object({ id: z.number().int(), email: z.string(), role: z.enum(FOYER_ROLES), expire: z.string() });
export type FoyerInvitation = z.infer<typeof FoyerInvitation>;

/** GET V1/profils/users/{userId}/foyer */
export const Foyer = z.object({ id: z.number().int(), nom: z.string(), membres: z.array(FoyerMember), invitations: z.array(FoyerInvitation) });
export type Foyer = z.infer<typeof Foyer>;

/** PUT V1/profils/users/{userId}/foyer: an owner names the foyer; empty, it takes back « Foyer de {prénom} ». */
export const FoyerRename = z.object({
  nom: z
    .string()
    .trim()
    .max(60, { error: MSG.foyerNameTooLong })
    .transform((v) => v.replace(/\s+/g, ' ') || null),
});
export type FoyerRename = z.input<typeof FoyerRename>;

/** PUT V1/profils/users/{userId}/foyer/membres/{memberId} */
export const FoyerMemberUpdate = z.object({ role: FoyerRoleField });
export type FoyerMemberUpdate = z.infer<typeof FoyerMemberUpdate>;

/** POST V1/profils/users/{userId}/foyer/invitations */
export const FoyerInvitationCreate = z.object({
  email: EmailField,
  role: FoyerRoleField,
});
export type FoyerInvitationCreate = z.infer<typeof FoyerInvitationCreate>;

/** POST V1/foyer/invitations/{token}/accept: `fusion` brings the joiner's own data into the foyer (else kept apart). */
export const FoyerInvitationAccept = z.object({ fusion: z.boolean().optional() });
export type FoyerInvitationAccept = z.infer<typeof FoyerInvitationAccept>;

/** GET V1/foyer/invitations/{token}: what the invitation page shows before anyone signs in. */
export const FoyerInvitationPreview = z.object({ nom: z.string(), invitePar: z.string(), role: z.enum(FOYER_ROLES), expire: z.string() });
export type FoyerInvitationPreview = z.infer<typeof FoyerInvitationPreview>;
