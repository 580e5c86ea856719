import { firstScreenUrl } from '../lib/api-paths.ts';
import { fetchEarly } from '../lib/early-fetch.ts';
import { sessionStore } from '../lib/session.ts';

/** How long a query's data stays fresh (query-client.ts): a fresher answer is not asked again. */
export const QUERY_STALE_MS = 30_000;

/**
 * Route loaders (decision 013): each starts the GET requests its page makes on its first render, so
 * that they travel while the page's code downloads (lib/early-fetch.ts). They return at once:
 * the page renders as soon as its code is there, and its queries take the answers.
 */
export function shellLoader() {
  const user = sessionStore.get()?.id;
  if (user) {
    fetchEarly(firstScreenUrl('notificationCount', user), QUERY_STALE_MS);
    // The user's role in the foyer decides which buttons show (a lecteur only reads).
    fetchEarly(firstScreenUrl('foyer', user), QUERY_STALE_MS);
  }
  return null;
}

export function homeLoader() {
  const user = sessionStore.get()?.id;
  if (!user) return null;
  for (const key of ['universes', 'badges', 'badgesToEarn', 'applianceCount', 'rightsSummary'] as const)
    fetchEarly(firstScreenUrl(key, user), QUERY_STALE_MS);
  // Reference data never goes stale in the cache (staleTime Infinity).
  fetchEarly(firstScreenUrl('refProducts'), Number.POSITIVE_INFINITY);
  return null;
}
