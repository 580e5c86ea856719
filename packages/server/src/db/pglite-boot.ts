import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock.ts';
import { initialiseDataDir, PGLITE_TEMPLATE, PGliteThread } from './pglite-thread.ts';

/** PGlite started in its thread on a data directory this process holds (or in memory). */
export interface BootedPglite {
  thread: PGliteThread;
  unlock(): void;
}

/**
 * Locks the data directory, creates it when new, and starts PGlite in its thread; resolves once the
 * database answers. Nothing here loads Kysely, zod or the app: the server calls it first, so PGlite
 * boots while the rest of the server loads (a start under 2 s).
 */
export async function bootPglite(dir: string | undefined): Promise<BootedPglite> {
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  const unlock = dir ? lockDataDir(dir) : () => undefined;
  // A new data directory is a copy of the build's template (no initdb: a first start under
  // 3 s); without one (the sources run through tsx), it is created in a thread that then ends (its
  // 800 MB go with it).
  if (dir && !existsSync(path.join(dir, 'PG_VERSION'))) {
    try {
      if (existsSync(path.join(PGLITE_TEMPLATE, 'PG_VERSION'))) copyTemplate(dir);
      else await initialiseDataDir(dir);
    } catch (error) {
      unlock();
      throw error;
    }
  }
  // In a worker thread: a query no longer holds the server's event loop (bench/pglite-stall.ts).
  const thread = new PGliteThread(dir);
  try {
    await thread.waitReady;
  } catch (error) {
    await thread.close().catch(() => undefined);
    unlock();
    throw error;
  }
  return { thread, unlock };
}

/**
 * The template copied into `dir` (created or empty): under a temporary name first, then renamed, so
 * an interrupted copy never leaves a directory that looks created.
 */
function copyTemplate(dir: string): void {
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(PGLITE_TEMPLATE, partial, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
}
