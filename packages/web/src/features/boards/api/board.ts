import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';

export type BoardName = 'user' | 'freemium' | 'assure';

/** API.md role boards: GET /api/V1/board/{user|freemium|assure}. */
export function useBoard(name: BoardName) {
  return useQuery({
    queryKey: ['board', name],
    queryFn: () => call('get', `/api/V1/board/${name}`),
    retry: false,
  });
}
