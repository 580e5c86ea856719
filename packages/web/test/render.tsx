import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, getDefaultNormalizer, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import { Providers } from '../src/app/providers.tsx';
import { appMutationCache } from '../src/app/query-client.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A component as the app mounts it: theme, a fresh query cache, a router at `path`. */
export function renderPage(ui: ReactElement, path = '/') {
  // The app's mutation cache: a change that earns badges announces them, as in the app.
  const client: QueryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    mutationCache: appMutationCache(() => client),
  });
  return render(
    <Providers>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );
}

export interface Call {
  url: string;
  method: string;
  body: unknown;
}

/**
 * The network, the one thing these tests replace: `answer` gives each request's reply (status and
 * JSON body); every request is recorded with its parsed JSON body.
 */
export function stubNetwork(answer: (call: Call) => { status: number; body: unknown }): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call = { url, method: init?.method ?? 'GET', body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body };
    calls.push(call);
    const { status, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/**
 * Text queries that keep French typography: the text as shown, its no-break spaces included (the
 * default normaliser turns them into spaces, so a text with them would never be found).
 */
export const AS_SHOWN = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
