import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/** The lock files this process holds (a second open in the same process is refused too). */
const held = new Set<string>();

/** A second process on the same PGlite folder (two would corrupt it): one clear line, then the process exits. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `La base embarquée ${dir} est déjà utilisée par le processus ${pid} : arrêtez-le, ou donnez un autre DATA_DIR (ou DATABASE_URL pour plusieurs processus). ` +
        `/ The embedded database ${dir} is already used by process ${pid}: stop it, or set another DATA_DIR (or DATABASE_URL for several processes).`,
    );
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the PGlite folder for this process: two processes writing one PGlite folder lose
 * acknowledged writes. The lock is a file beside the folder holding the owner's pid; a lock whose
 * process is gone (a crash, a killed container) is taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const lockPath = `${dir}.lock`;
  if (held.has(lockPath)) throw new DataDirLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      closeSync(fd);
      held.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(lockPath);
        process.off('exit', release);
        try {
          unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner: { pid?: number; host?: string } = {};
      try {
        owner = JSON.parse(readFileSync(lockPath, 'utf8'));
      } catch {
        // Unreadable or half-written: treated as stale below.
      }
      // Our own pid in a lock we do not hold is a previous life of this container: stale.
      const stale = typeof owner.pid !== 'number' || owner.pid === process.pid || (owner.host === hostname() && !alive(owner.pid));
      if (!stale) throw new DataDirLockedError(dir, owner.pid!);
      try {
        unlinkSync(lockPath);
      } catch {
        // Someone else took it over meanwhile: the next attempt tells.
      }
    }
  }
  throw new DataDirLockedError(dir, -1);
}
