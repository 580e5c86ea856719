import {
  API_MSG,
  Appliance,
  ApplianceCount,
  AppliancesQuery,
  ApplianceCreateData,
  ApplianceUpdateText,
  DeviceCreate,
  ErrorBody,
  type FileKind,
} from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, foyerOf } from '../../lib/route-access.ts';
import { badRequest, parseOrThrow } from '../../lib/errors.ts';
import { multipartPrint, readMultipart, requireFile } from '../../lib/uploads.ts';
import { idempotent } from '../../lib/idempotency.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const UserItemParams = UserParams.extend({ id: z.coerce.number().int().positive() });
const ItemParams = z.object({ id: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody };

function parseDataPart(raw: string | undefined): unknown {
  try {
    return JSON.parse(raw ?? '');
  } catch {
    throw badRequest(API_MSG.dataPartInvalid, 'DATA_PART_INVALID');
  }
}

/** API.md "Appliances" (`/api/V1/profils/users`). */
export const appliancesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appliances, householdCache, inventoryPages } = app.services;
  const common = { tags: ['appliances'], security: [{ bearer: [] }] };

  app.get(
    '/:userId/appliances/count',
    { config: { access: 'foyer:read' }, schema: { ...common, params: UserParams, response: { 200: ApplianceCount, ...errors } } },
    async (req) => {
      const foyerId = foyerOf(req);
      return householdCache.answer(foyerId, 'appliances/count', () => appliances.count(foyerId));
    },
  );

  app.get(
    '/:userId/appliances',
    {
      config: { access: 'foyer:read' },
      schema: { ...common, params: UserParams, querystring: AppliancesQuery, response: { 200: z.array(Appliance), ...errors } },
    },
    async (req) => {
      const foyerId = foyerOf(req);
      const { limit, after, q } = req.query;
      // A page of the inventory is served again until the household changes; a search keeps its index (the service), not its answer.
      if (limit === undefined || q !== undefined) return appliances.list(foyerId, req.query);
      return inventoryPages.answer(foyerId, `appliances?limit=${limit}&after=${after ?? ''}`, () => appliances.list(foyerId, req.query));
    },
  );

  app.get(
    '/:userId/foyers/univers/:id/appliances',
    { config: { access: 'foyer:read' }, schema: { ...common, params: UserItemParams, response: { 200: z.array(Appliance), ...errors } } },
    async (req) => {
      const foyerId = foyerOf(req);
      return appliances.listInUniverse(foyerId, req.params.id);
    },
  );

  app.get(
    '/foyers/univers/appliances/:id',
    { config: { access: 'foyer:read' }, schema: { ...common, params: ItemParams, response: { 200: Appliance, ...errors } } },
    async (req) => {
      const foyerId = foyerOf(req);
      return householdCache.answer(foyerId, `appliance ${req.params.id}`, () => appliances.get(foyerId, req.params.id));
    },
  );

  app.post(
    '/:userId/foyers/univers/:id/appliances',
    {
      config: { access: 'foyer:write', idempotent: true },
      schema: { ...common, params: UserItemParams, consumes: ['multipart/form-data'], response: { 201: Appliance, ...errors } },
    },
    async (req, reply) => {
      const foyerId = foyerOf(req);
      // The photo is received before the write's transaction opens.
      const body = await readMultipart(req);
      const data = parseOrThrow(ApplianceCreateData, parseDataPart(body.fields.data));
      const photo = body.file?.buffer ?? null;
      return idempotent(
        app.deps,
        req,
        reply,
        201,
        () => appliances.create(foyerId, req.params.id, data, photo, currentUser(req).userId),
        multipartPrint(body.fields, photo),
      );
    },
  );

  app.put(
    '/foyers/univers/appliances/:id/text',
    {
      config: { access: 'foyer:write', idempotent: true },
      schema: { ...common, params: ItemParams, body: ApplianceUpdateText, response: { 200: Appliance, ...errors } },
    },
    async (req, reply) => idempotent(app.deps, req, reply, 200, () => appliances.updateText(foyerOf(req), req.params.id, req.body)),
  );

  const fileRoutes: [string, FileKind][] = [
    ['facture', 'invoice'],
    ['notice', 'manual'],
    ['image', 'image'],
  ];
  for (const [segment, kind] of fileRoutes) {
    app.put(
      `/foyers/univers/appliances/:id/${segment}`,
      {
        config: { access: 'foyer:write' },
        schema: { ...common, params: ItemParams, consumes: ['multipart/form-data'], response: { 200: Appliance, ...errors } },
      },
      async (req) => {
        const foyerId = foyerOf(req);
        const file = requireFile(await readMultipart(req));
        return appliances.replaceFile(foyerId, req.params.id, kind, file.buffer);
      },
    );
  }

  app.delete(
    '/foyers/univers/appliances/:id',
    {
      config: { access: 'foyer:write', idempotent: true },
      schema: { ...common, params: ItemParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) =>
      idempotent(app.deps, req, reply, 204, async () => {
        await appliances.delete(foyerOf(req), req.params.id);
        await app.services.audit.record(currentUser(req).userId, 'appliance_deleted', req.ip, { id: req.params.id });
        return null;
      }),
  );
};

/** POST /api/devices (product §7): an appliance with no universe; a CSRF header, if sent, is ignored. */
export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appliances } = app.services;
  app.post(
    '/devices',
    {
      config: { access: 'foyer:write', idempotent: true },
      schema: { tags: ['appliances'], security: [{ bearer: [] }], body: DeviceCreate, response: { 201: Appliance, ...errors } },
    },
    async (req, reply) =>
      idempotent(app.deps, req, reply, 201, () => appliances.create(foyerOf(req), null, req.body, null, currentUser(req).userId)),
  );
};
