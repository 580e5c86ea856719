import type { Badge } from '@ecofoyer/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userBase } from '../../universes/api/universes.ts';

/** POST …/actions: records what a badge counts (a carbon simulation, a device given) and returns the badges earned. */
export function useRecordAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'carbon_simulation') => api<{ awarded: Badge[] }>(`${userBase()}/actions`, { method: 'POST', body: { action } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['badges'] }), queryClient.invalidateQueries({ queryKey: ['notifs'] })]),
  });
}
