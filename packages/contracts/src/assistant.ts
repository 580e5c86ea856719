import { z } from 'zod';
import { TEXT_MAX } from './constants.ts';
import { AucuneFiche, Urgence } from './emergency.ts';
import { foldFr } from './normalize.ts';
import { MSG } from './messages.fr.ts';
import { Refus } from './safety-bypass.ts';

/** POST V1/mia/question (API.md): the user's words, and the device when the chat knows it. */
export const MiaQuestionBody = z.object({
  userQuestion: z
    .string()
    .trim()
    .min(1, { error: MSG.assistantQuestionRequired })
    .max(TEXT_MAX, { error: MSG.textTooLong(TEXT_MAX) }),
  productName: z.string().trim().max(100).nullish(),
  applianceId: z.coerce.number().int().positive().nullish(),
  /** The fault the chat has just answered with: its sheet is shown rather than a new search. */
  faultId: z.string().trim().max(120).nullish(),
});
export type MiaQuestionBody = z.input<typeof MiaQuestionBody>;

export const TutorialLink = z.object({ title: z.string(), url: z.string() });
export type TutorialLink = z.infer<typeof TutorialLink>;

/** product §3, Assistant response: the tutorials and the PRECAUTION / CAUSE / INSTRUCTION summary. */
export const AssistantSummary = z.object({ PRECAUTION: z.string(), CAUSE: z.array(z.string()), INSTRUCTION: z.array(z.string()) });
export type AssistantSummary = z.infer<typeof AssistantSummary>;

/** The fault the summary describes (added to the spec's shape so the client can title it and save it). */
export const DiagnosedFault = z.object({
  id: z.string(),
  title: z.string(),
  professional: z.string(),
  /** oui: safe to do yourself; prudence: with care; non: a professional's job. */
  diy: z.enum(['oui', 'prudence', 'non']),
});
export type DiagnosedFault = z.infer<typeof DiagnosedFault>;

export const MiaAnswer = z.object({
  reference_urls: z.array(TutorialLink),
  summary: AssistantSummary,
  fault: DiagnosedFault.nullable(),
  /** Other faults that also match, most likely first. */
  alternatives: z.array(DiagnosedFault.pick({ id: true, title: true })),
  /** API.md: an emergency instead of a diagnosis (no cause, no step, no tutorial). */
  urgence: Urgence.optional(),
  /** API.md: no sheet for this problem on this device (the assistant does not guess). */
  aucuneFiche: AucuneFiche.optional(),
  /** A request to disable a safety device: the fixed refusal instead of a sheet: never how to do it. */
  refus: Refus.optional(),
});
export type MiaAnswer = z.infer<typeof MiaAnswer>;

/** POST V1/assistant/chat (API.md). */
/** The diagnosis a follow-up refines: the fault and the index of the last cause the chat proposed. */
export const ChatSuite = z.object({
  faultId: z.string().trim().min(1).max(120),
  cause: z.number().int().min(0).max(50),
  /** The causes the person has ruled out so far (only those, in the sheet's order). */
  ecartees: z.array(z.number().int().min(0).max(50)).max(50).optional(),
});
export type ChatSuite = z.infer<typeof ChatSuite>;

export const ChatBody = z.object({
  user_prompt: z
    .string()
    .trim()
    .min(1, { error: MSG.assistantQuestionRequired })
    .max(TEXT_MAX, { error: MSG.textTooLong(TEXT_MAX) }),
  productName: z.string().trim().max(100).nullish(),
  /** Present on a follow-up once a diagnosis was shown (follow-ups refine it). */
  suite: ChatSuite.nullish(),
});
export type ChatBody = z.input<typeof ChatBody>;
export const ChatAnswer = z.object({
  answer: z.string(),
  /** The fault the answer is about (null for an emergency, no sheet, or an empty answer). */
  fault: DiagnosedFault.pick({ id: true, title: true }).nullish(),
  /** Set when the answer refines the current diagnosis: the cause now proposed. */
  suite: ChatSuite.nullish(),
  urgence: Urgence.optional(),
  aucuneFiche: AucuneFiche.optional(),
  refus: Refus.optional(),
});
export type ChatAnswer = z.infer<typeof ChatAnswer>;

const GREETING_WORDS = new Set(
  'bonjour bonsoir salut coucou hello hi hey yo slt bjr cc re rebonjour allo allô bonne journee soiree ca va vas tu comment toi merci assistant mia ecofoyer le la et'
    .split(' ')
    .map(foldFr),
);
const GREETING_HEADS = new Set('bonjour bonsoir salut coucou hello hi hey yo slt bjr cc rebonjour allo'.split(' '));

/** product §4, repair chat step 3: a message made only of greetings ("Bonjour !", "salut ça va ?"). */
export function isGreeting(text: string): boolean {
  const words = foldFr(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.length > 0 && words.length <= 6 && GREETING_HEADS.has(words[0]!) && words.every((w) => GREETING_WORDS.has(w));
}

/** POST V1/assistant/securite: what a description is, before anything else is said about it: danger first. */
export const SafetyCheckBody = z.object({
  texte: z
    .string()
    .trim()
    .min(1, { error: MSG.assistantQuestionRequired })
    .max(TEXT_MAX, { error: MSG.textTooLong(TEXT_MAX) }),
  productName: z.string().trim().max(100).nullish(),
});
export type SafetyCheckBody = z.input<typeof SafetyCheckBody>;
export const SafetyCheck = z.object({ urgence: Urgence.nullable(), refus: Refus.nullable() });
export type SafetyCheck = z.infer<typeof SafetyCheck>;
