import type { ChatBody, SafetyCheckBody } from '@ecofoyer/contracts';
import { type Body, call } from '../../../lib/api-call.ts';

/** POST V1/assistant/chat: the knowledge-base reply. */
export const askChat = (body: ChatBody) => call('post', '/api/V1/assistant/chat', { body });

/** POST V1/mia/question: tutorials and the PRECAUTION / CAUSE / INSTRUCTION summary. */
export const askQuestion = (body: Body<'post', '/api/V1/mia/question'>) => call('post', '/api/V1/mia/question', { body });

/** POST V1/assistant/securite: an emergency or a bypass request the chat's own rules did not recognise. */
export const checkSafety = (body: SafetyCheckBody) => call('post', '/api/V1/assistant/securite', { body });
