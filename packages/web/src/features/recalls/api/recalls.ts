import { Rappel } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userBase } from '../../../lib/api-paths.ts';

export const recallKeys = {
  all: ['recalls'] as const,
  appliance: (applianceId: number) => ['recalls', 'appliance', applianceId] as const,
};

/** GET …/{userId}/rappels?applianceId=: the product recalls of one appliance nobody has marked handled. */
export function useApplianceRecalls(applianceId: number) {
  return useQuery({
    queryKey: recallKeys.appliance(applianceId),
    queryFn: () =>
      api<Rappel[]>(`${userBase()}/rappels?applianceId=${applianceId}`, { schema: import.meta.env.DEV ? Rappel.array() : undefined }),
  });
}
