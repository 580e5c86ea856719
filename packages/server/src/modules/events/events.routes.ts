import { API_MSG, ErrorBody, Event, EventCounts, EventCreate, eventPeriodCreate, EventsQuery, EventUpdate } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, foyerOf } from '../../lib/route-access.ts';
import { notFound } from '../../lib/errors.ts';
import { idempotent } from '../../lib/idempotency.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const UserItemParams = UserParams.extend({ id: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** API.md "Events" (`/api/V1/profils/users`). */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { events, householdCache } = app.services;
  // A series' first date is judged against the server's clock (the one tests move).
  const PeriodBody = eventPeriodCreate(() => app.deps.clock.now());
  const common = { tags: ['events'], security: [{ bearer: [] }] };

  app.get(
    '/:userId/events',
    {
      config: { access: 'foyer:read' },
      schema: { ...common, params: UserParams, querystring: EventsQuery, response: { 200: z.array(Event), ...errors } },
    },
    async (req) => {
      const foyerId = foyerOf(req);
      return events.list(foyerId, req.query);
    },
  );

  app.get(
    '/:userId/events/counts',
    { config: { access: 'foyer:read' }, schema: { ...common, params: UserParams, response: { 200: EventCounts, ...errors } } },
    async (req) => {
      const foyerId = foyerOf(req);
      // Counted over every event of the household (ten years of maintenance): kept until its data changes.
      return householdCache.answer(foyerId, 'events/counts', () => events.counts(foyerId));
    },
  );

  app.get(
    '/:userId/appliances/:id/events',
    { config: { access: 'foyer:read' }, schema: { ...common, params: UserItemParams, response: { 200: z.array(Event), ...errors } } },
    async (req) => {
      const foyerId = foyerOf(req);
      return events.listForAppliance(foyerId, req.params.id);
    },
  );

  app.post(
    '/:userId/events',
    {
      config: { access: 'foyer:write', idempotent: true },
      schema: { ...common, params: UserParams, body: EventCreate, response: { 201: Event, ...errors } },
    },
    async (req, reply) => {
      const foyerId = foyerOf(req);
      return idempotent(app.deps, req, reply, 201, () => events.create(foyerId, req.body, currentUser(req).userId));
    },
  );

  app.post(
    '/:userId/events/period',
    {
      config: { access: 'foyer:write', idempotent: true },
      schema: { ...common, params: UserParams, body: PeriodBody, response: { 201: z.array(Event), ...errors } },
    },
    async (req, reply) => {
      const foyerId = foyerOf(req);
      const { frequency, ...input } = req.body;
      return idempotent(app.deps, req, reply, 201, () => events.createSeries(foyerId, input, frequency, currentUser(req).userId));
    },
  );

  app.put(
    '/:userId/events/:id',
    {
      config: { access: 'foyer:write', idempotent: true },
      schema: { ...common, params: UserItemParams, body: EventUpdate, response: { 200: Event, ...errors } },
    },
    async (req, reply) => {
      const foyerId = foyerOf(req);
      return idempotent(app.deps, req, reply, 200, () => events.update(foyerId, req.params.id, req.body, currentUser(req).userId));
    },
  );

  app.delete(
    '/:userId/events/:id',
    {
      config: { access: 'foyer:write', idempotent: true },
      schema: { ...common, params: UserItemParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      const foyerId = foyerOf(req);
      return idempotent(app.deps, req, reply, 204, async () => {
        await events.delete(foyerId, req.params.id);
        await app.services.audit.record(req.params.userId, 'event_deleted', req.ip, { id: req.params.id });
        return null;
      });
    },
  );

  // Each member's own address (a lecteur's too), which they revoke from their profile.
  app.get(
    '/:userId/calendar-feed',
    {
      config: { access: 'foyer:read' },
      schema: { ...common, params: UserParams, response: { 200: z.object({ url: z.string() }), ...errors } },
    },
    async (req) => ({
      url: await events.feedUrl(currentUser(req).userId),
    }),
  );

  app.delete(
    '/:userId/calendar-feed',
    { config: { access: 'foyer:read' }, schema: { ...common, params: UserParams, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await events.revokeFeed(currentUser(req).userId);
      return reply.code(204).send(null);
    },
  );
};

/** GET /api/V1/calendar/{token}.ics — no bearer: the token in the address is the secret. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:file',
    { config: { access: 'public' }, schema: { tags: ['events'], params: z.object({ file: z.string().regex(/^[\w-]{16,64}\.ics$/) }) } },
    async (req, reply) => {
      const { events, rights } = app.services;
      const ics = await events.ics(req.params.file.replace(/\.ics$/, ''), (foyerId) => rights.feedDays(foyerId));
      if (!ics) throw notFound(API_MSG.calendarFeedInvalid);
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, no-cache').send(ics);
    },
  );
};
