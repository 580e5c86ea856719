import {
  ErrorBody,
  Foyer,
  FoyerInvitation,
  FoyerInvitationAccept,
  FoyerInvitationCreate,
  FoyerInvitationPreview,
  FoyerLeave,
  FoyerMemberUpdate,
  FoyerRename,
  FoyerTransfer,
} from '@ecofoyer/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/route-access.ts';
import { FoyerRepository } from './foyer.repository.ts';
import { FoyerInvitationsService } from './foyer-invitations.service.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const MemberParams = UserParams.extend({ memberId: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const InvitationParams = UserParams.extend({ id: z.coerce.number().int().positive() });

/** The invitations, whose acceptance moves a joiner's data through the modules that own it. */
function invitationsService(app: FastifyInstance): FoyerInvitationsService {
  const { foyer, universes, appliances, events, claims } = app.services;
  const { db, mailer, limiter, clock, config } = app.deps;
  return new FoyerInvitationsService(new FoyerRepository(db), {
    db,
    foyer,
    data: [universes, appliances, events, claims],
    mailer,
    limiter,
    clock,
    config,
  });
}

/** API.md « Household » (`/api/V1/profils/users`): the foyer of the signed-in user and its members. */
export const foyerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { foyer } = app.services;
  const invitations = invitationsService(app);
  const common = { tags: ['foyer'], security: [{ bearer: [] }] };

  app.get(
    '/:userId/foyer',
    { config: { access: 'foyer:read' }, schema: { ...common, params: UserParams, response: { 200: Foyer, ...errors } } },
    async (req) => {
      return foyer.get(req.params.userId);
    },
  );

  app.put(
    '/:userId/foyer',
    {
      config: { access: 'foyer:owner' },
      schema: { ...common, params: UserParams, body: FoyerRename, response: { 200: Foyer, ...errors } },
    },
    async (req) => {
      return foyer.rename(req.params.userId, req.body.nom);
    },
  );

  app.put(
    '/:userId/foyer/membres/:memberId',
    {
      config: { access: 'foyer:owner' },
      schema: { ...common, params: MemberParams, body: FoyerMemberUpdate, response: { 200: Foyer, ...errors } },
    },
    async (req) => {
      return foyer.setRole(req.params.userId, req.params.memberId, req.body.role);
    },
  );

  // Any member may leave (an owner removes the others, not the holder); the holder leaving says what
  // becomes of the data and confirms with their password, checked here before anything changes.
  app.delete(
    '/:userId/foyer/membres/:memberId',
    {
      config: { access: 'foyer:read' },
      schema: { ...common, params: MemberParams, body: FoyerLeave.nullish(), response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      const { userId, memberId } = req.params;
      const body = req.body ?? {};
      const confirmed = memberId === userId && body.currentPassword !== undefined;
      if (confirmed) await app.accounts.profile.reauthenticate(userId, body.currentPassword, req.ip);
      await foyer.remove(userId, memberId, { ...body, confirmed });
      return reply.code(204).send(null);
    },
  );

  // Handing the household over: its holder only, with their password (a stolen session alone cannot).
  app.post(
    '/:userId/foyer/transfert',
    {
      config: { access: 'foyer:founder' },
      schema: { ...common, params: UserParams, body: FoyerTransfer, response: { 200: Foyer, ...errors } },
    },
    async (req) => {
      await app.accounts.profile.reauthenticate(req.params.userId, req.body.currentPassword, req.ip);
      return foyer.transfer(req.params.userId, req.body.memberId);
    },
  );

  app.post(
    '/:userId/foyer/invitations',
    {
      config: { access: 'foyer:owner' },
      schema: { ...common, params: UserParams, body: FoyerInvitationCreate, response: { 201: FoyerInvitation, ...errors } },
    },
    async (req, reply) => {
      return reply.code(201).send(await invitations.invite(req.params.userId, req.body));
    },
  );

  // A co-owner's invitation as propriétaire leaves only once the holder confirms it.
  app.post(
    '/:userId/foyer/invitations/:id/confirmation',
    { config: { access: 'foyer:founder' }, schema: { ...common, params: InvitationParams, response: { 200: FoyerInvitation, ...errors } } },
    async (req) => invitations.confirm(req.params.userId, req.params.id),
  );

  app.delete(
    '/:userId/foyer/invitations/:id',
    { config: { access: 'foyer:owner' }, schema: { ...common, params: InvitationParams, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await invitations.cancel(req.params.userId, req.params.id);
      return reply.code(204).send(null);
    },
  );
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
    {
      config: { access: 'public' },
      schema: { tags: ['foyer'], params: TokenParams, response: { 200: FoyerInvitationPreview, 400: ErrorBody, 404: ErrorBody } },
    },
    // The answer names the invited address: kept by no cache on the way, nor by the browser.
    async (req, reply) => reply.header('cache-control', 'private, no-store').send(await invitations.preview(req.params.token)),
  );
  app.post(
    '/foyer/invitations/:token/accept',
    {
      config: { access: 'signed-in' },
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
