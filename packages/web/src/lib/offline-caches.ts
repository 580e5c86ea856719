/**
 * The caches that hold the signed-in user's answers and files for reading offline (decision 030,
 * sw.ts). Apart from offline-store.ts: sign-out (session.ts, in the login page's first bundle)
 * needs these names only.
 */
export const API_CACHE = 'ecofoyer-api';
export const FILES_CACHE = 'ecofoyer-files';

/** Deletes the offline copies of the household's answers and files: the next person on this browser never reads them. */
export function clearOfflineCaches(): Promise<unknown> {
  return typeof caches === 'undefined' ? Promise.resolve() : Promise.all([caches.delete(API_CACHE), caches.delete(FILES_CACHE)]);
}
