import { ErrorBody, Rappel, RappelsQuery } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, foyerOf } from '../../lib/route-access.ts';
import { idempotent } from '../../lib/idempotency.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const ItemParams = UserParams.extend({ id: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * Recalls (`/api/V1/profils/users`): the household's product recalls (RappelConso) not handled
 * yet, all or one appliance's, and « J’ai traité ce rappel » (not for a lecteur: 403).
 */
export const recallsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { recalls } = app.services;
  const common = { tags: ['rappels'], security: [{ bearer: [] }] };

  app.get(
    '/:userId/rappels',
    {
      config: { access: 'foyer:read' },
      schema: { ...common, params: UserParams, querystring: RappelsQuery, response: { 200: z.array(Rappel), ...errors } },
    },
    async (req) => recalls.list(foyerOf(req), req.query.applianceId),
  );

  app.post(
    '/:userId/rappels/:id/traite',
    {
      config: { access: 'foyer:write', idempotent: true },
      schema: { ...common, params: ItemParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      const foyerId = foyerOf(req);
      return idempotent(app.deps, req, reply, 204, async () => {
        await recalls.handle(foyerId, currentUser(req).userId, req.params.id);
        return null;
      });
    },
  );
};
