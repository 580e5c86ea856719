import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';

const totpKey = ['auth', 'totp'] as const;

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export function useTwoFactor() {
  return useQuery({ queryKey: totpKey, queryFn: () => call('get', '/api/auth/totp') });
}

export function useTwoFactorActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: totpKey });
  return {
    setup: useMutation({
      mutationFn: (currentPassword: string) => call('post', '/api/auth/totp/setup', { body: { currentPassword } }),
    }),
    enable: useMutation({
      mutationFn: (code: string) => call('post', '/api/auth/totp/enable', { body: { code } }),
      onSuccess: refresh,
    }),
    disable: useMutation({
      mutationFn: (input: { currentPassword: string; code?: string; recoveryCode?: string }) =>
        call('post', '/api/auth/totp/disable', { body: input }),
      onSuccess: refresh,
    }),
  };
}
