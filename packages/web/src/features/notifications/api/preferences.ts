import { API_BASE, NotificationPreferences } from '@ecofoyer/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userBase } from '../../../lib/api-paths.ts';

const preferencesKey = ['notification-preferences'] as const;

/** GET …/preferences/notifications: in the app, push, e-mail and its rhythm. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: () =>
      api<NotificationPreferences>(`${userBase()}/preferences/notifications`, {
        schema: import.meta.env.DEV ? NotificationPreferences : undefined,
      }),
  });
}

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) =>
      api<NotificationPreferences>(`${userBase()}/preferences/notifications`, { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(preferencesKey, saved),
  });
}

/** The one-click unsubscribe of a reminder mail, from its page (no session: the signature is the credential). */
export function unsubscribe(u: string, sig: string): Promise<{ message: string }> {
  return api<{ message: string }>(`${API_BASE}/notifs/desabonnement?u=${encodeURIComponent(u)}&sig=${encodeURIComponent(sig)}`, {
    method: 'POST',
    auth: false,
  });
}
