import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/client.ts';
import { seedDemo } from './db/demo.ts';
import { loadReferenceData } from './db/reference.ts';

/** Process entry: config from env, migrations, seed, listen. */
async function main() {
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await migrateToLatest(handle);
  await loadReferenceData(handle.db);
  const app = await buildApp({ config, db: handle.db });
  if (config.demo) await seedDemo(app);
  const purge = () =>
    Promise.all([app.deps.limiter.purge(), app.services.files.purgeTemporary()]).catch((err: unknown) =>
      app.log.error({ err }, 'hourly purge failed'),
    );
  void purge();
  setInterval(purge, 60 * 60 * 1000).unref();
  // Notifications falling due: every replica may tick, each notification is created once (dedupe key).
  if (config.schedulerIntervalSeconds > 0) {
    const tick = () => app.services.notifications.tick().catch((err: unknown) => app.log.error({ err }, 'notification tick failed'));
    void tick();
    setInterval(tick, config.schedulerIntervalSeconds * 1000).unref();
  }

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'arrêt en cours');
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`EcoFoyer prêt sur ${config.appUrl} (base : ${handle.kind})`);
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
