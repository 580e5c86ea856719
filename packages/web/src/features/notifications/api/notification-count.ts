import { API_BASE } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/use-session.ts';

/** spec §7: GET notifs/count → the number of unread notifications (undefined until known). */
export function useNotificationCount() {
  const session = useSession();
  const query = useQuery({
    queryKey: ['notifs', 'count', session?.id],
    queryFn: () => api<number>(`${API_BASE}/profils/users/${session?.id}/notifs/count`),
    enabled: Boolean(session),
    retry: false,
    refetchInterval: 60_000,
    meta: { silent: true },
  });
  return typeof query.data === 'number' ? query.data : undefined;
}
