import { LabelTarget } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';

/** GET V1/etiquettes/{code}: the appliance a scanned label opens, for a member of its foyer. */
export function useLabelTarget(code: string) {
  return useQuery({
    queryKey: ['label-target', code],
    queryFn: ({ signal }) =>
      call('get', '/api/V1/etiquettes/{code}', {
        path: { code },
        signal,
        schema: import.meta.env.DEV ? LabelTarget : undefined,
      }),
    // 404, 410 and 403 are answers, not failures to retry; the page says them.
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
