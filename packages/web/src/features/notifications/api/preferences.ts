import { NotificationPreferences } from '@ecofoyer/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, me } from '../../../lib/api-call.ts';

const preferencesKey = ['notification-preferences'] as const;

/** GET …/preferences/notifications: in the app, push, e-mail and its rhythm. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: () =>
      call('get', '/api/V1/profils/users/{userId}/preferences/notifications', {
        path: { userId: me() },
        schema: import.meta.env.DEV ? NotificationPreferences : undefined,
      }),
  });
}

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) =>
      call('put', '/api/V1/profils/users/{userId}/preferences/notifications', { path: { userId: me() }, body }),
    onSuccess: (saved) => client.setQueryData(preferencesKey, saved),
  });
}

/** The one-click unsubscribe of a reminder mail, from its page (no session: the signature is the credential). */
export function unsubscribe(u: string, sig: string): Promise<{ message: string }> {
  // The address's `u` as typed: a number, or text the server refuses (400) as it did before.
  return call('post', '/api/V1/notifs/desabonnement', { query: { u: Number(u), sig }, auth: false });
}
