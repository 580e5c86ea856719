import { InventoryImportLast } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, me } from '../../../lib/api-call.ts';
import { useSession } from '../../auth/api/use-session.ts';

/** The household's last import, per signed-in user: a device can change accounts. */
export const lastImportKeys = {
  all: ['inventory-import'] as const,
  one: (userId: number | undefined) => ['inventory-import', userId, 'last'] as const,
};

/** How often an import running (on the server's job runner) is asked where it is. */
const POLL_MS = 1000;

/**
 * GET …/import/appareils/dernier: the household's last import that wrote — running (asked again every
 * second until it ends), done or failed — or null when it never imported. An import goes on when its
 * page is closed: after a reload, this is how the page finds it.
 */
export function useLastImport() {
  const session = useSession();
  return useQuery({
    queryKey: lastImportKeys.one(session?.id),
    queryFn: async ({ signal }) =>
      (await call('get', '/api/V1/profils/users/{userId}/import/appareils/dernier', {
        path: { userId: me() },
        signal,
        schema: import.meta.env.DEV ? InventoryImportLast : undefined,
      })) ?? null,
    enabled: Boolean(session),
    refetchInterval: (query) => (query.state.data?.etat === 'en_cours' ? POLL_MS : false),
    // A failed poll leaves the last state shown, not a toast each second.
    meta: { silent: true },
  });
}
