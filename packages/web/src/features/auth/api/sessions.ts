import { AUTH_BASE, type SessionInfo } from '@ecofoyer/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const sessionsKey = ['auth', 'sessions'] as const;

/** « Mes appareils connectés »: the devices signed in to this account. */
export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => api<SessionInfo[]>(`${AUTH_BASE}/sessions`) });
}

/** Signs one device out (`sessionId`), or every other device (no id). */
export function useRevokeSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId?: string) =>
      sessionId
        ? api<null>(`${AUTH_BASE}/sessions/${sessionId}`, { method: 'DELETE' })
        : api<{ revoked: number }>(`${AUTH_BASE}/sessions`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
