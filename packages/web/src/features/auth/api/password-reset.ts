import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => call('post', '/api/auth/forgotpassword', { auth: false, body: { email: email.trim() } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) => call('post', '/api/auth/resetpassword', { auth: false, body: input }),
  });
}
