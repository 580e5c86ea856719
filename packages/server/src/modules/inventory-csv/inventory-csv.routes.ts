import { ErrorBody } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSelf } from '../../lib/auth-guard.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const errors = { 401: ErrorBody, 403: ErrorBody };

/** Issue 21 (`/api/V1/profils/users`): the household's appliances and maintenance as CSV files to download. */
export const inventoryCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  const { inventoryCsv } = app.services;
  const common = { tags: ['export'], security: [{ bearer: [] }] };
  app.addHook('preHandler', app.authenticate);

  for (const what of ['appareils', 'entretiens'] as const) {
    app.get(`/:userId/export/${what}.csv`, { schema: { ...common, params: UserParams, response: { 200: z.string(), ...errors } } }, async (req, reply) => {
      requireSelf(req, req.params.userId);
      const body = what === 'appareils' ? await inventoryCsv.appliances(req.params.userId) : await inventoryCsv.maintenance(req.params.userId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${inventoryCsv.fileName(what)}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    });
  }
};
