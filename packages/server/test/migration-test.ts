import { Migrator } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { migrateToLatest } from '../src/db/client.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { workerDb } from './test-db.ts';

/**
 * A migration's test: the real app on the worker's database, taken back to `before` by `down`, then
 * up again (`latest`). Whatever happens, the database ends at the latest migration for the next file.
 */
export function migrationTest() {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await migrateToLatest(await workerDb());
    await t?.app.close();
  });
  return {
    get t(): TestApp {
      return t!;
    },
    async migrateTo(name: string): Promise<void> {
      const { schema } = await workerDb();
      const migrator = new Migrator({ db: t!.db, migrationTableSchema: schema, provider: { getMigrations: async () => migrations } });
      const { error } = await migrator.migrateTo(name);
      if (error) throw error;
    },
    async latest(): Promise<void> {
      const { schema } = await workerDb();
      await migrateToLatest({ db: t!.db, schema, kind: 'pglite', close: async () => undefined });
    },
  };
}
