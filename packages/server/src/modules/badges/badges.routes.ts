import { Badge, BadgeToEarn, ErrorBody, PublicBadge, UserActionBody } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** API.md "Badges" (`/api/V1/profils/users`), and the actions badges count. */
export const badgesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { badges, householdCache } = app.services;
  const common = { tags: ['badges'], security: [{ bearer: [] }] };

  app.get(
    '/:userId/badges',
    { config: { access: 'signed-in' }, schema: { ...common, params: UserParams, response: { 200: z.array(Badge), ...errors } } },
    async (req) => {
      return householdCache.answer(req.params.userId, 'badges', () => badges.list(req.params.userId));
    },
  );

  app.get(
    '/:userId/badges/a-gagner',
    { config: { access: 'signed-in' }, schema: { ...common, params: UserParams, response: { 200: z.array(BadgeToEarn), ...errors } } },
    async (req) => {
      // Measured on the household: cached by it while the member is its founder; a member who joined
      // another's foyer is measured afresh (its data moves the founder's version, not the member's).
      const { foyerId } = await app.services.foyer.membership(req.params.userId);
      if (foyerId !== req.params.userId) return badges.toEarn(req.params.userId);
      return householdCache.answer(req.params.userId, 'badges/a-gagner', () => badges.toEarn(req.params.userId));
    },
  );

  app.get(
    '/:userId/badges/:badgeId',
    {
      config: { access: 'signed-in' },
      schema: {
        ...common,
        params: UserParams.extend({ badgeId: z.coerce.number().int().positive() }),
        response: { 200: Badge, ...errors },
      },
    },
    async (req) => {
      return badges.get(req.params.userId, req.params.badgeId);
    },
  );

  app.post(
    '/:userId/actions',
    {
      config: { access: 'signed-in' },
      schema: { ...common, params: UserParams, body: UserActionBody, response: { 201: z.object({ awarded: z.array(Badge) }), ...errors } },
    },
    async (req, reply) => {
      return reply.code(201).send({ awarded: await badges.recordAction(req.params.userId, req.body.action) });
    },
  );
};

/** GET /api/V1/public/badges/{publicUuid} — no login: the share page. */
export const publicBadgesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:publicUuid',
    {
      config: { access: 'public' },
      schema: { tags: ['badges'], params: z.object({ publicUuid: z.string().max(64) }), response: { 200: PublicBadge, 404: ErrorBody } },
    },
    (req) => app.services.badges.publicBadge(req.params.publicUuid),
  );
};
