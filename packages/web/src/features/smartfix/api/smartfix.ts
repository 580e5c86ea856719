import { useMutation, useQuery } from '@tanstack/react-query';
import { type Body, call } from '../../../lib/api-call.ts';

/** GET V1/smartfix/categories: the 40 categories with their French names. */
export function useSmartfixCategories() {
  return useQuery({
    queryKey: ['smartfix', 'categories'],
    queryFn: () => call('get', '/api/V1/smartfix/categories'),
    staleTime: Infinity,
  });
}

/** POST V1/smartfix/predict */
export function usePredictRepairability() {
  return useMutation({
    mutationFn: (body: Body<'post', '/api/V1/smartfix/predict'>) => call('post', '/api/V1/smartfix/predict', { body }),
  });
}
