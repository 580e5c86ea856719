import path from 'node:path';
import { ConfigError, loadConfig, replicaStorageWarning } from './config.ts';
import { isDatabaseUnavailable, migrateToLatest, openDatabase } from './db/client.ts';
import type { BootedPglite } from './db/pglite-boot.ts';
import { loadReferenceData } from './db/reference.ts';
import { collectWhenIdle } from './lib/idle-gc.ts';
import { purgeIdempotencyKeys } from './lib/idempotency.ts';
import { MailQueue } from './lib/mail-queue.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';

/** A start-up failure the operator fixes from one line (no stack trace). */
export class StartError extends Error {}

/** The database's address without its password. */
const describeDatabase = (url: string | undefined) => {
  if (!url) return 'PGlite';
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
};

/**
 * The server's start (main.ts is the process entry): config from env, migrations, seed, listen.
 * `pglite`: the embedded database main.ts started booting before this module loaded.
 */
export async function start(pglite: Promise<BootedPglite> | undefined): Promise<void> {
  const startedAt = new Date();
  const config = loadConfig();
  // The app's modules load while the database opens (PGlite boots in its own thread: a faster start).
  const appModule = import('./app.ts');
  appModule.catch(() => undefined); // its failure is reported where it is awaited
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    ...(pglite && !config.databaseUrl ? { pglite } : {}),
    statementTimeoutMs: config.dbStatementTimeoutMs,
  }).catch((error: unknown) => {
    throw isDatabaseUnavailable(error)
      ? new StartError(`Base de données injoignable (${describeDatabase(config.databaseUrl)}) : ${(error as Error).message}`)
      : error;
  });
  // The routes register while the schema is checked (neither waits for the other).
  // The assistant's index and danger model are built on this thread while the database migrates on
  // its own (PGlite's thread, or the PostgreSQL server): the first question after /api/health says ok
  // finds them ready.
  const [app] = await Promise.all([
    appModule
      .then(({ buildApp }) => buildApp({ config, db: handle.db }))
      .then((built) => {
        built.services.assistant.warm();
        return built;
      }),
    migrateToLatest(handle).then(() => loadReferenceData(handle.db)),
  ]);
  // Files no row refers to (a process killed between a file and its row): on PGlite no other
  // process writes, so all those older than this process go; on PostgreSQL another replica may be
  // mid-upload, so only those older than 10 minutes.
  const orphansBefore = (atStart: boolean) => (atStart && handle.kind === 'pglite' ? startedAt : new Date(Date.now() - 10 * 60 * 1000));
  const purge = (atStart = false) =>
    Promise.all([
      app.deps.limiter.purge(),
      new AuthRepository(app.deps.db).purgeExpired(new Date()),
      app.deps.mailer instanceof MailQueue ? app.deps.mailer.purgeSent() : undefined,
      app.services.files.purgeTemporary(),
      app.services.dossier.purge(),
      app.services.inventoryCsv.purge(),
      app.services.audit.purge(),
      purgeIdempotencyKeys(app.deps.db, app.deps.clock.now()),
      app.services.files.sweepOrphans(orphansBefore(atStart)).then((n) => n > 0 && app.log.warn({ removed: n }, 'orphan files removed')),
    ]).catch((err: unknown) => app.log.error({ err }, 'hourly purge failed'));
  // PGlite: this process is the database's only one (the data folder's lock), so what the one before
  // it left half done is known dead now — its jobs (a dossier being built, a mail being sent) are free at once.
  const { runner } = app.deps;
  if (handle.kind === 'pglite') {
    const released = await runner.releaseLeases();
    if (released > 0) app.log.warn({ jobs: released }, 'jobs the previous process held are due again');
  }
  void purge(true);
  // The periodic work runs on the job runner (decision 028): once per period across replicas.
  runner.every('purge', 60 * 60 * 1000, { maxAttempts: 3, run: () => Promise.all([purge(), runner.purge()]) });
  // Notifications falling due: each is created once (dedupe key), the tick once per period.
  if (config.schedulerIntervalSeconds > 0)
    runner.every('notifications.tick', config.schedulerIntervalSeconds * 1000, {
      maxAttempts: 1,
      run: () => app.services.notifications.tick(),
    });
  runner.start();

  // No new connection; the requests in flight finish. A keep-alive connection falling idle
  // meanwhile is closed at once (else the stop would wait for the client, a load balancer, to drop
  // it); a request still running after 25 s is abandoned.
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'arrêt en cours');
    const reap = setInterval(() => app.server.closeIdleConnections(), 100);
    setTimeout(() => {
      app.log.error('arrêt forcé : des requêtes duraient encore après 25 s');
      process.exit(1);
    }, 25_000).unref();
    await app.close();
    clearInterval(reap);
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const storageWarning = replicaStorageWarning(config);
  if (storageWarning) app.log.warn(storageWarning);
  await app.listen({ port: config.port, host: config.host });
  collectWhenIdle(app.server);
  app.log.info(`EcoFoyer prêt sur ${config.appUrl} (base : ${handle.kind})`);
}

export { ConfigError };
