import { API_BASE, type Notification } from '@ecofoyer/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userBase } from '../../universes/api/universes.ts';

export const notificationKeys = { all: ['notifs'] as const, list: () => ['notifs', 'list'] as const };

export function useNotifications() {
  return useQuery({ queryKey: notificationKeys.list(), queryFn: () => api<Notification[]>(`${userBase()}/notifs`) });
}

/** spec §4: ACTIF → READ once the server agrees; the list and the count follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<Notification>(`${userBase()}/notifs/${id}`, { method: 'PUT', body: { status: 'read' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

const base64ToBytes = (b64: string) => Uint8Array.from(atob(b64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** Asks the browser for permission, subscribes with the server's VAPID key, and saves the subscription. */
export async function subscribeToPush(): Promise<'granted' | 'denied' | 'unsupported'> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  const permission = await window.Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await api<{ publicKey: string }>(`${API_BASE}/push/public-key`, { auth: false });
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64ToBytes(publicKey) }));
  await api(`${userBase()}/push/subscriptions`, { method: 'POST', body: subscription.toJSON() });
  return 'granted';
}
