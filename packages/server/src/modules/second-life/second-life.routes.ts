import { ErrorBody, SecondLifeBody, SecondLifeItem } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, foyerOf } from '../../lib/route-access.ts';
import { idempotent } from '../../lib/idempotency.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Second life (`/api/V1/profils/users`): a device given, sold or recycled leaves the inventory for the history. */
export const secondLifeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { secondLife } = app.services;
  const common = { tags: ['second-life'], security: [{ bearer: [] }] };

  app.get(
    '/:userId/appliances/history',
    { config: { access: 'foyer:read' }, schema: { ...common, params: UserParams, response: { 200: z.array(SecondLifeItem), ...errors } } },
    async (req) => {
      const foyerId = foyerOf(req);
      return secondLife.history(foyerId);
    },
  );

  app.post(
    '/:userId/appliances/:id/second-life',
    {
      config: { access: 'foyer:write', idempotent: true },
      schema: {
        ...common,
        params: UserParams.extend({ id: z.coerce.number().int().positive() }),
        body: SecondLifeBody,
        response: { 200: SecondLifeItem, ...errors },
      },
    },
    async (req, reply) => {
      const foyerId = foyerOf(req);
      return idempotent(app.deps, req, reply, 200, () =>
        secondLife.give(foyerId, req.params.id, req.body.outcome, currentUser(req).userId),
      );
    },
  );
};
