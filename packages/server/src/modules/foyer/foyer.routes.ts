import { ErrorBody, Foyer, FoyerMemberUpdate } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSelf } from '../../lib/auth-guard.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const MemberParams = UserParams.extend({ memberId: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** API.md « Household » (`/api/V1/profils/users`): the foyer of the signed-in user and its members (issue 19). */
export const foyerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { foyer } = app.services;
  const common = { tags: ['foyer'], security: [{ bearer: [] }] };
  app.addHook('preHandler', app.authenticate);

  app.get('/:userId/foyer', { schema: { ...common, params: UserParams, response: { 200: Foyer, ...errors } } }, async (req) => {
    requireSelf(req, req.params.userId);
    return foyer.get(req.params.userId);
  });

  app.put(
    '/:userId/foyer/membres/:memberId',
    { schema: { ...common, params: MemberParams, body: FoyerMemberUpdate, response: { 200: Foyer, ...errors } } },
    async (req) => {
      requireSelf(req, req.params.userId);
      return foyer.setRole(req.params.userId, req.params.memberId, req.body.role);
    },
  );

  app.delete('/:userId/foyer/membres/:memberId', { schema: { ...common, params: MemberParams, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
    requireSelf(req, req.params.userId);
    await foyer.remove(req.params.userId, req.params.memberId);
    return reply.code(204).send(null);
  });
};
