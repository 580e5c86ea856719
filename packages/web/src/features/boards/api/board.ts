import { API_BASE, type MessageResponse } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type BoardName = 'user' | 'freemium' | 'assure';

/** API.md role boards: GET /api/V1/board/{user|freemium|assure}. */
export function useBoard(name: BoardName) {
  return useQuery({
    queryKey: ['board', name],
    queryFn: () => api<MessageResponse>(`${API_BASE}/board/${name}`),
    retry: false,
  });
}
