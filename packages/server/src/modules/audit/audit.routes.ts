import { AuditEntry, ErrorBody } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** GET V1/profils/users/{userId}/audit: the account's own security events, newest first. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:userId/audit',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['audit'],
        security: [{ bearer: [] }],
        params: z.object({ userId: z.coerce.number().int().positive() }),
        response: { 200: z.array(AuditEntry), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (req) => {
      return app.services.audit.list(req.params.userId);
    },
  );
};
