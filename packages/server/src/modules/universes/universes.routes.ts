import { ErrorBody, Universe, UniverseCreateFields, UniverseUpdateFields } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { foyerOf } from '../../lib/route-access.ts';
import { parseOrThrow } from '../../lib/errors.ts';
import { multipartPrint, readMultipart } from '../../lib/uploads.ts';
import { idempotent } from '../../lib/idempotency.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const UserItemParams = UserParams.extend({ id: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody };

/** API.md "Universes" (`/api/V1/profils/users`). */
export const universesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { universes, householdCache } = app.services;
  const common = { tags: ['universes'], security: [{ bearer: [] }] };

  app.get(
    '/:userId/foyers/univers',
    { config: { access: 'foyer:read' }, schema: { ...common, params: UserParams, response: { 200: z.array(Universe), ...errors } } },
    async (req) => {
      const foyerId = foyerOf(req);
      return householdCache.answer(foyerId, 'foyers/univers', () => universes.list(foyerId));
    },
  );

  app.get(
    '/:userId/foyers/customunivers',
    { config: { access: 'foyer:read' }, schema: { ...common, params: UserParams, response: { 200: z.array(Universe), ...errors } } },
    async (req) => {
      const foyerId = foyerOf(req);
      return universes.listCustom(foyerId);
    },
  );

  app.get(
    '/:userId/foyers/univers/:id',
    { config: { access: 'foyer:read' }, schema: { ...common, params: UserItemParams, response: { 200: Universe, ...errors } } },
    async (req) => {
      const foyerId = foyerOf(req);
      return universes.get(foyerId, req.params.id);
    },
  );

  app.post(
    '/:userId/foyers/univers',
    {
      config: { access: 'foyer:write', idempotent: true },
      schema: { ...common, params: UserParams, consumes: ['multipart/form-data'], response: { 201: Universe, ...errors } },
    },
    async (req, reply) => {
      const foyerId = foyerOf(req);
      const body = await readMultipart(req);
      const fields = parseOrThrow(UniverseCreateFields, body.fields);
      const image = body.file?.buffer ?? null;
      return idempotent(
        app.deps,
        req,
        reply,
        201,
        () => universes.create(foyerId, { ...fields, image }),
        multipartPrint(body.fields, image),
      );
    },
  );

  app.put(
    '/:userId/foyers/univers/:id',
    {
      config: { access: 'foyer:write', idempotent: true },
      schema: { ...common, params: UserItemParams, consumes: ['multipart/form-data'], response: { 200: Universe, ...errors } },
    },
    async (req, reply) => {
      const foyerId = foyerOf(req);
      const body = await readMultipart(req);
      const fields = parseOrThrow(UniverseUpdateFields, body.fields);
      const image = body.file?.buffer ?? null;
      return idempotent(
        app.deps,
        req,
        reply,
        200,
        () => universes.update(foyerId, req.params.id, { ...fields, image }),
        multipartPrint(body.fields, image),
      );
    },
  );

  app.delete(
    '/:userId/foyers/univers/:id',
    {
      config: { access: 'foyer:write', idempotent: true },
      schema: { ...common, params: UserItemParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      const foyerId = foyerOf(req);
      return idempotent(app.deps, req, reply, 204, async () => {
        await universes.delete(foyerId, req.params.id);
        await app.services.audit.record(req.params.userId, 'universe_deleted', req.ip, { id: req.params.id });
        return null;
      });
    },
  );
};
