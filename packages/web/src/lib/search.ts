import Fuse, { type IFuseOptions } from 'fuse.js';

/** Lower-case without accents: "Réfrigérateur" and "refrigerateur" match. */
export const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/**
 * Search as people type (accents, small typos) over a few hundred items: Fuse.js on the
 * given keys, every item when the query is empty.
 */
export function createSearch<T>(items: readonly T[], keys: IFuseOptions<T>['keys']) {
  const fuse = new Fuse(items, { keys, threshold: 0.35, ignoreLocation: true, ignoreDiacritics: true });
  return (query: string): T[] => (query.trim() ? fuse.search(query.trim()).map((r) => r.item) : [...items]);
}
