import { API_MSG, ErrorBody, MessageResponse, ROLES } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../lib/route-access.ts';

/** API.md role boards: any signed-in user, ROLE_FREEMIUM, ROLE_ASSURE. */
export const boardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['boards'], security: [{ bearer: [] }], response: { 200: MessageResponse, 401: ErrorBody, 403: ErrorBody } };

  app.get('/user', { config: { access: 'signed-in' }, schema }, async (req) => {
    currentUser(req);
    return { message: API_MSG.boardUser };
  });
  app.get('/freemium', { config: { access: 'signed-in' }, schema }, async (req) => {
    requireRole(req, ROLES.freemium);
    return { message: API_MSG.boardFreemium };
  });
  app.get('/assure', { config: { access: 'signed-in' }, schema }, async (req) => {
    requireRole(req, ROLES.assure);
    return { message: API_MSG.boardAssure };
  });
};
