import { constants } from 'node:fs';
import { access, statfs } from 'node:fs/promises';

/** Below this much free space the data folder counts as full: the largest upload (a 25 MB manual) could not be written twice. */
export const DISK_FULL_BYTES = 50 * 2 ** 20;
/** How long one look at the disk answers `/api/health` (a check every 10 ms must not ask the system each time). */
const KEPT_MS = 1000;

export type DiskState = 'ok' | 'full' | 'read-only';

/** A write refused because the disk (or the user's quota on it) is full. */
export const isDiskFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes(String((error as { code?: unknown })?.code));
/** A write refused because the file system is mounted read-only. */
export const isReadOnly = (error: unknown) => (error as { code?: unknown })?.code === 'EROFS';

const seen = new Map<string, { at: number; state: Promise<DiskState> }>();

/**
 * Whether the server can still write in its data folder (`/api/health`): « full » under
 * DISK_FULL_BYTES free, « read-only » when the file system refuses writes; a folder that cannot be
 * looked at is left to the writes themselves (« ok »).
 */
export function diskState(dir: string, now = Date.now(), minFreeBytes = DISK_FULL_BYTES): Promise<DiskState> {
  const last = seen.get(dir);
  if (last && now - last.at < KEPT_MS) return last.state;
  const state = (async (): Promise<DiskState> => {
    try {
      await access(dir, constants.W_OK);
    } catch (error) {
      if (isReadOnly(error)) return 'read-only';
    }
    try {
      const { bavail, bsize } = await statfs(dir);
      return bavail * bsize < minFreeBytes ? 'full' : 'ok';
    } catch {
      return 'ok';
    }
  })();
  seen.set(dir, { at: now, state });
  return state;
}
