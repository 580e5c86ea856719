import {
  API_BASE,
  type ChatAnswer,
  type ChatBody,
  type MiaAnswer,
  type MiaQuestionBody,
  type SafetyCheck,
  type SafetyCheckBody,
} from '@ecofoyer/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST V1/assistant/chat: the knowledge-base reply. */
export const askChat = (body: ChatBody) => api<ChatAnswer>(`${API_BASE}/assistant/chat`, { method: 'POST', body });

/** POST V1/mia/question: tutorials and the PRECAUTION / CAUSE / INSTRUCTION summary. */
export const askQuestion = (body: MiaQuestionBody) => api<MiaAnswer>(`${API_BASE}/mia/question`, { method: 'POST', body });

/** POST V1/assistant/securite: an emergency or a bypass request the chat's own rules did not recognise. */
export const checkSafety = (body: SafetyCheckBody) => api<SafetyCheck>(`${API_BASE}/assistant/securite`, { method: 'POST', body });
