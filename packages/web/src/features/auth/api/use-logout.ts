import { AUTH_BASE } from '@ecofoyer/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { sessionStore } from '../../../lib/session.ts';

/** product §4: logout clears the stored user and tokens and goes to /login; the server forgets the refresh token. */
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

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    logoutNow();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
