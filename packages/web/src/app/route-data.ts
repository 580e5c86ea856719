import { API_BASE } from '@ecofoyer/contracts';
import { fetchEarly } from '../lib/early-fetch.ts';
import { sessionStore } from '../lib/session.ts';

/** How long a query's data stays fresh (query-client.ts): a fresher answer is not asked again. */
export const QUERY_STALE_MS = 30_000;

function userBase(): string | null {
  const id = sessionStore.get()?.id;
  return id ? `${API_BASE}/profils/users/${id}` : null;
}

/**
 * Route loaders (issue 8): each starts the GET requests its page makes on its first render, so
 * that they travel while the page's code downloads (lib/early-fetch.ts). They return at once:
 * the page renders as soon as its code is there, and its queries take the answers.
 */
export function shellLoader() {
  const user = userBase();
  if (user) fetchEarly(`${user}/notifs/count`, QUERY_STALE_MS);
  return null;
}

export function homeLoader() {
  const user = userBase();
  if (!user) return null;
  for (const path of [`${user}/foyers/univers`, `${user}/badges`, `${user}/appliances/count`]) fetchEarly(path, QUERY_STALE_MS);
  // Reference data never goes stale in the cache (staleTime Infinity).
  fetchEarly(`${API_BASE}/references/refproducts`, Number.POSITIVE_INFINITY);
  return null;
}
