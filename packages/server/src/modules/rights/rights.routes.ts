import { Droits, DroitsResume, ErrorBody } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { household } from '../../lib/auth-guard.ts';

const ItemParams = z.object({ id: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** API.md « Mes droits »: GET V1/profils/users/foyers/univers/appliances/{id}/droits (another household's id: 404). */
export const rightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rights, householdCache } = app.services;
  app.addHook('preHandler', app.authenticate);
  app.get('/foyers/univers/appliances/:id/droits', { schema: { tags: ['droits'], security: [{ bearer: [] }], params: ItemParams, response: { 200: Droits, ...errors } } }, async (req) =>
    rights.forAppliance(await household(req), req.params.id),
  );
  app.get('/:userId/droits/resume', { schema: { tags: ['droits'], security: [{ bearer: [] }], params: z.object({ userId: z.coerce.number().int().positive() }), response: { 200: DroitsResume, ...errors } } }, async (req) => {
    const foyerId = await household(req, req.params.userId);
    return householdCache.answer(foyerId, 'droits/resume', () => rights.summary(foyerId));
  });
};
