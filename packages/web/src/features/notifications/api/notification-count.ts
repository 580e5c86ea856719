import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../lib/api-call.ts';
import { firstScreenPaths, firstScreenUrl } from '../../../lib/api-paths.ts';
import { seededFrom } from '../../../lib/early-fetch.ts';
import { useSession } from '../../auth/api/use-session.ts';

/** product §7: GET notifs/count → the number of unread notifications (undefined until known). */
export function useNotificationCount() {
  const session = useSession();
  const userId = session?.id ?? 0;
  const query = useQuery({
    queryKey: ['notifs', 'count', session?.id],
    ...(session ? seededFrom<number>(() => firstScreenUrl('notificationCount', userId)) : {}),
    refetchOnWindowFocus: true,
    queryFn: () => call('get', firstScreenPaths.notificationCount, { path: { userId } }),
    enabled: Boolean(session),
    retry: false,
    refetchInterval: 60_000,
    meta: { silent: true },
  });
  const count = typeof query.data === 'number' ? query.data : undefined;
  // product §1/§7: the count also goes to the service worker, which sets the app badge.
  useEffect(() => {
    if (count === undefined || !('serviceWorker' in navigator)) return;
    void navigator.serviceWorker.ready.then((r) => r.active?.postMessage({ type: 'unread-count', count })).catch(() => {});
  }, [count]);
  return count;
}
