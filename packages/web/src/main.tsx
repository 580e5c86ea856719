import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { logoutNow } from './features/auth/api/logout.ts';
import { setSessionLostHandler } from './lib/api-client.ts';

// product §8: when the session cannot be renewed, log out and return to /login.
setSessionLostHandler((why) => {
  logoutNow();
  // Already loaded: only the pages inside QueryLayout call the API with a session.
  void import('./app/query-client.ts').then(({ queryClient }) => queryClient.clear());
  // The sign-in page says why, when the server said (another device, or the session's end).
  void router.navigate('/login', { replace: true, state: why ? { notice: why, warning: true } : undefined });
});

// The service worker runs in the built app only (npm start); `npm run dev` stays without it.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {});
  });
}

// A transition: React renders the first screen in slices of a few milliseconds, yielding to the
// browser between them, instead of one long task (a long task counts as Lighthouse's blocking time).
const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
