import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../features/auth/api/use-session.ts';
import { logoutNow } from '../features/auth/api/logout.ts';
import { keepsSession, refreshSession } from '../lib/api-client.ts';
import { isTokenExpired, sessionStore } from '../lib/session.ts';

/**
 * product §2/§6, guard: any non-public path without a signed-in user logs out and goes to /login.
 * product §4, token expiry: an expired access token ends the session when the server refuses to renew it.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();

  useEffect(() => {
    if (!session) logoutNow();
  }, [session]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again at each navigation, on purpose.
  useEffect(() => {
    const current = sessionStore.get();
    if (current && isTokenExpired(current.accessToken)) {
      // Offline (or the server failing), the session stays: the next call renews it (decision 030).
      refreshSession(current.accessToken).catch((error) => keepsSession(error) || logoutNow());
    }
  }, [location.pathname]);

  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
