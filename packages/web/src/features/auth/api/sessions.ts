import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';

const sessionsKey = ['auth', 'sessions'] as const;

/** « Mes appareils connectés »: the devices signed in to this account. */
export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => call('get', '/api/auth/sessions') });
}

/** Signs one device out (`sessionId`), or every other device (no id). */
export function useRevokeSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId?: string) =>
      sessionId ? call('delete', '/api/auth/sessions/{sessionId}', { path: { sessionId } }) : call('delete', '/api/auth/sessions'),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
