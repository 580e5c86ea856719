import type { Badge } from '@ecofoyer/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { EARNS_BADGES } from '../../../lib/mutation-meta.ts';
import { userBase } from '../../../lib/api-paths.ts';

/**
 * POST …/actions: records a carbon simulation, which a badge counts. The badge it earns gets its toast
 * from the badges feature, which watches every change marked `EARNS_BADGES` (decision 014).
 */
export function useRecordAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'carbon_simulation') => api<{ awarded: Badge[] }>(`${userBase()}/actions`, { method: 'POST', body: { action } }),
    meta: EARNS_BADGES,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['badges'] }),
  });
}
