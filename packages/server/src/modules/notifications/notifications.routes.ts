import {
  API_MSG,
  ErrorBody,
  Notification,
  NotificationPreferences,
  NotificationsQuery,
  NotificationUpdate,
  PushSubscriptionBody,
  UnsubscribeQuery,
} from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** API.md "Notifications and push" (`/api/V1/profils/users`). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.services;
  const common = { tags: ['notifications'], security: [{ bearer: [] }] };

  app.get(
    '/:userId/notifs/count',
    { config: { access: 'signed-in' }, schema: { ...common, params: UserParams, response: { 200: z.number().int(), ...errors } } },
    async (req) => {
      return notifications.count(req.params.userId);
    },
  );

  app.get(
    '/:userId/notifs',
    {
      config: { access: 'signed-in' },
      schema: { ...common, params: UserParams, querystring: NotificationsQuery, response: { 200: z.array(Notification), ...errors } },
    },
    async (req) => {
      return notifications.list(req.params.userId, req.query);
    },
  );

  app.put(
    '/:userId/notifs/:notifId',
    {
      config: { access: 'signed-in' },
      schema: {
        ...common,
        params: UserParams.extend({ notifId: z.coerce.number().int().positive() }),
        body: NotificationUpdate,
        response: { 200: Notification, ...errors },
      },
    },
    async (req) => {
      return notifications.markRead(req.params.userId, req.params.notifId);
    },
  );

  app.get(
    '/:userId/preferences/notifications',
    { config: { access: 'signed-in' }, schema: { ...common, params: UserParams, response: { 200: NotificationPreferences, ...errors } } },
    async (req) => {
      return notifications.preferences(req.params.userId);
    },
  );

  app.put(
    '/:userId/preferences/notifications',
    {
      config: { access: 'signed-in' },
      schema: { ...common, params: UserParams, body: NotificationPreferences, response: { 200: NotificationPreferences, ...errors } },
    },
    async (req) => {
      return notifications.setPreferences(req.params.userId, req.body);
    },
  );

  app.post(
    '/:userId/push/subscriptions',
    {
      config: { access: 'signed-in' },
      schema: { ...common, params: UserParams, body: PushSubscriptionBody, response: { 201: z.null(), ...errors } },
    },
    async (req, reply) => {
      await notifications.subscribe(req.params.userId, req.body);
      return reply.code(201).send(null);
    },
  );
};

/** GET /api/V1/push/public-key — the VAPID key the browser subscribes with. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public-key',
    { config: { access: 'public' }, schema: { tags: ['notifications'], response: { 200: z.object({ publicKey: z.string() }) } } },
    async () => ({
      publicKey: app.services.notifications.publicKey(),
    }),
  );
};

/**
 * `/api/V1/notifs/desabonnement?u=…&sig=…`, the List-Unsubscribe address of every reminder mail (no
 * session: the signature is the credential). POST is the one-click unsubscribe mail clients send
 * (RFC 8058, body `List-Unsubscribe=One-Click`, form-encoded); GET, a person following the link,
 * goes to the page that asks before doing it (a GET changes nothing: link scanners open links).
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
    done(null, body),
  );
  const schema = { tags: ['notifications'], querystring: UnsubscribeQuery };
  app.post(
    '/desabonnement',
    { config: { access: 'public' }, schema: { ...schema, response: { 200: z.object({ message: z.string() }), 400: ErrorBody } } },
    async (req) => {
      await app.services.notifications.unsubscribe(req.query.u, req.query.sig);
      return { message: API_MSG.unsubscribeDone };
    },
  );
  app.get('/desabonnement', { config: { access: 'public' }, schema: { ...schema, response: { 400: ErrorBody } } }, async (req, reply) =>
    reply.redirect(`/desabonnement?u=${req.query.u}&sig=${encodeURIComponent(req.query.sig)}`, 303),
  );
};
