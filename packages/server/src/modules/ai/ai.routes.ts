import { Appliance, ErrorBody, ImageReading, ImageSearchBody, SearchAndSaveBody } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, foyerOf } from '../../lib/route-access.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody };

/** API.md "image search" (`/api/ai`): reading a rating plate, and saving the appliance it shows. */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ai } = app.services;
  const common = { tags: ['ai'], security: [{ bearer: [] }] };
  app.addHook('onClose', () => ai.close());

  app.post(
    '/images',
    { config: { access: 'signed-in' }, schema: { ...common, body: ImageSearchBody, response: { 200: ImageReading, ...errors } } },
    (req) => ai.images(currentUser(req).userId, req.body.urlImage, req.body.searchText),
  );

  app.post(
    '/appliance/searchandsave',
    { config: { access: 'foyer:write' }, schema: { ...common, body: SearchAndSaveBody, response: { 201: Appliance, ...errors } } },
    async (req, reply) => reply.code(201).send(await ai.searchAndSave(currentUser(req).userId, foyerOf(req), req.body)),
  );
};
