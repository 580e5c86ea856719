import { EanParams, ElectricityTariff, EprelParams, EprelProduct, ErrorBody, OpfProduct } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 503: ErrorBody };

/**
 * Identification (`/api/V1`): what an energy label's QR code or a barcode identifies, for the signed-in
 * user (no household data: the lookups and the tariff are the same for everyone).
 */
export const identificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identification } = app.services;
  const common = { tags: ['identification'], security: [{ bearer: [] }] };

  app.get(
    '/identification/eprel/:numero',
    { config: { access: 'signed-in' }, schema: { ...common, params: EprelParams, response: { 200: EprelProduct, ...errors } } },
    (req) => identification.eprel(req.params.numero),
  );

  app.get(
    '/identification/ean/:ean',
    { config: { access: 'signed-in' }, schema: { ...common, params: EanParams, response: { 200: OpfProduct, ...errors } } },
    (req) => identification.ean(req.params.ean),
  );

  app.get(
    '/energie/tarif',
    { config: { access: 'signed-in' }, schema: { ...common, response: { 200: ElectricityTariff, 401: ErrorBody } } },
    async () => identification.tariff(),
  );
};
