import { DroitsResume } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { firstScreenPaths, userBase } from '../../../lib/api-paths.ts';
import { seededFrom } from '../../../lib/early-fetch.ts';

/** GET …/{userId}/droits/resume: the home's « N appareils encore sous garantie ». */
export function useRightsSummary() {
  const path = () => firstScreenPaths.rightsSummary(userBase());
  // Started with the home's other first requests (app/route-data.ts).
  return useQuery({
    queryKey: ['appliances', 'rights-summary'],
    queryFn: () => api<DroitsResume>(path(), { schema: import.meta.env.DEV ? DroitsResume : undefined }),
    ...seededFrom<DroitsResume>(path),
  });
}
