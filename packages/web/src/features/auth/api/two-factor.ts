import { AUTH_BASE, type TotpSetup, type TotpStatus } from '@ecofoyer/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const totpKey = ['auth', 'totp'] as const;

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export function useTwoFactor() {
  return useQuery({ queryKey: totpKey, queryFn: () => api<TotpStatus>(`${AUTH_BASE}/totp`) });
}

export function useTwoFactorActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: totpKey });
  return {
    setup: useMutation({
      mutationFn: (currentPassword: string) => api<TotpSetup>(`${AUTH_BASE}/totp/setup`, { method: 'POST', body: { currentPassword } }),
    }),
    enable: useMutation({
      mutationFn: (code: string) => api<{ recoveryCodes: string[] }>(`${AUTH_BASE}/totp/enable`, { method: 'POST', body: { code } }),
      onSuccess: refresh,
    }),
    disable: useMutation({
      mutationFn: (input: { currentPassword: string; code?: string; recoveryCode?: string }) =>
        api<{ message: string }>(`${AUTH_BASE}/totp/disable`, { method: 'POST', body: input }),
      onSuccess: refresh,
    }),
  };
}
