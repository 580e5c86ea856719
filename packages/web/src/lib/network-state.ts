import { MSG, OFFLINE_TEXTS } from '@ecofoyer/contracts';
import { useSyncExternalStore } from 'react';
import { setNetworkErrorMessage } from './api-client.ts';

/**
 * Whether the app is offline, in one place (decision 030): the browser says so
 * (`navigator.onLine`), or requests fail for lack of network — the service worker tells when it
 * answered from its copies because the network failed, and when the network answers again. The
 * shell's « Hors ligne » banner, the actions that need the network, and the queue of changes made
 * offline (lib/offline-writes.ts, decision 031) read it here.
 */

/** How often, while requests fail but the browser says it is online, the server is asked whether it is back. */
const PROBE_MS = 15_000;

let failing = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Offline: the browser says so, or the last requests failed for lack of network. */
export function isOffline(): boolean {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || failing;
}

/** A request reached the server (`true`) or failed for lack of network (`false`). */
export function reportNetwork(reached: boolean): void {
  if (failing === !reached) return;
  failing = !reached;
  notify();
}

let probe: ReturnType<typeof setInterval> | undefined;
function watchProbe() {
  if (failing && navigator.onLine !== false && listeners.size > 0) {
    probe ??= setInterval(() => {
      fetch('/api/health', { cache: 'no-store' }).then(
        (res) => res.ok && reportNetwork(true),
        () => undefined,
      );
    }, PROBE_MS);
  } else if (probe !== undefined) {
    clearInterval(probe);
    probe = undefined;
  }
}

function onBrowserOnline() {
  // The browser is back on a network: the next requests tell whether the server answers.
  failing = false;
  notify();
}

function onWorkerMessage(event: MessageEvent) {
  const data = event.data as { type?: string; reached?: boolean } | null;
  if (data?.type === 'network' && typeof data.reached === 'boolean') reportNetwork(data.reached);
}

function start() {
  window.addEventListener('online', onBrowserOnline);
  window.addEventListener('offline', notify);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
}

function stop() {
  window.removeEventListener('online', onBrowserOnline);
  window.removeEventListener('offline', notify);
  navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
}

export function subscribeNetwork(listener: () => void): () => void {
  if (listeners.size === 0) start();
  listeners.add(listener);
  const unwatch = () => watchProbe();
  listeners.add(unwatch);
  watchProbe();
  return () => {
    listeners.delete(listener);
    listeners.delete(unwatch);
    if (listeners.size === 0) {
      stop();
      watchProbe();
    }
  };
}

/** Whether the app is offline, re-rendering when it changes. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeNetwork, isOffline, () => false);
}

/**
 * A request that could not leave (api-client.ts): offline, a read says the page was never opened
 * with a connection (its copy is not on this device) and a change says it needs the network.
 */
export function networkErrorMessage(method: string): string {
  if (!isOffline()) return MSG.networkError;
  return method === 'GET' ? OFFLINE_TEXTS.neverOpened : OFFLINE_TEXTS.actionNeedsNetwork;
}
setNetworkErrorMessage(networkErrorMessage);

/** Test helper: back to « online, nothing failed ». */
export function resetNetworkState(): void {
  failing = false;
  notify();
}
