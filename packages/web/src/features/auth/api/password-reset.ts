import { AUTH_BASE, type MessageResponse } from '@ecofoyer/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      api<MessageResponse>(`${AUTH_BASE}/forgotpassword`, { method: 'POST', auth: false, body: { email: email.trim() } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      api<MessageResponse>(`${AUTH_BASE}/resetpassword`, { method: 'POST', auth: false, body: input }),
  });
}
