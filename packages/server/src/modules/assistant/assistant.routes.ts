import { ChatAnswer, ChatBody, ErrorBody, MiaAnswer, MiaQuestionBody } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { household } from '../../lib/auth-guard.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** API.md "Assistant": POST V1/mia/question and V1/assistant/chat (signed-in users). */
export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { assistant } = app.services;
  const common = { tags: ['assistant'], security: [{ bearer: [] }] };
  app.addHook('preHandler', app.authenticate);

  // A question reads the household's appliance it is about (a lecteur may ask).
  app.post('/mia/question', { schema: { ...common, body: MiaQuestionBody, response: { 200: MiaAnswer, ...errors } } }, async (req) =>
    assistant.question(await household(req, undefined, 'read'), req.body),
  );

  app.post('/assistant/chat', { schema: { ...common, body: ChatBody, response: { 200: ChatAnswer, ...errors } } }, (req) => assistant.chat(req.body));
};
