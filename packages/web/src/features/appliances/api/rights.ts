import { Droits } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';

/**
 * GET V1/profils/users/foyers/univers/appliances/{id}/droits (guarantees): an appliance's sub-resource,
 * read by the « Mes droits » section and by the repair flow (the repair bonus only out of every guarantee).
 */
export function useRights(applianceId: number, enabled = true) {
  return useQuery({
    enabled,
    // Under the appliance's key: saving the appliance or a breakdown refreshes it.
    queryKey: ['appliances', 'rights', applianceId],
    queryFn: () =>
      call('get', '/api/V1/profils/users/foyers/univers/appliances/{id}/droits', {
        path: { id: applianceId },
        schema: import.meta.env.DEV ? Droits : undefined,
      }),
  });
}
