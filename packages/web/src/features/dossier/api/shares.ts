import { DossierShare, type DossierShareCreate } from '@ecofoyer/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, me } from '../../../lib/api-call.ts';
import { useSession } from '../../auth/api/use-session.ts';

export const shareKeys = { list: (userId: number | undefined) => ['dossier-partages', userId] as const };

/** GET …/dossier/partages: the household's read-only links still active. */
export function useShares(enabled: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: shareKeys.list(session?.id),
    queryFn: ({ signal }) =>
      call('get', '/api/V1/profils/users/{userId}/dossier/partages', {
        path: { userId: me() },
        signal,
        schema: import.meta.env.DEV ? DossierShare.array() : undefined,
      }),
    enabled: Boolean(session) && enabled,
  });
}

function useShareMutation<V, R>(fn: (input: V) => Promise<R>) {
  const session = useSession();
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: shareKeys.list(session?.id) }) });
}

/** POST …/dossier/partages: a new link for 7 or 30 days (409 beyond 20 active links). */
export const useCreateShare = () =>
  useShareMutation((body: DossierShareCreate) =>
    call('post', '/api/V1/profils/users/{userId}/dossier/partages', { path: { userId: me() }, body }),
  );

/** DELETE …/dossier/partages/{id}: the link stops working at once. */
export const useRevokeShare = () =>
  useShareMutation((id: string) => call('delete', '/api/V1/profils/users/{userId}/dossier/partages/{id}', { path: { userId: me(), id } }));
