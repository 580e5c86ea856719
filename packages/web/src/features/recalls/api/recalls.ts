import { Rappel } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, me } from '../../../lib/api-call.ts';

export const recallKeys = {
  all: ['recalls'] as const,
  appliance: (applianceId: number) => ['recalls', 'appliance', applianceId] as const,
};

/** GET …/{userId}/rappels?applianceId=: the product recalls of one appliance nobody has marked handled. */
export function useApplianceRecalls(applianceId: number) {
  return useQuery({
    queryKey: recallKeys.appliance(applianceId),
    queryFn: () =>
      call('get', '/api/V1/profils/users/{userId}/rappels', {
        path: { userId: me() },
        query: { applianceId },
        schema: import.meta.env.DEV ? Rappel.array() : undefined,
      }),
  });
}
