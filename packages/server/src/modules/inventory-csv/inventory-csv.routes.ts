import { ErrorBody, IMPORT_MAX_CHARS, InventoryImportAnswer, InventoryImportBody } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, household } from '../../lib/auth-guard.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** Issue 21 (`/api/V1/profils/users`): the household's appliances and maintenance as CSV files to download. */
export const inventoryCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  const { inventoryCsv } = app.services;
  const common = { tags: ['export'], security: [{ bearer: [] }] };
  app.addHook('preHandler', app.authenticate);

  for (const what of ['appareils', 'entretiens'] as const) {
    app.get(`/:userId/export/${what}.csv`, { schema: { ...common, params: UserParams, response: { 200: z.string(), ...errors } } }, async (req, reply) => {
      const foyerId = await household(req, req.params.userId);
      const body = what === 'appareils' ? await inventoryCsv.appliances(foyerId) : await inventoryCsv.maintenance(foyerId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${inventoryCsv.fileName(what)}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    });
  }

  app.post(
    '/:userId/import/appareils',
    // The file's text in JSON: a full export of 10,000 appliances is about 3 MB.
    { bodyLimit: IMPORT_MAX_CHARS * 4 + 1024, schema: { ...common, params: UserParams, body: InventoryImportBody, response: { 200: InventoryImportAnswer, ...errors } } },
    async (req) => {
      const foyerId = await household(req, req.params.userId);
      return inventoryCsv.importAppliances(foyerId, req.body.contenu, req.body.appliquer, currentUser(req).userId);
    },
  );
};
