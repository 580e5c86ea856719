import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client.ts';

const Health = z.object({ status: z.enum(['ok', 'degraded']), db: z.enum(['ok', 'down']) });

/** API.md operations: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['operations'], response: { 200: Health, 503: Health } } },
    async (_req, reply) => {
      const ok = await pingDatabase(app.deps.db);
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', db: ok ? 'ok' : 'down' });
    },
  );
};
