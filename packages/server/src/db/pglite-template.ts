import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { pathToFileURL } from 'node:url';
import { migrateToLatest, openDatabase } from './client.ts';
import { PGLITE_TEMPLATE } from './pglite-thread.ts';
import { loadReferenceData } from './reference.ts';

/**
 * Writes the template a new PGlite data directory is copied from (`PGLITE_TEMPLATE`, no initdb at start): a
 * data directory created (initdb), migrated to the latest migration, with its reference data and
 * their statistics, then closed. The build runs it (`node dist/db/pglite-template.js`) beside the built code; the server
 * still migrates and loads the reference data at start, so a template one migration behind is only
 * slower, never wrong.
 */
export async function writePgliteTemplate(target = PGLITE_TEMPLATE): Promise<void> {
  // Beside the target: renamed in place once closed (a rename does not cross file systems).
  const work = mkdtempSync(`${target}-work-`);
  try {
    const handle = await openDatabase({ pgliteDir: path.join(work, 'pglite') });
    try {
      await migrateToLatest(handle);
      await loadReferenceData(handle.db);
      // The planner's statistics of the reference data, so that a new server has none to gather (pglite-thread.worker.mjs).
      await sql`analyze`.execute(handle.db);
    } finally {
      await handle.close();
    }
    rmSync(target, { recursive: true, force: true });
    renameSync(path.join(work, 'pglite'), target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writePgliteTemplate(process.argv[2]);
  console.log('server: modèle de base PGlite écrit');
}
