import { notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { badgeAnnouncer } from '../features/badges/announcer.ts';
import { ApiError } from '../lib/api-client.ts';
import { QUERY_STALE_MS } from './route-data.ts';

/**
 * What every change goes through, whatever feature made it: badges react to what happened (decision 014),
 * so a change marked `EARNS_BADGES` (lib/mutation-meta.ts) announces the badges it earned.
 */
export function appMutationCache(client: () => QueryClient) {
  const badges = badgeAnnouncer(client);
  return new MutationCache({
    onMutate: (_variables, mutation) => badges.before(mutation),
    onSuccess: (_data, _variables, _context, mutation) => badges.after(mutation),
  });
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: QUERY_STALE_MS,
      refetchOnWindowFocus: false,
      // Network failures and 5xx are retried twice; 4xx answers are final.
      retry: (count, error) => count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
    },
  },
  // Pages show a failed first load in place; a toast tells only of a failed background refresh
  // (the page still shows the older data).
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.silent || query.state.data === undefined) return;
      if (error instanceof ApiError && error.status === 401) return;
      notifications.show({ color: 'red', title: 'Erreur', message: error.message });
    },
  }),
  mutationCache: appMutationCache(() => queryClient),
});
