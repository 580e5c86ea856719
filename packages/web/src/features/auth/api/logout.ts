import { AUTH_BASE } from '@ecofoyer/contracts';
import { sessionStore } from '../../../lib/session.ts';

/**
 * product §4: logout clears the stored user and tokens; the server forgets the refresh token.
 * Apart from `useLogout` (TanStack Query's cache, the navigation): the entry chunk needs this one
 * only (main.tsx, the guard), and a module is bundled whole (JS budgets, decision 006).
 */
export function logoutNow() {
  const refreshToken = sessionStore.get()?.refreshToken;
  sessionStore.clear();
  if (refreshToken) {
    void fetch(`${AUTH_BASE}/signout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
      keepalive: true,
    }).catch(() => {});
  }
}
