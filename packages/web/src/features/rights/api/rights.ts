import { API_BASE, type Droits } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET V1/profils/users/foyers/univers/appliances/{id}/droits (issue 20). */
export function useRights(applianceId: number) {
  return useQuery({
    // Under the appliance's key: saving the appliance or a breakdown refreshes it.
    queryKey: ['appliances', 'rights', applianceId],
    queryFn: () => api<Droits>(`${API_BASE}/profils/users/foyers/univers/appliances/${applianceId}/droits`),
  });
}
