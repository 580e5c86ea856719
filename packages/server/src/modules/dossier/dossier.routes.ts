import { Readable } from 'node:stream';
import { DossierCreate, DossierJob, DossierShare, DossierShareCreate, ErrorBody, SharedDossier } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, foyerOf } from '../../lib/route-access.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const JobParams = UserParams.extend({ id: z.uuid() });
const ShareParams = UserParams.extend({ id: z.string().regex(/^[A-Za-z0-9_-]{16}$/) });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** `/api/V1/profils/users`: the « Dossier d'inventaire » and its read-only links. */
export const dossierRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dossier } = app.services;
  const common = { tags: ['dossier'], security: [{ bearer: [] }] };

  // A lecteur may build the dossier: it reads the household, it changes nothing.
  app.post(
    '/:userId/dossier',
    {
      config: { access: 'foyer:read' },
      schema: { ...common, params: UserParams, body: DossierCreate, response: { 200: DossierJob, 202: DossierJob, ...errors } },
    },
    async (req, reply) => {
      const foyerId = foyerOf(req);
      const { job, created } = await dossier.start(foyerId, currentUser(req).userId, req.body.factures);
      return reply.code(created ? 202 : 200).send(job);
    },
  );

  app.get(
    '/:userId/dossier',
    { config: { access: 'foyer:read' }, schema: { ...common, params: UserParams, response: { 200: z.array(DossierJob), ...errors } } },
    async (req) => dossier.jobs(foyerOf(req)),
  );

  app.get(
    '/:userId/dossier/:id',
    { config: { access: 'foyer:read' }, schema: { ...common, params: JobParams, response: { 200: DossierJob, ...errors } } },
    async (req, reply) => {
      const job = await dossier.job(foyerOf(req), req.params.id);
      return reply.header('cache-control', 'no-store').send(job);
    },
  );

  // A stream: no response schema (as the files' route).
  app.get(
    '/:userId/dossier/:id/fichier',
    { config: { access: 'foyer:read' }, schema: { ...common, params: JobParams } },
    async (req, reply) => {
      const file = await dossier.file(foyerOf(req), req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.get(
    '/:userId/dossier/partages',
    { config: { access: 'foyer:read' }, schema: { ...common, params: UserParams, response: { 200: z.array(DossierShare), ...errors } } },
    async (req) => dossier.shares(foyerOf(req)),
  );

  app.post(
    '/:userId/dossier/partages',
    {
      config: { access: 'foyer:write' },
      schema: { ...common, params: UserParams, body: DossierShareCreate, response: { 201: DossierShare, ...errors } },
    },
    async (req, reply) => {
      const foyerId = foyerOf(req);
      return reply.code(201).send(await dossier.createShare(foyerId, currentUser(req).userId, req.body.jours));
    },
  );

  app.delete(
    '/:userId/dossier/partages/:id',
    { config: { access: 'foyer:write' }, schema: { ...common, params: ShareParams, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await dossier.revokeShare(foyerOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};

const TokenParams = z.object({ jeton: z.string().max(100) });
const publicHeaders = { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow' };

/**
 * `/api/V1/partages`: what a read-only link shows, without an account. The token is
 * the permission; the files are served through it, so a revoked link stops them at once.
 */
export const sharedDossierRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dossier } = app.services;
  const common = { tags: ['dossier'] };

  app.get(
    '/:jeton',
    {
      config: { access: 'public' },
      schema: { ...common, params: TokenParams, response: { 200: SharedDossier, 404: ErrorBody, 410: ErrorBody, 429: ErrorBody } },
    },
    async (req, reply) =>
      // Already JSON (kept serialised: 3.5 MB at 10,000 appliances), sent as it is.
      reply
        .headers(publicHeaders)
        .type('application/json; charset=utf-8')
        .send(Readable.from(await dossier.shared(req.params.jeton, req.ip), { objectMode: false }) as never),
  );

  app.get(
    '/:jeton/appareils/:applianceId/:fichier',
    {
      config: { access: 'public' },
      schema: {
        ...common,
        params: TokenParams.extend({ applianceId: z.coerce.number().int().positive(), fichier: z.enum(['photo', 'facture']) }),
      },
    },
    async (req, reply) => {
      const file = await dossier.sharedFile(req.params.jeton, req.params.applianceId, req.params.fichier);
      return reply
        .headers(publicHeaders)
        .header('content-type', file.type)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'")
        .send(file.stream);
    },
  );
};
