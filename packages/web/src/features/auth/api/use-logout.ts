import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logoutNow } from './logout.ts';

/** product §4: logout clears the stored user and tokens, TanStack Query's cache, and goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    logoutNow();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
