import { ErrorBody, MaintenanceCard, MaintenanceCardQuery } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** GET /api/maintenancecard?productid= — the chosen product's cards (not the spec's forced id 1). */
export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/maintenancecard',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['maintenance'],
        security: [{ bearer: [] }],
        querystring: MaintenanceCardQuery,
        response: { 200: z.array(MaintenanceCard), 400: ErrorBody, 401: ErrorBody },
      },
    },
    (req) => app.services.maintenance.cardsOfProduct(req.query.productid),
  );
};
