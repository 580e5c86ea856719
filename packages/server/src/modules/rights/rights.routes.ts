import { ClaimOptions, Droits, DroitsResume, ErrorBody } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { foyerOf } from '../../lib/route-access.ts';

const ItemParams = z.object({ id: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * API.md « Mes droits »: GET V1/profils/users/foyers/univers/appliances/{id}/droits and …/{id}/demarche
 * (the routes of « Ma démarche »); another household's id: 404.
 */
export const rightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rights, householdCache } = app.services;
  app.get(
    '/foyers/univers/appliances/:id/droits',
    {
      config: { access: 'foyer:read' },
      schema: { tags: ['droits'], security: [{ bearer: [] }], params: ItemParams, response: { 200: Droits, ...errors } },
    },
    async (req) => rights.forAppliance(foyerOf(req), req.params.id),
  );
  app.get(
    '/foyers/univers/appliances/:id/demarche',
    {
      config: { access: 'foyer:read' },
      schema: { tags: ['droits'], security: [{ bearer: [] }], params: ItemParams, response: { 200: ClaimOptions, ...errors } },
    },
    async (req) => rights.claimOptions(foyerOf(req), req.params.id),
  );
  app.get(
    '/:userId/droits/resume',
    {
      config: { access: 'foyer:read' },
      schema: {
        tags: ['droits'],
        security: [{ bearer: [] }],
        params: z.object({ userId: z.coerce.number().int().positive() }),
        response: { 200: DroitsResume, ...errors },
      },
    },
    async (req) => {
      const foyerId = foyerOf(req);
      return householdCache.answer(foyerId, 'droits/resume', () => rights.summary(foyerId));
    },
  );
};
