import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, me } from '../../../lib/api-call.ts';
import { EARNS_BADGES } from '../../../lib/mutation-meta.ts';

/**
 * POST …/actions: records a carbon simulation, which a badge counts. The badge it earns gets its toast
 * from the badges feature, which watches every change marked `EARNS_BADGES` (decision 014).
 */
export function useRecordAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'carbon_simulation') =>
      call('post', '/api/V1/profils/users/{userId}/actions', { path: { userId: me() }, body: { action } }),
    meta: EARNS_BADGES,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['badges'] }),
  });
}
