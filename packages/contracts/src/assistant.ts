import { z } from 'zod';
import { TEXT_MAX } from './constants.ts';
import { MSG } from './messages.fr.ts';

/** POST V1/mia/question (API.md): the user's words, and the device when the chat knows it. */
export const MiaQuestionBody = z.object({
  userQuestion: z.string().trim().min(1, { error: MSG.assistantQuestionRequired }).max(TEXT_MAX, { error: MSG.textTooLong(TEXT_MAX) }),
  productName: z.string().trim().max(100).nullish(),
  applianceId: z.coerce.number().int().positive().nullish(),
});
export type MiaQuestionBody = z.input<typeof MiaQuestionBody>;

export const TutorialLink = z.object({ title: z.string(), url: z.string() });
export type TutorialLink = z.infer<typeof TutorialLink>;

/** spec §3 Assistant response: the tutorials and the PRECAUTION / CAUSE / INSTRUCTION summary. */
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
});
export type MiaAnswer = z.infer<typeof MiaAnswer>;

/** POST V1/assistant/chat (API.md). */
export const ChatBody = z.object({
  user_prompt: z.string().trim().min(1, { error: MSG.assistantQuestionRequired }).max(TEXT_MAX, { error: MSG.textTooLong(TEXT_MAX) }),
  productName: z.string().trim().max(100).nullish(),
});
export type ChatBody = z.input<typeof ChatBody>;
export const ChatAnswer = z.object({ answer: z.string() });
export type ChatAnswer = z.infer<typeof ChatAnswer>;

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

const GREETING_WORDS = new Set(
  'bonjour bonsoir salut coucou hello hi hey yo slt bjr cc re rebonjour allo allô bonne journee soiree ca va vas tu comment toi merci assistant mia ecofoyer le la et'.split(' ').map(fold),
);
const GREETING_HEADS = new Set('bonjour bonsoir salut coucou hello hi hey yo slt bjr cc rebonjour allo'.split(' '));

/** spec §4 repair chat step 3: a message made only of greetings ("Bonjour !", "salut ça va ?"). */
export function isGreeting(text: string): boolean {
  const words = fold(text).split(/[^a-z0-9]+/).filter(Boolean);
  return words.length > 0 && words.length <= 6 && GREETING_HEADS.has(words[0]!) && words.every((w) => GREETING_WORDS.has(w));
}
