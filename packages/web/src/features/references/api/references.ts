import { RefProduct, RefUniverse } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';
import { firstScreenPaths, firstScreenUrl } from '../../../lib/api-paths.ts';
import { seededFrom } from '../../../lib/early-fetch.ts';

/** GET V1/references/refproducts (they change only with a release: cached for the session). */
export function useRefProducts() {
  return useQuery({
    queryKey: ['references', 'products'],
    queryFn: () => call('get', firstScreenPaths.refProducts, { schema: import.meta.env.DEV ? RefProduct.array() : undefined }),
    staleTime: Infinity,
    ...seededFrom<RefProduct[]>(() => firstScreenUrl('refProducts')),
  });
}

/** GET V1/references/refunivers. */
export function useRefUniverses() {
  return useQuery({
    queryKey: ['references', 'universes'],
    queryFn: () => call('get', '/api/V1/references/refunivers', { schema: import.meta.env.DEV ? RefUniverse.array() : undefined }),
    staleTime: Infinity,
  });
}
