import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';

/**
 * GET /api/V1/partages/{jeton}: what a read-only link shows, without a session. `auth: false`: no
 * bearer is sent and no 401 can end the session of someone signed in on this device.
 */
export function useSharedDossier(jeton: string | undefined) {
  return useQuery({
    queryKey: ['partage', jeton],
    queryFn: ({ signal }) => call('get', '/api/V1/partages/{jeton}', { path: { jeton: jeton! }, signal, auth: false }),
    enabled: Boolean(jeton),
    // 404 (unknown) and 410 (expired or revoked) are final; the page says so.
    retry: false,
    // Reloading the page must tell at once that a link was revoked.
    staleTime: 0,
  });
}
