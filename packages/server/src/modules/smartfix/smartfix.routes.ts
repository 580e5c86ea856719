import { ErrorBody, SmartfixCategory, SmartfixRequest, SmartfixResponse } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** API.md "Smart-fix": GET V1/smartfix/categories and POST V1/smartfix/predict (signed-in users). */
export const smartfixRoutes: FastifyPluginAsyncZod = async (app) => {
  const { smartfix } = app.services;
  const common = { tags: ['smartfix'], security: [{ bearer: [] }] };

  app.get(
    '/categories',
    { config: { access: 'signed-in' }, schema: { ...common, response: { 200: z.array(SmartfixCategory), 401: ErrorBody } } },
    () => smartfix.categories(),
  );

  app.post(
    '/predict',
    {
      config: { access: 'signed-in' },
      schema: { ...common, body: SmartfixRequest, response: { 200: SmartfixResponse, 400: ErrorBody, 401: ErrorBody } },
    },
    (req) => smartfix.predict(req.body),
  );
};
