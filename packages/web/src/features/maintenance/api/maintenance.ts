import type { MaintenanceCard } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const maintenanceKeys = {
  ofProduct: (productId: number) => ['maintenance-cards', productId] as const,
};

/** GET /api/maintenancecard?productid=: the product's cards (reference content: cached for the session). */
export function useMaintenanceCards(productId: number | null) {
  return useQuery({
    queryKey: maintenanceKeys.ofProduct(productId ?? 0),
    queryFn: () => api<MaintenanceCard[]>(`/api/maintenancecard?productid=${productId}`),
    enabled: Boolean(productId && productId > 0),
    staleTime: Infinity,
  });
}
