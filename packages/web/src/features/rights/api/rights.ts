import { DroitsResume } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, me } from '../../../lib/api-call.ts';
import { firstScreenPaths, firstScreenUrl } from '../../../lib/api-paths.ts';
import { seededFrom } from '../../../lib/early-fetch.ts';

/** GET …/{userId}/droits/resume: the home's « N appareils encore sous garantie ». */
export function useRightsSummary() {
  // Started with the home's other first requests (app/route-data.ts).
  return useQuery({
    queryKey: ['appliances', 'rights-summary'],
    queryFn: () =>
      call('get', firstScreenPaths.rightsSummary, { path: { userId: me() }, schema: import.meta.env.DEV ? DroitsResume : undefined }),
    ...seededFrom<DroitsResume>(() => firstScreenUrl('rightsSummary', me())),
  });
}
