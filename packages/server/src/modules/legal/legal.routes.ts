import { LegalInfo } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/legal — who runs this instance, for the CGU, the FAQ and the privacy policy. */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { editor } = app.deps.config;
  app.get(
    '/legal',
    { config: { access: 'public' }, schema: { tags: ['information'], response: { 200: LegalInfo } } },
    async (_req, reply) => {
      // Public and the same for everyone until the server restarts with other settings.
      reply.header('cache-control', 'public, max-age=300');
      return editor;
    },
  );
};
