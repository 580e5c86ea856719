import { Claim, ClaimCreate, ClaimStepCreate, ErrorBody } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, foyerOf } from '../../lib/route-access.ts';
import { readMultipart, requireFile } from '../../lib/uploads.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const ClaimParams = UserParams.extend({ id: z.coerce.number().int().positive() });
const AttachmentParams = ClaimParams.extend({ pieceId: z.coerce.number().int().positive() });
const ClaimsQuery = z.object({ applianceId: z.coerce.number().int().positive().optional() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody };

/** API.md « Claims (« Ma démarche ») » (`/api/V1/profils/users`): a lecteur reads, the others write. */
export const claimsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { claims, audit } = app.services;
  const common = { tags: ['demarches'], security: [{ bearer: [] }] };

  app.get(
    '/:userId/demarches',
    {
      config: { access: 'foyer:read' },
      schema: { ...common, params: UserParams, querystring: ClaimsQuery, response: { 200: z.array(Claim), ...errors } },
    },
    async (req) => claims.list(foyerOf(req), req.query.applianceId),
  );

  app.post(
    '/:userId/demarches',
    {
      config: { access: 'foyer:write' },
      schema: { ...common, params: UserParams, body: ClaimCreate, response: { 201: Claim, ...errors } },
    },
    async (req, reply) => reply.code(201).send(await claims.create(foyerOf(req), req.body, currentUser(req).userId)),
  );

  app.get(
    '/:userId/demarches/:id',
    { config: { access: 'foyer:read' }, schema: { ...common, params: ClaimParams, response: { 200: Claim, ...errors } } },
    async (req) => claims.get(foyerOf(req), req.params.id),
  );

  app.post(
    '/:userId/demarches/:id/etapes',
    {
      config: { access: 'foyer:write' },
      schema: { ...common, params: ClaimParams, body: ClaimStepCreate, response: { 201: Claim, ...errors } },
    },
    async (req, reply) => reply.code(201).send(await claims.addStep(foyerOf(req), req.params.id, req.body, currentUser(req).userId)),
  );

  app.delete(
    '/:userId/demarches/:id',
    { config: { access: 'foyer:write' }, schema: { ...common, params: ClaimParams, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await claims.delete(foyerOf(req), req.params.id);
      await audit.record(currentUser(req).userId, 'claim_deleted', req.ip, { id: req.params.id });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:userId/demarches/:id/pieces',
    {
      config: { access: 'foyer:write' },
      schema: { ...common, params: ClaimParams, consumes: ['multipart/form-data'], response: { 201: Claim, ...errors } },
    },
    async (req, reply) => {
      const foyerId = foyerOf(req);
      // The whole file is received and checked before anything is stored.
      const file = requireFile(await readMultipart(req));
      return reply.code(201).send(await claims.attach(foyerId, req.params.id, file));
    },
  );

  app.delete(
    '/:userId/demarches/:id/pieces/:pieceId',
    { config: { access: 'foyer:write' }, schema: { ...common, params: AttachmentParams, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await claims.detach(foyerOf(req), req.params.id, req.params.pieceId);
      await audit.record(currentUser(req).userId, 'claim_attachment_deleted', req.ip, { id: req.params.id, pieceId: req.params.pieceId });
      return reply.code(204).send(null);
    },
  );
};
