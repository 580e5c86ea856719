import zlib from 'node:zlib';
import { existsSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_MSG, MSG, UPLOAD_MAX_BYTES } from '@ecofoyer/contracts';
import fastifyMultipart from '@fastify/multipart';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController, type FastifyReply, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { AccessTokens } from './lib/access-token.ts';
import { authenticate } from './lib/auth-guard.ts';
import { registerRouteAccess } from './lib/route-access.ts';
import { JobRunner } from './lib/job-runner.ts';
import { joinRequestTransaction, registerIdempotency } from './lib/idempotency.ts';
import { SessionChecker } from './lib/sessions.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { RateLimiter } from './lib/rate-limit.ts';
import { serializerCompiler } from './lib/serializer.ts';
import { validatorCompiler } from './lib/validator.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { type AuthDeps, AuthService } from './modules/auth/auth.service.ts';
import { PasswordResetService } from './modules/auth/password-reset.service.ts';
import { ProfileService } from './modules/auth/profile.service.ts';
import { SessionsService } from './modules/auth/sessions.service.ts';
import { TotpRepository } from './modules/auth/totp.repository.ts';
import { TotpService } from './modules/auth/totp.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { assistantRoutes } from './modules/assistant/assistant.routes.ts';
import { secondLifeRoutes } from './modules/second-life/second-life.routes.ts';
import { inventoryCsvRoutes } from './modules/inventory-csv/inventory-csv.routes.ts';
import { labelResolveRoutes, labelsRoutes } from './modules/labels/labels.routes.ts';
import { dossierRoutes, sharedDossierRoutes } from './modules/dossier/dossier.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { aiRoutes } from './modules/ai/ai.routes.ts';
import { identificationRoutes } from './modules/identification/identification.routes.ts';
import { smartfixRoutes } from './modules/smartfix/smartfix.routes.ts';
import { badgesRoutes, publicBadgesRoutes } from './modules/badges/badges.routes.ts';
import { boardsRoutes } from './modules/boards/boards.routes.ts';
import { appliancesRoutes, devicesRoutes } from './modules/appliances/appliances.routes.ts';
import { calendarFeedRoutes, eventsRoutes } from './modules/events/events.routes.ts';
import { claimsRoutes } from './modules/claims/claims.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.ts';
import { notificationsRoutes, pushRoutes, unsubscribeRoutes } from './modules/notifications/notifications.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { legalRoutes } from './modules/legal/legal.routes.ts';
import { referencesRoutes } from './modules/references/references.routes.ts';
import { foyerInvitationRoutes, foyerRoutes } from './modules/foyer/foyer.routes.ts';
import { universesRoutes } from './modules/universes/universes.routes.ts';
import type { FileStore } from './lib/file-store.ts';
import { MailQueue } from './lib/mail-queue.ts';
import { withOpenGraph } from './lib/open-graph.ts';
import { createFileStore, createServices, type Services } from './services.ts';
import { rightsRoutes } from './modules/rights/rights.routes.ts';
import { recallsRoutes } from './modules/recalls/recalls.routes.ts';

/** The largest JSON body a route accepts unless it declares its own `bodyLimit`. */
export const JSON_BODY_LIMIT = 64 * 1024;

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  tokens: AccessTokens;
  limiter: RateLimiter;
  /** Whether an access token's session is still open (sign-out and the like end it at once). */
  sessions: SessionChecker;
  /** The one runner of background work (lib/job-runner.ts): started by start.ts, drained by tests. */
  runner: JobRunner;
}

/** Accounts and their second factor: the auth routes, and the routes that ask for a password again. */
export interface Accounts {
  auth: AuthService;
  sessions: SessionsService;
  passwordReset: PasswordResetService;
  profile: ProfileService;
  totp: TotpService;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    services: Services;
    accounts: Accounts;
  }
}

export interface BuildOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  mailer?: Mailer;
  fileStore?: FileStore;
  /** false in tests that want silence; defaults to pino at config.logLevel. */
  logger?: boolean;
  /** Sees every route as it is added (the security tests build the route table from it). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Where the log's lines go: stdout, one synchronous write a line (as pino's own default). A line
 * the system refuses — stdout redirected to a file on a full disk (ENOSPC), a closed pipe — is
 * dropped: pino's default stream turns that refusal into an unhandled error that ends the server.
 */
export const logLines = {
  dropped: 0,
  write(line: string) {
    try {
      writeSync(1, line);
    } catch {
      logLines.dropped++;
    }
  },
};

/** The Fastify instance, used by main.ts and by the tests (app.inject). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization'], stream: logLines },
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    // Two lines per request cost a quarter of a simple route's time: one compact line,
    // below, when LOG_REQUESTS asks for it; errors and slow requests always.
    logController: new LogController({ disableRequestLogging: true }),
    // A JSON body of this API is a few KB: a route that needs more says so (the CSV import), and
    // files go through multipart with their own limit (UPLOAD_MAX_BYTES).
    bodyLimit: JSON_BODY_LIMIT,
    // A malformed URL or an over-long path parameter is refused before routing, past setErrorHandler.
    frameworkErrors: (error, _request, reply) =>
      void (reply as FastifyReply).code(error.statusCode ?? 400).send({ message: API_MSG.invalidInput, code: error.code }),
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.addHook('onResponse', (req, reply, done) => {
    const ms = reply.elapsedTime;
    if (reply.statusCode >= 500 || ms >= 1000)
      req.log.warn(
        { method: req.method, url: req.routeOptions.url ?? req.url, status: reply.statusCode, ms: Math.round(ms) },
        'slow or failed request',
      );
    else if (config.logRequests)
      req.log.info({ method: req.method, url: req.routeOptions.url ?? req.url, status: reply.statusCode, ms: Math.round(ms) }, 'request');
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  // JSON answers over 1 KB go compressed to a client that asks; the web build's files are
  // served already compressed (below), and images or PDFs are not recompressed.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  const tokens = new AccessTokens(config.jwtSecret, config.accessTokenTtlSeconds, clock);
  const authRepository = new AuthRepository(db);
  const sessions = new SessionChecker((sid) => authRepository.isFamilyActive(sid), clock, config.sessionCheckCacheMs);
  const runner = new JobRunner(db, clock, app.log);
  const deps: AppDeps = {
    config,
    db,
    clock,
    tokens,
    mailer:
      options.mailer ??
      new MailQueue(
        db,
        createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') }),
        clock,
        app.log,
        runner,
      ),
    limiter: new RateLimiter(db, clock),
    sessions,
    runner,
  };
  app.decorate('deps', deps);
  // The background work this process runs ends before the database closes (start.ts starts it).
  app.addHook('onClose', async () => deps.runner.stop());
  // The mail server's probe stops with the app.
  app.addHook('onClose', async () => {
    if (deps.mailer instanceof MailQueue) await deps.mailer.idle();
  });
  const fileStore = options.fileStore ?? createFileStore(config);
  // An idempotent write's statements, whichever module runs them, join its transaction (lib/idempotency.ts).
  app.decorate(
    'services',
    createServices({ config, db: joinRequestTransaction(db), clock, log: app.log, mailer: deps.mailer, fileStore, runner: deps.runner }),
  );
  app.addHook('onClose', async () => app.services.jobs.close());
  // The store the app made (an S3 client's sockets) goes with it; a store given by the caller is the caller's.
  if (!options.fileStore) app.addHook('onClose', async () => fileStore.close?.());
  const totp = new TotpService(new TotpRepository(db), { config, clock, failures: authRepository });
  const accountDeps: AuthDeps = {
    config,
    clock,
    tokens,
    mailer: deps.mailer,
    limiter: deps.limiter,
    sessions,
    log: app.log,
    audit: app.services.audit,
    totp,
  };
  app.decorate('accounts', {
    auth: new AuthService(authRepository, accountDeps),
    sessions: new SessionsService(authRepository, accountDeps),
    passwordReset: new PasswordResetService(authRepository, accountDeps),
    profile: new ProfileService(authRepository, accountDeps),
    totp,
  });
  // Who may call each route, checked before its body is read (lib/route-access.ts).
  registerRouteAccess(app, { authenticate: authenticate(tokens, sessions), membership: (userId) => app.services.foyer.membership(userId) });
  registerIdempotency(app);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'EcoFoyer API', description: 'API de l’application EcoFoyer', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The documentation page carries its own policy (hashes of its inline scripts).
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // API.md: one file per request, 10 MB; an oversized file answers 413 (error handler).
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 } });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(legalRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(boardsRoutes, { prefix: '/api/V1/board' });
  await app.register(referencesRoutes, { prefix: '/api/V1/references' });
  await app.register(foyerRoutes, { prefix: '/api/V1/profils/users' });
  await app.register(foyerInvitationRoutes, { prefix: '/api/V1' });
  await app.register(universesRoutes, { prefix: '/api/V1/profils/users' });
  await app.register(appliancesRoutes, { prefix: '/api/V1/profils/users' });
  await app.register(rightsRoutes, { prefix: '/api/V1/profils/users' });
  await app.register(recallsRoutes, { prefix: '/api/V1/profils/users' });
  await app.register(filesRoutes, { prefix: '/api/V1/files' });
  await app.register(devicesRoutes, { prefix: '/api' });
  await app.register(maintenanceRoutes, { prefix: '/api' });
  await app.register(eventsRoutes, { prefix: '/api/V1/profils/users' });
  await app.register(claimsRoutes, { prefix: '/api/V1/profils/users' });
  await app.register(calendarFeedRoutes, { prefix: '/api/V1/calendar' });
  await app.register(notificationsRoutes, { prefix: '/api/V1/profils/users' });
  await app.register(pushRoutes, { prefix: '/api/V1/push' });
  await app.register(unsubscribeRoutes, { prefix: '/api/V1/notifs' });
  await app.register(badgesRoutes, { prefix: '/api/V1/profils/users' });
  await app.register(publicBadgesRoutes, { prefix: '/api/V1/public/badges' });
  await app.register(assistantRoutes, { prefix: '/api/V1' });
  await app.register(secondLifeRoutes, { prefix: '/api/V1/profils/users' });
  await app.register(inventoryCsvRoutes, { prefix: '/api/V1/profils/users' });
  await app.register(labelsRoutes, { prefix: '/api/V1/profils/users' });
  await app.register(labelResolveRoutes, { prefix: '/api/V1' });
  await app.register(dossierRoutes, { prefix: '/api/V1/profils/users' });
  await app.register(sharedDossierRoutes, { prefix: '/api/V1/partages' });
  await app.register(smartfixRoutes, { prefix: '/api/V1/smartfix' });
  await app.register(auditRoutes, { prefix: '/api/V1/profils/users' });
  await app.register(aiRoutes, { prefix: '/api/ai' });
  await app.register(identificationRoutes, { prefix: '/api/V1' });

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  const hasHomeHtml = hasWeb && existsSync(path.join(config.webDist, 'home.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each text file (packages/web/vite.config.ts).
      preCompressed: true,
      // Off so that the cache-control set below is not replaced by send's "public, max-age=0".
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite names built assets by content hash: they never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({ message: MSG.routeNotFound, code: 'ROUTE_NOT_FOUND' });
    }
    // Share page of a badge: link previews read Open Graph tags from the HTML itself.
    const shared = /^\/public\/badges\/([^/]+)$/.exec(url);
    if (shared) {
      const badge = /^[0-9a-f-]{36}$/i.test(shared[1]!) ? await app.services.badges.publicBadge(shared[1]!).catch(() => null) : null;
      if (badge) {
        const html = await readFile(indexHtml, 'utf8');
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(withOpenGraph(html, badge, `${config.appUrl}${url}`, config.appUrl));
      }
      // An unknown share link is a 404 for crawlers and link previews; the page says « Badge introuvable ».
      return reply.code(404).header('cache-control', 'no-cache').sendFile('index.html');
    }
    // The home's loading screen is already its frame and search bar (so its largest paint comes
    // with the HTML; packages/web/vite.config.ts writes home.html).
    if ((url === '/' || url === '/home') && hasHomeHtml) return reply.header('cache-control', 'no-cache').sendFile('home.html');
    // A page whose address carries a secret (a read-only link, an invitation, a reset link): never
    // indexed, even by a crawler that runs no script, and the secret not sent on as a referrer.
    if (/^\/(partage|invitation|reset-password)(\/|$)/.test(url))
      reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
    // Client-side routes of the SPA: every other GET gets the app shell.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
