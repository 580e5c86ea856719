import type { MessageResponse } from '@ecofoyer/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';

export interface SignupInput {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

/** product §3, registration payload: the email doubles as username; the role list says freemium. */
export function signup(input: SignupInput): Promise<MessageResponse> {
  const email = input.email.trim();
  return call('post', '/api/auth/signup', {
    auth: false,
    body: { ...input, email, username: email, adresse: null, telephone: null, role: ['freemium'] },
  });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
