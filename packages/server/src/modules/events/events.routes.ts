import { ErrorBody, Event, EventCounts, EventCreate, EventPeriodCreate, EventsQuery, EventUpdate, MSG } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, household } from '../../lib/auth-guard.ts';
import { notFound } from '../../lib/errors.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const UserItemParams = UserParams.extend({ id: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** API.md "Events" (`/api/V1/profils/users`). */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { events, householdCache } = app.services;
  const common = { tags: ['events'], security: [{ bearer: [] }] };
  app.addHook('preHandler', app.authenticate);

  app.get('/:userId/events', { schema: { ...common, params: UserParams, querystring: EventsQuery, response: { 200: z.array(Event), ...errors } } }, async (req) => {
    const foyerId = await household(req, req.params.userId);
    return events.list(foyerId, req.query);
  });

  app.get('/:userId/events/counts', { schema: { ...common, params: UserParams, response: { 200: EventCounts, ...errors } } }, async (req) => {
    const foyerId = await household(req, req.params.userId);
    // Counted over every event of the household (ten years of maintenance): kept until its data changes (issue 23).
    return householdCache.answer(foyerId, 'events/counts', () => events.counts(foyerId));
  });

  app.get('/:userId/appliances/:id/events', { schema: { ...common, params: UserItemParams, response: { 200: z.array(Event), ...errors } } }, async (req) => {
    const foyerId = await household(req, req.params.userId);
    return events.listForAppliance(foyerId, req.params.id);
  });

  app.post('/:userId/events', { schema: { ...common, params: UserParams, body: EventCreate, response: { 201: Event, ...errors } } }, async (req, reply) => {
    const foyerId = await household(req, req.params.userId);
    return reply.code(201).send(await events.create(foyerId, req.body, currentUser(req).userId));
  });

  app.post(
    '/:userId/events/period',
    { schema: { ...common, params: UserParams, body: EventPeriodCreate, response: { 201: z.array(Event), ...errors } } },
    async (req, reply) => {
      const foyerId = await household(req, req.params.userId);
      const { frequency, ...input } = req.body;
      return reply.code(201).send(await events.createSeries(foyerId, input, frequency, currentUser(req).userId));
    },
  );

  app.put('/:userId/events/:id', { schema: { ...common, params: UserItemParams, body: EventUpdate, response: { 200: Event, ...errors } } }, async (req) => {
    const foyerId = await household(req, req.params.userId);
    return events.update(foyerId, req.params.id, req.body, currentUser(req).userId);
  });

  app.delete('/:userId/events/:id', { schema: { ...common, params: UserItemParams, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
    const foyerId = await household(req, req.params.userId);
    await events.delete(foyerId, req.params.id);
    await app.services.audit.record(req.params.userId, 'event_deleted', req.ip, { id: req.params.id });
    return reply.code(204).send(null);
  });

  app.get('/:userId/calendar-feed', { schema: { ...common, params: UserParams, response: { 200: z.object({ url: z.string() }), ...errors } } }, async (req) => {
    const foyerId = await household(req, req.params.userId);
    return { url: await events.feedUrl(foyerId) };
  });

  app.delete('/:userId/calendar-feed', { schema: { ...common, params: UserParams, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
    const foyerId = await household(req, req.params.userId);
    await events.revokeFeed(foyerId);
    return reply.code(204).send(null);
  });
};

/** GET /api/V1/calendar/{token}.ics — no bearer: the token in the address is the secret. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:file', { schema: { tags: ['events'], params: z.object({ file: z.string().regex(/^[\w-]{16,64}\.ics$/) }) } }, async (req, reply) => {
    const { events, rights } = app.services;
    const ics = await events.ics(req.params.file.replace(/\.ics$/, ''), (userId) => rights.feedDays(userId));
    if (!ics) throw notFound(MSG.calendarFeedInvalid);
    return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, no-cache').send(ics);
  });
};
