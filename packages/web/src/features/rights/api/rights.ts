import { API_BASE, Droits, DroitsResume } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { firstScreenPaths } from '../../../lib/api-paths.ts';
import { seededFrom } from '../../../lib/early-fetch.ts';
import { userBase } from '../../universes/api/universes.ts';

/** GET V1/profils/users/foyers/univers/appliances/{id}/droits (issue 20). */
export function useRights(applianceId: number, enabled = true) {
  return useQuery({
    enabled,
    // Under the appliance's key: saving the appliance or a breakdown refreshes it.
    queryKey: ['appliances', 'rights', applianceId],
    queryFn: () => api<Droits>(`${API_BASE}/profils/users/foyers/univers/appliances/${applianceId}/droits`, { schema: Droits }),
  });
}

/** GET …/{userId}/droits/resume: the home's « N appareils encore sous garantie » (issue 20). */
export function useRightsSummary() {
  const path = () => firstScreenPaths.rightsSummary(userBase());
  // Started with the home's other first requests (app/route-data.ts).
  return useQuery({ queryKey: ['appliances', 'rights-summary'], queryFn: () => api<DroitsResume>(path(), { schema: DroitsResume }), ...seededFrom<DroitsResume>(path) });
}
