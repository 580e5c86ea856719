import { useMutation, useQuery } from '@tanstack/react-query';
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

/** Whether the link can still be used, asked when the page opens (a spent link says so before anything is typed). */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => call('post', '/api/auth/resetpassword/check', { auth: false, body: { token } }).then(() => true),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
