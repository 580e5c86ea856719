import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from './query-client.ts';

/**
 * TanStack Query for every page but /login: a route layout loaded on demand, so that the login
 * page's entry chunk does not carry the query cache (JS budgets, decision 006).
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
