import { ErrorBody, Label, LabelsCreate, LabelsPdfQuery, LabelTarget } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { foyerOf } from '../../lib/route-access.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const CodeParams = z.object({ code: z.string().max(100) });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** QR labels (`/api/V1/profils/users`): the QR labels of the household's appliances, and their sheet to print. */
export const labelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { labels } = app.services;
  const common = { tags: ['etiquettes'], security: [{ bearer: [] }] };

  app.get(
    '/:userId/etiquettes',
    { config: { access: 'foyer:read' }, schema: { ...common, params: UserParams, response: { 200: z.array(Label), ...errors } } },
    async (req) => {
      return labels.list(foyerOf(req));
    },
  );

  app.post(
    '/:userId/etiquettes',
    {
      config: { access: 'foyer:write' },
      schema: { ...common, params: UserParams, body: LabelsCreate, response: { 200: z.array(Label), ...errors } },
    },
    async (req) => {
      return labels.create(foyerOf(req), req.body.applianceIds);
    },
  );

  app.delete(
    '/:userId/etiquettes/:code',
    {
      config: { access: 'foyer:write' },
      schema: { ...common, params: UserParams.extend(CodeParams.shape), response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await labels.revoke(foyerOf(req), req.params.code);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:userId/etiquettes/planche.pdf',
    {
      config: { access: 'foyer:read' },
      schema: {
        ...common,
        params: UserParams,
        querystring: LabelsPdfQuery,
        response: { 200: z.instanceof(Buffer).describe('Le PDF (application/pdf)'), ...errors },
      },
    },
    async (req, reply) => {
      const foyerId = foyerOf(req);
      const body = await labels.pdf(foyerId, req.query.planche, req.query.ids.split(',').map(Number));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${labels.fileName()}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};

/** A scanned label (`/api/V1`): GET V1/etiquettes/{code}, what a scanned label opens for the signed-in member. */
export const labelResolveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { labels } = app.services;
  app.get(
    '/etiquettes/:code',
    {
      config: { access: 'foyer:read' },
      schema: {
        tags: ['etiquettes'],
        security: [{ bearer: [] }],
        params: CodeParams,
        response: { 200: LabelTarget, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 410: ErrorBody },
      },
    },
    async (req) => labels.resolve(foyerOf(req), req.params.code),
  );
};
