import { z } from 'zod';

/**
 * The « Dossier d'inventaire » — a PDF built on the server for an insurer or a move — and
 * the read-only links that show its content to someone without an account.
 */

const EUROS = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount as French writes it: « 1 234,50 € ». The thousands are kept apart by a no-break space
 * (U+00A0) rather than Intl's narrow one (U+202F), which the PDF's standard fonts cannot draw.
 */
export function eurosFr(amount: number): string {
  return `${EUROS.format(amount).replace(/[\u202f\u2009]/g, '\u00a0')}\u00a0€`;
}

/** « 1 appareil », « 12 appareils ». */
export const appliancesCountFr = (n: number) =>
  `${n.toLocaleString('fr-FR').replace(/[\u202f\u2009]/g, '\u00a0')} appareil${n > 1 ? 's' : ''}`;

export const DOSSIER_STATUSES = ['en-cours', 'pret', 'echec'] as const;

/** POST …/dossier: build the PDF; `factures`: the invoices added after the list, one per page. */
export const DossierCreate = z.object({ factures: z.boolean().default(false) });
export type DossierCreate = z.infer<typeof DossierCreate>;

/** A dossier being built (`fait` appliances out of `total`), built (`pret`, its size in bytes) or failed. */
export const DossierJob = z.object({
  id: z.string(),
  statut: z.enum(DOSSIER_STATUSES),
  fait: z.number().int(),
  total: z.number().int(),
  factures: z.boolean(),
  taille: z.number().int().nullable(),
  demandeLe: z.string(),
  message: z.string().nullable(),
});
export type DossierJob = z.infer<typeof DossierJob>;

/** How long a read-only link lasts (7 or 30 days). */
export const SHARE_DAYS = [7, 30] as const;

export const DossierShareCreate = z.object({ jours: z.union([z.literal(7), z.literal(30)]) });
export type DossierShareCreate = z.infer<typeof DossierShareCreate>;

/** A read-only link as its owner sees it in the profile. */
export const DossierShare = z.object({
  id: z.string(),
  lien: z.string(),
  jours: z.number().int(),
  creeLe: z.string(),
  expireLe: z.string(),
});
export type DossierShare = z.infer<typeof DossierShare>;

/** One appliance as the dossier shows it (no owner, no e-mail, no note). */
export const DossierAppliance = z.object({
  id: z.number().int(),
  nom: z.string(),
  univers: z.string().nullable(),
  type: z.string().nullable(),
  marque: z.string().nullable(),
  modele: z.string().nullable(),
  numeroSerie: z.string().nullable(),
  dateAchat: z.string().nullable(),
  prixAchat: z.number().nullable(),
  vendeur: z.string().nullable(),
  occasion: z.boolean(),
  classeEnergie: z.string().nullable(),
  /** « Garantie légale jusqu’au 12 mars 2026 », « Garantie terminée le … », « Date d’achat inconnue ». */
  garantie: z.string(),
  sousGarantie: z.boolean(),
  photo: z.string().nullable(),
  facture: z.object({ nom: z.string(), url: z.string(), type: z.string() }).nullable(),
});
export type DossierAppliance = z.infer<typeof DossierAppliance>;

/** GET /api/V1/partages/{jeton}: what the person with the link sees. */
export const SharedDossier = z.object({
  /** The name the foyer gave itself; null without one (the page shows a neutral title, never a member's first name). */
  foyer: z.string().nullable(),
  etabliLe: z.string(),
  expireLe: z.string(),
  nombre: z.number().int(),
  valeurTotale: z.number(),
  prixConnus: z.number().int(),
  appareils: z.array(DossierAppliance),
});
export type SharedDossier = z.infer<typeof SharedDossier>;
