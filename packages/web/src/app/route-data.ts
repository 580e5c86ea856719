import { firstScreenPaths as paths, userPath } from '../lib/api-paths.ts';
import { fetchEarly } from '../lib/early-fetch.ts';
import { sessionStore } from '../lib/session.ts';

/** How long a query's data stays fresh (query-client.ts): a fresher answer is not asked again. */
export const QUERY_STALE_MS = 30_000;

function userBase(): string | null {
  const id = sessionStore.get()?.id;
  return id ? userPath(id) : null;
}

/**
 * Route loaders (decision 013): each starts the GET requests its page makes on its first render, so
 * that they travel while the page's code downloads (lib/early-fetch.ts). They return at once:
 * the page renders as soon as its code is there, and its queries take the answers.
 */
export function shellLoader() {
  const user = userBase();
  if (user) {
    fetchEarly(paths.notificationCount(user), QUERY_STALE_MS);
    // The user's role in the foyer decides which buttons show (a lecteur only reads).
    fetchEarly(paths.foyer(user), QUERY_STALE_MS);
  }
  return null;
}

export function homeLoader() {
  const user = userBase();
  if (!user) return null;
  for (const path of [
    paths.universes(user),
    paths.badges(user),
    paths.badgesToEarn(user),
    paths.applianceCount(user),
    paths.rightsSummary(user),
  ])
    fetchEarly(path, QUERY_STALE_MS);
  // Reference data never goes stale in the cache (staleTime Infinity).
  fetchEarly(paths.refProducts(), Number.POSITIVE_INFINITY);
  return null;
}
