import { API_BASE, RefProduct, RefUniverse } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { firstScreenPaths } from '../../../lib/api-paths.ts';
import { seededFrom } from '../../../lib/early-fetch.ts';

/** GET V1/references/refproducts (they change only with a release: cached for the session). */
export function useRefProducts() {
  const path = firstScreenPaths.refProducts;
  return useQuery({
    queryKey: ['references', 'products'],
    queryFn: () => api<RefProduct[]>(path(), { schema: import.meta.env.DEV ? RefProduct.array() : undefined }),
    staleTime: Infinity,
    ...seededFrom<RefProduct[]>(path),
  });
}

/** GET V1/references/refunivers. */
export function useRefUniverses() {
  return useQuery({
    queryKey: ['references', 'universes'],
    queryFn: () =>
      api<RefUniverse[]>(`${API_BASE}/references/refunivers`, { schema: import.meta.env.DEV ? RefUniverse.array() : undefined }),
    staleTime: Infinity,
  });
}
