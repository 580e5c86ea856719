import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';

export const maintenanceKeys = {
  ofProduct: (productId: number) => ['maintenance-cards', productId] as const,
};

/** GET /api/maintenancecard?productid=: the product's cards (reference content: cached for the session). */
export function useMaintenanceCards(productId: number | null) {
  return useQuery({
    queryKey: maintenanceKeys.ofProduct(productId ?? 0),
    queryFn: () => call('get', '/api/maintenancecard', { query: { productid: productId ?? 0 } }),
    enabled: Boolean(productId && productId > 0),
    staleTime: Infinity,
  });
}
