import type { SecondLifeItem, SecondLifeOutcome } from '@ecofoyer/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { EARNS_BADGES } from '../../../lib/mutation-meta.ts';
import { refreshAfterRemoval } from '../../appliances/api/appliances.ts';
import { userBase } from '../../../lib/api-paths.ts';

export const secondLifeKeys = { history: ['second-life', 'history'] as const };

/** GET …/appliances/history: the devices given, sold or recycled. */
export function useSecondLifeHistory() {
  return useQuery({ queryKey: secondLifeKeys.history, queryFn: () => api<SecondLifeItem[]>(`${userBase()}/appliances/history`) });
}

/** POST …/appliances/{id}/second-life: the device leaves the inventory (badges and notifications may follow). */
export function useMarkSecondLife() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: EARNS_BADGES,
    mutationFn: ({ id, outcome }: { id: number; outcome: SecondLifeOutcome }) =>
      api<SecondLifeItem>(`${userBase()}/appliances/${id}/second-life`, { method: 'POST', body: { outcome } }),
    onSuccess: (_, { id }) => refreshAfterRemoval(queryClient, id, [['universes'], ['second-life'], ['badges'], ['notifs'], ['events']]),
  });
}
