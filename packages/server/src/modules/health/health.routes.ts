import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client.ts';
import { diskState } from '../../lib/disk.ts';

const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  /** The data folder: writable, full (uploads answered 507), or mounted read-only (503). */
  disk: z.enum(['ok', 'full', 'read-only']),
});

/** Operations: 200 when the database answers, 503 otherwise; the data folder's state beside it. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['operations'], response: { 200: Health, 503: Health } } },
    async (_req, reply) => {
      const [ok, disk] = await Promise.all([pingDatabase(app.deps.db), diskState(app.deps.config.dataDir)]);
      // 503 only when the database is down: with a full disk the household still reads its data.
      return reply.code(ok ? 200 : 503).send({ status: ok && disk === 'ok' ? 'ok' : 'degraded', db: ok ? 'ok' : 'down', disk });
    },
  );
};
