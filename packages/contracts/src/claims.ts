import { z } from 'zod';
import { TEXT_MAX } from './constants.ts';
import { MSG } from './messages.fr.ts';

/**
 * What « Ma démarche » refuses, in French. Apart from MSG: the login page's first bundle carries MSG
 * whole, and none of these (JS budgets, decision 006).
 */
export const CLAIM_MSG = {
  fileNotClaimDocument: 'Format non accepté : le document doit être un PDF, un JPEG ou un PNG.',
  claimDateInvalid: 'Indiquez une date valide, au format JJ/MM/AAAA, qui ne soit pas dans le futur.',
  claimRouteInvalid: 'Choisissez une démarche parmi celles proposées.',
  claimDefectRequired: 'Décrivez la panne en quelques mots.',
  claimStepInvalid: 'Choisissez une étape parmi celles proposées.',
  claimOutcomeRequired:
    'Indiquez comment la démarche s’est terminée (réparé, remplacé, remboursé ou refusé), et seulement pour la dernière étape.',
  claimNotFound: 'Cette démarche n’existe pas ou plus.',
  claimEventMismatch: 'Cette panne ne concerne pas cet appareil.',
  claimClosed: 'Cette démarche est terminée : aucune étape ne peut plus y être ajoutée.',
} as const;

/**
 * « Ma démarche »: a claim from a breakdown to its remedy — the route chosen (who is asked to remedy
 * it), the steps with their dates (sent, answered, device collected, repaired / replaced / refunded /
 * refused), the documents attached, and what comes next. The routes' rules and the documents' texts
 * are in claims-rules.ts; this file is the HTTP contract.
 */

/**
 * The routes, in the order they are weighed: the seller's legal guarantee of conformity, the
 * commercial guarantee, the maker's duty to repair out of guarantee (Directive (EU) 2024/1799, Annex
 * II goods), hidden defects (code civil), a labelled repairer with the repair bonus, a second life.
 */
export const CLAIM_ROUTES = [
  'garantie-legale',
  'garantie-commerciale',
  'reparation-fabricant',
  'vices-caches',
  'reparateur-bonus',
  'seconde-vie',
] as const;
export type ClaimRouteKind = (typeof CLAIM_ROUTES)[number];

/** The documents the app writes: the formal request to the seller, the request to the maker, the request of a European Repair Information Form, the reminder to the seller. */
export const CLAIM_DOCUMENTS = ['demande-vendeur', 'demande-fabricant', 'formulaire-reparation', 'relance-vendeur'] as const;
export type ClaimDocumentKind = (typeof CLAIM_DOCUMENTS)[number];

/** One route as it applies to one appliance on one day: whether it is open, why, what it costs and how long it takes. */
export const ClaimRoute = z.object({
  voie: z.enum(CLAIM_ROUTES),
  titre: z.string(),
  /** Open today for this appliance (the others are shown greyed, with why). */
  applicable: z.boolean(),
  raison: z.string(),
  cout: z.string(),
  delai: z.string(),
  /** The document the app prepares for this route (null: none, e.g. a second life). */
  document: z.enum(CLAIM_DOCUMENTS).nullable(),
  /** Where the facts of this route come from, and when they were checked. */
  source: z.string(),
  /**
   * The route rests on a text whose application in France could not be confirmed on the day the facts
   * were checked (the directive's duty to repair before its transposition is confirmed): offered as a
   * request the other party may accept, never as a right.
   */
  aConfirmer: z.boolean(),
});
export type ClaimRoute = z.infer<typeof ClaimRoute>;

/** GET …/appliances/{id}/demarche: the routes in their order, the first open one recommended. */
export const ClaimOptions = z.object({
  applianceId: z.number().int(),
  aujourdhui: z.string(),
  voies: z.array(ClaimRoute),
  recommandee: z.enum(CLAIM_ROUTES).nullable(),
});
export type ClaimOptions = z.infer<typeof ClaimOptions>;

/**
 * The steps a claim goes through. `envoyee`: the request left (its date starts the seller's 30 days);
 * `reponse`: an answer came; `relance`: a reminder sent; `appareil-recupere`: the device was
 * collected; `mediation` / `signalconso` / `conciliateur`: the next steps when nothing moves;
 * `issue`: the end, with its outcome.
 */
export const CLAIM_STEPS = [
  'envoyee',
  'reponse',
  'relance',
  'appareil-recupere',
  'mediation',
  'signalconso',
  'conciliateur',
  'issue',
] as const;
export type ClaimStepKind = (typeof CLAIM_STEPS)[number];

export const CLAIM_OUTCOMES = ['reparee', 'remplacee', 'remboursee', 'refusee'] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];

export const CLAIM_STATUSES = ['preparee', 'envoyee', 'terminee'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Days the seller has to bring the good into conformity (article L217-10 of the code de la consommation): past them, the household is reminded. */
export const CLAIM_ANSWER_DAYS = 30;

/** Days a reminder leaves before the next step is proposed. */
export const CLAIM_REMINDER_DAYS = 15;

/** The routes whose request waits for an answer by a deadline (the seller's or the maker's). */
const ANSWER_AWAITED: ReadonlySet<ClaimRouteKind> = new Set(['garantie-legale', 'garantie-commerciale', 'reparation-fabricant']);

const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The day an answer is due: the request's day + CLAIM_ANSWER_DAYS, or the last reminder's day +
 * CLAIM_REMINDER_DAYS, while no answer and no outcome came after it; null when nothing is awaited.
 */
export function claimDeadline(claim: { voie: ClaimRouteKind; etapes: readonly { type: ClaimStepKind; date: string }[] }): string | null {
  if (!ANSWER_AWAITED.has(claim.voie)) return null;
  let due: string | null = null;
  const steps = [...claim.etapes].sort((a, b) => a.date.localeCompare(b.date));
  for (const step of steps) {
    if (step.type === 'envoyee' && due === null) due = plusDays(step.date, CLAIM_ANSWER_DAYS);
    else if (step.type === 'relance' && due !== null) due = plusDays(step.date, CLAIM_REMINDER_DAYS);
    else if (step.type === 'reponse' || step.type === 'issue' || step.type === 'appareil-recupere') due = null;
  }
  return due;
}

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  preparee: 'Préparée',
  envoyee: 'Envoyée',
  terminee: 'Terminée',
};

export const CLAIM_STEP_LABELS: Record<ClaimStepKind, string> = {
  envoyee: 'Demande envoyée',
  reponse: 'Réponse reçue',
  relance: 'Relance envoyée',
  'appareil-recupere': 'Appareil pris en charge',
  mediation: 'Médiateur saisi',
  signalconso: 'Signalement SignalConso',
  conciliateur: 'Conciliateur de justice saisi',
  issue: 'Démarche terminée',
};

export const CLAIM_OUTCOME_LABELS: Record<ClaimOutcome, string> = {
  reparee: 'Réparé',
  remplacee: 'Remplacé',
  remboursee: 'Remboursé',
  refusee: 'Refusé',
};

export const ClaimStep = z.object({
  id: z.number().int(),
  type: z.enum(CLAIM_STEPS),
  /** The day it happened, `YYYY-MM-DD`. */
  date: z.string(),
  note: z.string().nullable(),
  issue: z.enum(CLAIM_OUTCOMES).nullable(),
  /** The member who wrote it (null once they left the household). */
  auteur: z.string().nullable(),
});
export type ClaimStep = z.infer<typeof ClaimStep>;

/** A document kept with a claim (an answer, a quote, an invoice): its name and a signed address. */
export const ClaimAttachment = z.object({
  id: z.number().int(),
  nom: z.string(),
  fileUrl: z.string(),
  ajouteLe: z.string(),
});
export type ClaimAttachment = z.infer<typeof ClaimAttachment>;

export const Claim = z.object({
  id: z.number().int(),
  applianceId: z.number().int(),
  applianceName: z.string(),
  /** The breakdown (PANNE event) the claim is about: its outcome is written there. */
  eventId: z.number().int(),
  voie: z.enum(CLAIM_ROUTES),
  /** Who is asked: the seller, the maker or the repairer (as typed, or the appliance's seller). */
  destinataire: z.string().nullable(),
  defaut: z.string(),
  statut: z.enum(CLAIM_STATUSES),
  issue: z.enum(CLAIM_OUTCOMES).nullable(),
  creeLe: z.string(),
  /** The day an answer is due (the request's day + CLAIM_ANSWER_DAYS) while none came; null otherwise. */
  echeance: z.string().nullable(),
  etapes: z.array(ClaimStep),
  pieces: z.array(ClaimAttachment),
});
export type Claim = z.infer<typeof Claim>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: CLAIM_MSG.claimDateInvalid });
const note = z
  .string()
  .max(TEXT_MAX, { error: MSG.textTooLong(TEXT_MAX) })
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

/** POST …/demarches: a claim for an appliance's breakdown (an existing PANNE event, or one made from `defaut`). */
export const ClaimCreate = z.object({
  applianceId: z.coerce.number().int().positive(),
  voie: z.enum(CLAIM_ROUTES, { error: CLAIM_MSG.claimRouteInvalid }),
  eventId: z.coerce.number().int().positive().nullish(),
  defaut: z
    .string()
    .trim()
    .min(1, { error: CLAIM_MSG.claimDefectRequired })
    .max(500, { error: MSG.textTooLong(500) }),
  destinataire: z
    .string()
    .trim()
    .max(120, { error: MSG.textTooLong(120) })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ClaimCreate = z.infer<typeof ClaimCreate>;

/** POST …/demarches/{id}/etapes: a step on a day (not in the future); `issue` only, and required, with `type: 'issue'`. */
export const ClaimStepCreate = z
  .object({
    type: z.enum(CLAIM_STEPS, { error: CLAIM_MSG.claimStepInvalid }),
    date: day,
    note,
    issue: z.enum(CLAIM_OUTCOMES, { error: CLAIM_MSG.claimOutcomeRequired }).nullish(),
  })
  .refine((s) => (s.type === 'issue') === Boolean(s.issue), { error: CLAIM_MSG.claimOutcomeRequired, path: ['issue'] });
export type ClaimStepCreate = z.infer<typeof ClaimStepCreate>;
