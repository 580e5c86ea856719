import { ErrorBody, RefProduct, RefUniverse } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** API.md "References" (signed-in). */
export const referencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { references } = app.services;
  const common = { tags: ['references'], security: [{ bearer: [] }] };

  app.get(
    '/refproducts',
    { config: { access: 'signed-in' }, schema: { ...common, response: { 200: z.array(RefProduct), 401: ErrorBody } } },
    () => references.products(),
  );
  app.get(
    '/refunivers',
    { config: { access: 'signed-in' }, schema: { ...common, response: { 200: z.array(RefUniverse), 401: ErrorBody } } },
    () => references.universes(),
  );
};
