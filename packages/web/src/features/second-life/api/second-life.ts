import type { SecondLifeOutcome } from '@ecofoyer/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, me } from '../../../lib/api-call.ts';
import { EARNS_BADGES } from '../../../lib/mutation-meta.ts';
import { refreshAfterRemoval } from '../../appliances/api/appliances.ts';

export const secondLifeKeys = { history: ['second-life', 'history'] as const };

/** GET …/appliances/history: the devices given, sold or recycled. */
export function useSecondLifeHistory() {
  return useQuery({
    queryKey: secondLifeKeys.history,
    queryFn: () => call('get', '/api/V1/profils/users/{userId}/appliances/history', { path: { userId: me() } }),
  });
}

/** POST …/appliances/{id}/second-life: the device leaves the inventory (badges and notifications may follow). */
export function useMarkSecondLife() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: EARNS_BADGES,
    mutationFn: ({ id, outcome }: { id: number; outcome: SecondLifeOutcome }) =>
      call('post', '/api/V1/profils/users/{userId}/appliances/{id}/second-life', { path: { userId: me(), id }, body: { outcome } }),
    onSuccess: (_, { id }) => refreshAfterRemoval(queryClient, id, [['universes'], ['second-life'], ['badges'], ['notifs'], ['events']]),
  });
}
