import { NOTIFICATIONS_PAGE, Notification } from '@ecofoyer/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Body, call, me } from '../../../lib/api-call.ts';
import { currentPushState, outcomeOfError, type PushOutcome, pushSupported } from '../push-status.ts';

export const notificationKeys = { all: ['notifs'] as const, list: () => ['notifs', 'list'] as const };

/** The list a page at a time, newest first: a household with years of reminders loads 20, then 20 more. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) =>
      call('get', '/api/V1/profils/users/{userId}/notifs', {
        path: { userId: me() },
        query: { limit: NOTIFICATIONS_PAGE, before: pageParam || undefined },
        schema: import.meta.env.DEV ? Notification.array() : undefined,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.length < NOTIFICATIONS_PAGE ? undefined : last.at(-1)!.id),
    select: (data) => data.pages.flat(),
  });
}

/** product §4: ACTIF → READ once the server agrees; the list and the count follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      call('put', '/api/V1/profils/users/{userId}/notifs/{notifId}', { path: { userId: me(), notifId: id }, body: { status: 'read' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

const base64ToBytes = (b64: string) => Uint8Array.from(atob(b64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/**
 * Asks the browser for permission, subscribes with the server's VAPID key, and saves the
 * subscription. Never throws: every way it can end is an outcome the page words in French.
 */
export async function subscribeToPush(): Promise<PushOutcome> {
  if (!pushSupported()) return { kind: 'unsupported' };
  try {
    const permission = await window.Notification.requestPermission();
    if (permission !== 'granted') return { kind: 'denied' };
    // getRegistration, not `ready`: without a service worker `ready` never settles (no feedback at all).
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return { kind: 'failed' };
    const { publicKey } = await call('get', '/api/V1/push/public-key', { auth: false });
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64ToBytes(publicKey) }));
    await call('post', '/api/V1/profils/users/{userId}/push/subscriptions', {
      path: { userId: me() },
      body: subscription.toJSON() as Body<'post', '/api/V1/profils/users/{userId}/push/subscriptions'>,
    });
    return { kind: 'granted' };
  } catch (error) {
    return outcomeOfError(error);
  }
}

/** This device's push state, read again after each attempt. */
export function usePushState() {
  return useQuery({ queryKey: ['push-state'], queryFn: currentPushState, staleTime: 0, meta: { silent: true } });
}
