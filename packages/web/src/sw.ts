/// <reference lib="webworker" />
import type { PushPayload } from '@ecofoyer/contracts';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare let self: ServiceWorkerGlobalScope;

// Offline app shell: the built files are precached; every page navigation gets index.html.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

self.skipWaiting();
clientsClaim();

/** product §1/§7: the unread count is shown as the app badge. */
async function setBadge(count: number): Promise<void> {
  const nav = self.navigator as WorkerNavigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  try {
    if (count > 0) await nav.setAppBadge?.(count);
    else await nav.clearAppBadge?.();
  } catch {
    // Not supported on this platform.
  }
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; count?: number } | null;
  if (data?.type === 'unread-count' && typeof data.count === 'number') event.waitUntil(setBadge(data.count));
});

self.addEventListener('push', (event) => {
  let payload: PushPayload = { title: 'EcoFoyer', body: 'Vous avez une nouvelle notification.', url: '/notification', unread: 0 };
  try {
    if (event.data) payload = { ...payload, ...(event.data.json() as Partial<PushPayload>) };
  } catch {
    // Not JSON: keep the generic message.
  }
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(payload.title, {
        body: payload.body,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        lang: 'fr',
        data: { url: payload.url },
        tag: payload.title,
      }),
      setBadge(payload.unread),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/notification';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
      } else {
        await self.clients.openWindow(url);
      }
    })(),
  );
});
