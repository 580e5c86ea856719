import { notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { badgeAnnouncer } from '../features/badges/announcer.ts';
import { ApiError } from '../lib/api-client.ts';
import { isOffline, reportNetwork } from '../lib/network-state.ts';
import { QUERY_STALE_MS } from './route-data.ts';

/** A request that could not leave: lib/network-state.ts shows the « Hors ligne » banner. */
const noteFailure = (error: unknown) => {
  if (error instanceof ApiError && error.status === 0 && error.code === 'NETWORK') reportNetwork(false);
};

/**
 * What every change goes through, whatever feature made it: badges react to what happened (decision 014),
 * so a change marked `EARNS_BADGES` (lib/mutation-meta.ts) announces the badges it earned.
 */
export function appMutationCache(client: () => QueryClient) {
  const badges = badgeAnnouncer(client);
  return new MutationCache({
    onMutate: (_variables, mutation) => badges.before(mutation),
    onSuccess: (_data, _variables, _context, mutation) => badges.after(mutation),
    onError: noteFailure,
  });
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: QUERY_STALE_MS,
      refetchOnWindowFocus: false,
      // Offline, queries still run (decision 030): the service worker answers with the copy it keeps,
      // or the page says it was never opened online; never a query paused with a spinner.
      networkMode: 'always',
      // Network failures and 5xx are retried twice (not offline: the answer would not change); 4xx answers are final.
      retry: (count, error) => count < 2 && !isOffline() && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
    },
    // A change made offline fails at once with « Indisponible hors connexion » instead of waiting.
    mutations: { networkMode: 'always' },
  },
  // Pages show a failed first load in place; a toast tells only of a failed background refresh
  // (the page still shows the older data).
  queryCache: new QueryCache({
    // Without a service worker (it tells itself when the network answers again), an answer is the network's.
    onSuccess: () => !navigator.serviceWorker?.controller && reportNetwork(true),
    onError: (error, query) => {
      noteFailure(error);
      if (query.meta?.silent || query.state.data === undefined) return;
      if (error instanceof ApiError && error.status === 401) return;
      notifications.show({ color: 'red', title: 'Erreur', message: error.message });
    },
  }),
  mutationCache: appMutationCache(() => queryClient),
});
