import { API_BASE, type SmartfixCategory, type SmartfixRequest, type SmartfixResponse } from '@ecofoyer/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET V1/smartfix/categories: the 40 categories with their French names. */
export function useSmartfixCategories() {
  return useQuery({
    queryKey: ['smartfix', 'categories'],
    queryFn: () => api<SmartfixCategory[]>(`${API_BASE}/smartfix/categories`),
    staleTime: Infinity,
  });
}

/** POST V1/smartfix/predict */
export function usePredictRepairability() {
  return useMutation({
    mutationFn: (body: SmartfixRequest) => api<SmartfixResponse>(`${API_BASE}/smartfix/predict`, { method: 'POST', body }),
  });
}
