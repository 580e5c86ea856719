import { AUTH_BASE, type SigninResponse } from '@ecofoyer/contracts';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session.ts';

export interface SigninInput {
  username: string;
  password: string;
  remember: boolean;
}

/** spec §4 sign-in; the login page calls it directly (no TanStack Query in the entry chunk). */
export async function signin({ username, password, remember }: SigninInput): Promise<SigninResponse> {
  const user = await api<SigninResponse>(`${AUTH_BASE}/signin`, { method: 'POST', body: { username: username.trim(), password }, auth: false });
  sessionStore.start(user, remember);
  return user;
}
