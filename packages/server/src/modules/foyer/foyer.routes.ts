import { ErrorBody, Foyer, FoyerInvitation, FoyerInvitationAccept, FoyerInvitationCreate, FoyerInvitationPreview, FoyerMemberUpdate, FoyerRename } from '@ecofoyer/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireSelf } from '../../lib/auth-guard.ts';
import { FoyerRepository } from './foyer.repository.ts';
import { FoyerInvitationsService } from './foyer-invitations.service.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const MemberParams = UserParams.extend({ memberId: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const InvitationParams = UserParams.extend({ id: z.coerce.number().int().positive() });

/** The invitations, whose acceptance moves a joiner's data through the modules that own it. */
function invitationsService(app: FastifyInstance): FoyerInvitationsService {
  const { foyer, universes, appliances, events } = app.services;
  const { db, mailer, limiter, clock, config } = app.deps;
  return new FoyerInvitationsService(new FoyerRepository(db), { db, foyer, data: [universes, appliances, events], mailer, limiter, clock, config });
}

/** API.md « Household » (`/api/V1/profils/users`): the foyer of the signed-in user and its members (issue 19). */
export const foyerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { foyer } = app.services;
  const invitations = invitationsService(app);
  const common = { tags: ['foyer'], security: [{ bearer: [] }] };
  app.addHook('preHandler', app.authenticate);

  app.get('/:userId/foyer', { schema: { ...common, params: UserParams, response: { 200: Foyer, ...errors } } }, async (req) => {
    requireSelf(req, req.params.userId);
    return foyer.get(req.params.userId);
  });

  app.put('/:userId/foyer', { schema: { ...common, params: UserParams, body: FoyerRename, response: { 200: Foyer, ...errors } } }, async (req) => {
    requireSelf(req, req.params.userId);
    return foyer.rename(req.params.userId, req.body.nom);
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

  app.post(
    '/:userId/foyer/invitations',
    { schema: { ...common, params: UserParams, body: FoyerInvitationCreate, response: { 201: FoyerInvitation, ...errors } } },
    async (req, reply) => {
      requireSelf(req, req.params.userId);
      return reply.code(201).send(await invitations.invite(req.params.userId, req.body));
    },
  );

  app.delete('/:userId/foyer/invitations/:id', { schema: { ...common, params: InvitationParams, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
    requireSelf(req, req.params.userId);
    await invitations.cancel(req.params.userId, req.params.id);
    return reply.code(204).send(null);
  });
};

const TokenParams = z.object({ token: z.string().min(1).max(200) });

/**
 * API.md « Household » (`/api/V1`): GET V1/foyer/invitations/{token} for the invitation page, open to
 * whoever holds the link (a new user has no account yet); POST …/accept, signed in.
 */
export const foyerInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const invitations = invitationsService(app);
  app.get(
    '/foyer/invitations/:token',
    { schema: { tags: ['foyer'], params: TokenParams, response: { 200: FoyerInvitationPreview, 400: ErrorBody, 404: ErrorBody } } },
    async (req) => invitations.preview(req.params.token),
  );
  app.post(
    '/foyer/invitations/:token/accept',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['foyer'],
        security: [{ bearer: [] }],
        params: TokenParams,
        body: FoyerInvitationAccept.nullish(),
        response: { 200: Foyer, ...errors },
      },
    },
    async (req) => invitations.accept(currentUser(req).userId, req.params.token, req.body?.fusion ?? false),
  );
};
