/// <reference lib="webworker" />
import type { PushPayload } from '@ecofoyer/contracts';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  API_CACHE,
  apiKey,
  clearOffline,
  enforceBudget,
  FILES_CACHE,
  fileKey,
  isOfflineRead,
  ownerOf,
  readSettings,
  stamped,
  writeSettings,
} from './lib/offline-store.ts';

declare let self: ServiceWorkerGlobalScope;

// Offline app shell: the built files are precached; every page navigation gets index.html.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

self.skipWaiting();
clientsClaim();

/*
 * Reading offline (decision 030): what the household opened online stays readable in the cellar.
 * Nothing more is downloaded at install (the precache is the shell, as before): the copies are made
 * as pages are opened. They belong to the signed-in user: keyed by the access token's subject (never
 * the token), emptied when another user's request comes and at sign-out (lib/session.ts).
 */

const DAY = 24 * 3600;
/** Online, the network answers unless it is slower than this; then the copy shows and the answer refreshes it. */
const API_TIMEOUT_SECONDS = 3;

/** Tells the open pages whether the network answers (lib/network-state.ts: the « Hors ligne » banner). */
let saidDown = false;
async function tellNetwork(reached: boolean): Promise<void> {
  if (reached && !saidDown) return;
  saidDown = !reached;
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'network', reached });
}
const networkSignal: WorkboxPlugin = {
  fetchDidFail: async ({ request }) => {
    if (!request.signal?.aborted) await tellNetwork(false);
  },
  fetchDidSucceed: async ({ response }) => {
    await tellNetwork(true);
    return response;
  },
};

/** One owner change at a time: another user's copies are gone before any of theirs is read or written. */
let ownerChange: Promise<void> = Promise.resolve();
function claimOwner(owner: string): Promise<void> {
  ownerChange = ownerChange.then(async () => {
    const settings = await readSettings();
    if (settings.owner === owner) return;
    await clearOffline();
    await writeSettings({ owner });
  });
  return ownerChange;
}

/** The budget is checked after each copy stored (coalesced: one check runs at a time). */
let budgetCheck: Promise<void> | null = null;
let checkAgain = false;
function checkBudget(): Promise<void> {
  if (budgetCheck) {
    checkAgain = true;
    return budgetCheck;
  }
  budgetCheck = (async () => {
    do {
      checkAgain = false;
      await enforceBudget();
    } while (checkAgain);
  })().finally(() => {
    budgetCheck = null;
  });
  return budgetCheck;
}

/**
 * What may be stored: a 200, never an answer marked `no-store` (sign-in, exports, documents built
 * on demand) nor one setting a cookie; the copy carries its size and date (lib/offline-store.ts).
 */
function storable(kind: 'json' | 'file'): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ response }) => {
      if (response.status !== 200 || response.headers.has('set-cookie')) return null;
      if (/no-store/i.test(response.headers.get('cache-control') ?? '')) return null;
      if (kind === 'json' && !/application\/json/i.test(response.headers.get('content-type') ?? '')) return null;
      if (kind === 'file' && !(await readSettings()).owner) return null;
      return stamped(response);
    },
    cacheDidUpdate: async () => {
      await checkBudget();
    },
  };
}

// The household's reads (inventory, appliances, events, maintenance cards…) with a bearer token.
registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && isOfflineRead(url.pathname) && ownerOf(request.headers.get('authorization')) !== null,
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: API_TIMEOUT_SECONDS,
    matchOptions: { ignoreVary: true },
    plugins: [
      {
        handlerWillStart: async ({ request }) => {
          await claimOwner(ownerOf(request.headers.get('authorization'))!);
        },
        // The address only: the bearer token is never part of the key nor stored with it.
        cacheKeyWillBeUsed: async ({ request }) => apiKey(request.url, ownerOf(request.headers.get('authorization')) ?? ''),
      },
      storable('json'),
      networkSignal,
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
  'GET',
);

// The household's files (photos, manuals, invoices): signed addresses that change every hour, stored
// by their path. A file's key is new at each upload, so the first copy is the file.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/V1/files/') && url.searchParams.has('sig'),
  new CacheFirst({
    cacheName: FILES_CACHE,
    matchOptions: { ignoreVary: true },
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => fileKey(request.url, (await readSettings()).owner ?? '') },
      storable('file'),
      networkSignal,
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 180 * DAY, purgeOnQuotaError: true }),
      new RangeRequestsPlugin(),
    ],
  }),
  'GET',
);

// pdf.js (not precached: most visits open no document) once a document was opened, for the next one offline.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/assets\/pdf[\w.-]*\.m?js$/.test(url.pathname),
  new CacheFirst({ cacheName: 'ecofoyer-pdfjs', plugins: [new ExpirationPlugin({ maxEntries: 6 })] }),
  'GET',
);

/**
 * Background Sync, where the browser has it (decision 031): the changes made offline are kept in
 * IndexedDB by the pages, and sent by a page with the user's session (the worker never holds a token).
 * When the browser says the network is back, the open pages are asked to replay their queue; with no
 * page open, the next open replays it.
 */
const REPLAY_WAIT_MS = 60_000;
async function askPagesToReplay(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window' });
  await Promise.all(
    windows.map(
      (client) =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          const timer = setTimeout(resolve, REPLAY_WAIT_MS);
          channel.port1.onmessage = () => {
            clearTimeout(timer);
            resolve();
          };
          client.postMessage({ type: 'replay-queue' }, [channel.port2]);
        }),
    ),
  );
}
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag === 'ecofoyer-queue') sync.waitUntil(askPagesToReplay());
});

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
