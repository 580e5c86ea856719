import { z } from 'zod';
import { MSG } from './messages.fr.ts';
import { EmailField } from './auth.ts';

/**
 * A household shared by several people (API.md « Household »). `proprietaire`: everything,
 * members included; `membre`: reads and writes the household's data; `lecteur`: reads only.
 */
export const FOYER_ROLES = ['proprietaire', 'membre', 'lecteur'] as const;
export type FoyerRole = (typeof FOYER_ROLES)[number];

export const FOYER_ROLE_LABELS: Record<FoyerRole, string> = { proprietaire: 'Propriétaire', membre: 'Membre', lecteur: 'Lecteur' };

/** How long an invitation can be accepted (single use, 7 days). */
export const FOYER_INVITATION_DAYS = 7;

export const FoyerRoleField = z.enum(FOYER_ROLES, { error: MSG.foyerRoleInvalid });

export const FoyerMember = z.object({ userId: z.number().int(), prenom: z.string(), role: z.enum(FOYER_ROLES) });
export type FoyerMember = z.infer<typeof FoyerMember>;

/** `aConfirmer`: an invitation as propriétaire made by a co-owner, not sent until the holder confirms it. */
export const FoyerInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(FOYER_ROLES),
  expire: z.string(),
  aConfirmer: z.boolean(),
});
export type FoyerInvitation = z.infer<typeof FoyerInvitation>;

/**
 * GET V1/profils/users/{userId}/foyer. `responsable`: the member who holds the household — its founder
 * until they hand it over; nobody else can change their role or remove them, and only they name
 * propriétaires (null when that account is gone and nobody was there to take it over).
 */
export const Foyer = z.object({
  id: z.number().int(),
  nom: z.string(),
  responsable: z.number().int().nullable(),
  membres: z.array(FoyerMember),
  invitations: z.array(FoyerInvitation),
});
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

/**
 * GET V1/foyer/invitations/{token}: what the invitation page shows before anyone signs in. `pour`: the
 * invited address, masked (« c•••@exemple.fr »), the one the page shows so that the person signs in
 * with the right account. `email`: the same address in full, which the sign-up form opened from the
 * invitation starts with; only the holder of the mailed link gets it (the token is the credential).
 */
export const FoyerInvitationPreview = z.object({
  nom: z.string(),
  invitePar: z.string(),
  role: z.enum(FOYER_ROLES),
  expire: z.string(),
  pour: z.string(),
  email: z.string(),
});
export type FoyerInvitationPreview = z.infer<typeof FoyerInvitationPreview>;

/**
 * What becomes of the household's data when the person who holds it leaves it or deletes their account:
 * `laisser` — it stays with the other members (the household is handed to `successeur`, or to the
 * longest-standing propriétaire, else member); `emporter` (leaving) — it goes with them and the others
 * go back to their own foyers; `supprimer` (account deletion) — it is deleted with the account and the
 * others go back to their own foyers. Someone who does not hold the household has nothing of it to take.
 */
export const FOYER_DATA_CHOICES = ['laisser', 'emporter', 'supprimer'] as const;
export type FoyerDataChoice = (typeof FOYER_DATA_CHOICES)[number];

const PasswordField = z.string().max(128);

/** DELETE V1/profils/users/{userId}/foyer/membres/{self}: leaving (a body only for the holder). */
export const FoyerLeave = z.object({
  donnees: z.enum(['laisser', 'emporter']).optional(),
  successeur: z.number().int().positive().optional(),
  currentPassword: PasswordField.optional(),
});
export type FoyerLeave = z.infer<typeof FoyerLeave>;

/** POST V1/profils/users/{userId}/foyer/transfert: the holder hands the household over, with their password. */
export const FoyerTransfer = z.object({
  memberId: z.number().int().positive(),
  currentPassword: PasswordField.min(1, { error: MSG.currentPasswordRequired }),
});
export type FoyerTransfer = z.infer<typeof FoyerTransfer>;

/** Masks an address for the invitation page: « c•••@exemple.fr ». */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}
