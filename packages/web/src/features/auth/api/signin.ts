import type { SigninResponse } from '@ecofoyer/contracts';
import { call } from '../../../lib/api-call.ts';
import { sessionStore } from '../../../lib/session.ts';

export interface SigninInput {
  username: string;
  password: string;
  remember: boolean;
}

/** This browser's proof that it signed in before: a slow-down of the account spares it. */
const DEVICE_KEY = 'ecofoyer.device';

function storedDeviceToken(): string | null {
  try {
    return localStorage.getItem(DEVICE_KEY);
  } catch {
    return null;
  }
}

function started(user: SigninResponse, remember: boolean): SigninResponse {
  try {
    localStorage.setItem(DEVICE_KEY, user.deviceToken);
  } catch {
    // Private browsing without storage: this device is simply not remembered.
  }
  sessionStore.start(user, remember);
  return user;
}

/**
 * product §4, sign-in; the login page calls it directly (no TanStack Query in the entry chunk). An
 * account with two-factor sign-in answers a challenge instead: `signinSecondFactor`.
 */
export async function signin({ username, password, remember }: SigninInput): Promise<SigninResponse | { challenge: string }> {
  const answer = await call('post', '/api/auth/signin', {
    body: { username: username.trim(), password, deviceToken: storedDeviceToken() },
    auth: false,
  });
  if ('totpRequired' in answer) return { challenge: answer.challenge };
  return started(answer, remember);
}

/** The second step: the code of the authenticator app, or a recovery code. */
export async function signinSecondFactor(
  challenge: string,
  proof: { code?: string; recoveryCode?: string },
  remember: boolean,
): Promise<SigninResponse> {
  const user = await call('post', '/api/auth/signin/totp', {
    body: { challenge, ...proof, deviceToken: storedDeviceToken() },
    auth: false,
  });
  return started(user, remember);
}

/**
 * DEMO: the server makes a household for this visitor alone and signs it in. Its
 * device token is not kept: the next visitor on this browser gets a household of their own.
 */
export async function startDemo(): Promise<SigninResponse> {
  const user = await call('post', '/api/auth/demo', { auth: false });
  // Kept across visits (its data is the demo's, never personal): back within 24 h, the visitor
  // finds the same household.
  sessionStore.start(user, true);
  return user;
}
