import { ChatAnswer, ChatBody, ErrorBody, MiaAnswer, MiaQuestionBody, SafetyCheck, SafetyCheckBody } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { foyerOf } from '../../lib/route-access.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** API.md "Assistant": POST V1/mia/question and V1/assistant/chat (signed-in users). */
export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { assistant } = app.services;
  const common = { tags: ['assistant'], security: [{ bearer: [] }] };

  // A question reads the household's appliance it is about (a lecteur may ask).
  app.post(
    '/mia/question',
    { config: { access: 'foyer:read' }, schema: { ...common, body: MiaQuestionBody, response: { 200: MiaAnswer, ...errors } } },
    async (req) => assistant.question(foyerOf(req), req.body),
  );

  // What a description is before the chat says anything about it: an emergency, a bypass request, or neither.
  app.post(
    '/assistant/securite',
    { config: { access: 'signed-in' }, schema: { ...common, body: SafetyCheckBody, response: { 200: SafetyCheck, ...errors } } },
    (req) => assistant.check(req.body),
  );

  app.post(
    '/assistant/chat',
    { config: { access: 'signed-in' }, schema: { ...common, body: ChatBody, response: { 200: ChatAnswer, ...errors } } },
    (req) => assistant.chat(req.body),
  );
};
