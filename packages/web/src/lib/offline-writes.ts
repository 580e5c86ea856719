import type { Appliance, Event } from '@ecofoyer/contracts';
import { useSyncExternalStore } from 'react';
import { ApiError, api } from './api-client.ts';
import { isOffline, reportNetwork, subscribeNetwork } from './network-state.ts';
import { sessionStore } from './session.ts';

/**
 * Changes made offline are kept and sent when the network is back (decision 031): marking a
 * maintenance done, a note on an entry, a breakdown or a planned maintenance, an appliance with its
 * photo. This module is what the pages hold (a few hundred bytes): the write's shape, the queue as the
 * pages show it (« En attente d’envoi », the banner's count, « Modifications non envoyées »), and
 * `sendOrQueue`. IndexedDB and the replay are in `write-queue.ts`, loaded when first needed.
 */

/** One part of a multipart write (an appliance's `data` and its photo, kept as a Blob). */
export interface FormPart {
  name: string;
  value: string | Blob;
  filename?: string;
}

/** What a page asks to send: the route, the body, and what the user is shown of it. */
export interface WriteDraft {
  kind: 'event-done' | 'event-note' | 'event-create' | 'appliance-create';
  method: 'POST' | 'PUT';
  url: string;
  body?: unknown;
  form?: FormPart[];
  /** What it is, as the list of changes says it: « Note sur Entretien annuel de la chaudière ». */
  label: string;
  /** What the user typed (a note), shown and copyable if the server does not take it. */
  typed?: string;
  /** The entry it changes or creates (a created one has a negative `tempId` until the server gives its id). */
  target?: {
    eventId?: number;
    applianceId?: number;
    universeId?: number;
    tempId?: number;
    /** The event as it was shown, so that it can be re-created if it was deleted meanwhile. */
    event?: Pick<Event, 'title' | 'type' | 'applianceId' | 'applianceName' | 'dt_realisation' | 'maintenanceCardId'>;
    applianceName?: string | null;
  };
}

/** A write kept on this device: its key (made when the user acted), its order, its tries. */
export interface QueuedWrite extends WriteDraft {
  key: string;
  owner: number;
  seq: number;
  createdAt: number;
  attempts: number;
  /** A write answered 5xx waits until then (0: at the next replay). */
  nextAttemptAt: number;
  /** The server refused it (404, 409, 400, 403, 422): kept and shown, never sent again by itself. */
  refusal?: { status: number; code?: string; message: string };
}

/** An entry shown while its change waits on this device (`sending`) or was refused (`refused`). */
export type Pending<T> = T & { pending?: 'sending' | 'refused' };

const queue = () => import('./write-queue.ts');

/** An idempotency key, made when the user acts (kept with the write across every retry). */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

let tempIds = 0;
/** A negative id for an entry created offline, until the server gives it its own. */
export function tempId(): number {
  tempIds += 1;
  return -(Date.now() % 1_000_000_000) * 100 - (tempIds % 100);
}

// The queue as this page shows it: the signed-in user's writes, oldest first.
const NONE: readonly QueuedWrite[] = [];
let writes: readonly QueuedWrite[] = NONE;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

let channel: BroadcastChannel | undefined;
/** Another tab queued or replayed: this one reads the queue again. */
function tellOtherTabs() {
  channel?.postMessage('changed');
}

/** Reads the signed-in user's writes again (after a change here or in another tab). */
export async function refreshWrites(): Promise<void> {
  const owner = sessionStore.get()?.id;
  const next = owner ? await (await queue()).writesOf(store(), owner) : NONE;
  writes = next.length === 0 ? NONE : next;
  notify();
}

let idb: import('./write-queue.ts').QueueStore | undefined;
function store() {
  if (!idb) throw new Error('queue not loaded');
  return idb;
}
async function loaded() {
  const q = await queue();
  idb ??= q.idbStore();
  return q;
}

export function subscribeWrites(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The writes kept on this device, re-rendering when they change. */
export function useQueuedWrites(): readonly QueuedWrite[] {
  return useSyncExternalStore(
    subscribeWrites,
    () => writes,
    () => NONE,
  );
}

/** Asks the service worker for a Background Sync, where the browser has it: it wakes the app to replay. */
function askBackgroundSync() {
  void navigator.serviceWorker
    ?.getRegistration()
    .then((registration) =>
      (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync?.register(
        'ecofoyer-queue',
      ),
    )
    .catch(() => undefined);
}

export type Sent<T> = { queued: false; answer: T } | { queued: true; write: QueuedWrite };

/**
 * Sends a change now, or keeps it for later when offline (lib/network-state.ts says so, or the
 * request fails for lack of network). Its `Idempotency-Key` is made here, when the user acts, and
 * goes with the first try and every replay: a try that reached the server before its answer was
 * lost is never made twice. Other failures (a 400, a 403) are the caller's, as before.
 */
export async function sendOrQueue<T>(draft: WriteDraft, send?: (key: string) => Promise<T>): Promise<Sent<T>> {
  const key = newKey();
  if (!isOffline()) {
    try {
      const answer = await (send
        ? send(key)
        : api<T>(draft.url, { method: draft.method, body: draft.body, headers: { 'idempotency-key': key } }));
      return { queued: false, answer };
    } catch (error) {
      const network = (error instanceof ApiError && error.status === 0 && error.code === 'NETWORK') || error instanceof TypeError;
      if (!network) throw error;
      reportNetwork(false);
    }
  }
  const owner = sessionStore.get()?.id;
  if (!owner) throw new ApiError(401, 'Session introuvable.');
  const q = await loaded();
  const write = await q.enqueue(store(), { ...draft, key, owner });
  await refreshWrites();
  tellOtherTabs();
  askBackgroundSync();
  return { queued: true, write };
}

/** Discards a refused write (after the user confirmed), or one re-created as a new write. */
export async function discardWrite(key: string): Promise<void> {
  await (await loaded()).discard(store(), key);
  await refreshWrites();
  tellOtherTabs();
}

/** What the app does once writes reached the server (the shell refreshes the household's data). */
let onSent: (sent: readonly QueuedWrite[]) => void = () => {};

let flushing: Promise<void> | null = null;
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Sends the kept writes now if the network seems back (one replay at a time in a page; one tab at a time across them). */
export function flushWrites(): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      again = false;
      await flushOnce();
    } while (again);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Replays that failed for lack of network in a row: the next one waits longer (2 s, doubling, at most 5 minutes). */
let networkFailures = 0;

async function flushOnce() {
  const owner = sessionStore.get()?.id;
  if (!owner) return;
  const q = await loaded();
  // Tried whenever the browser says it is online: just back on a network, the first requests may
  // still fail (and lib/network-state.ts say offline); the replay is then tried again with a backoff.
  if (navigator.onLine !== false) {
    const result = await q.replay({ store: store(), send: q.sendWrite, lock: q.queueLock, now: Date.now }, owner);
    if (result.sent.length > 0 || result.refused.length > 0) {
      networkFailures = 0;
      reportNetwork(true);
      onSent([...result.sent, ...result.refused]);
      tellOtherTabs();
    }
    clearTimeout(timer);
    let retryAt = result.retryAt;
    if (result.stopped === 'network') {
      networkFailures += 1;
      retryAt = Date.now() + q.backoffMs(networkFailures);
    }
    if (retryAt !== undefined) timer = setTimeout(() => void flushWrites(), Math.max(1000, retryAt - Date.now()));
  }
  await refreshWrites();
}

/**
 * Starts the queue in a signed-in page: reads it (the next open replays what an earlier visit kept),
 * replays when the network is back (the browser's `online`, lib/network-state.ts's « reached again »,
 * the service worker's Background Sync), and follows the other tabs. Returns the stop.
 */
export function startWrites(sent: (sent: readonly QueuedWrite[]) => void): () => void {
  onSent = sent;
  let wasOffline = isOffline();
  const unsubscribe = subscribeNetwork(() => {
    const offline = isOffline();
    if (wasOffline && !offline) void flushWrites();
    wasOffline = offline;
  });
  const onOnline = () => void flushWrites();
  window.addEventListener('online', onOnline);
  const onWorker = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type !== 'replay-queue') return;
    const port = event.ports[0];
    void flushWrites().finally(() => port?.postMessage('done'));
  };
  navigator.serviceWorker?.addEventListener('message', onWorker);
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel('ecofoyer-queue');
    channel.onmessage = () => void refreshWrites();
  }
  void flushWrites();
  return () => {
    unsubscribe();
    window.removeEventListener('online', onOnline);
    navigator.serviceWorker?.removeEventListener('message', onWorker);
    channel?.close();
    channel = undefined;
    clearTimeout(timer);
    onSent = () => {};
  };
}

/** The state a write gives the entry it shows on. */
const stateOf = (write: QueuedWrite): 'sending' | 'refused' => (write.refusal ? 'refused' : 'sending');

/**
 * Events as the household's copy has them, with the changes kept on this device: a maintenance
 * marked done, a note, a breakdown or a planned maintenance added — each marked `pending`.
 * `created` says which created entries belong in this list (this appliance's, this month's).
 */
export function eventsWithWrites(
  events: readonly Event[],
  queued: readonly QueuedWrite[],
  created: (event: Event) => boolean,
): Pending<Event>[] {
  if (queued.length === 0) return events as Event[];
  const result: Pending<Event>[] = events.map((event) => {
    let shown: Pending<Event> = event;
    for (const write of queued) {
      if (write.target?.eventId !== event.id || (write.kind !== 'event-done' && write.kind !== 'event-note')) continue;
      const body = write.body as { note?: string | null; done?: boolean };
      shown = {
        ...shown,
        ...(body.note !== undefined ? { note: body.note?.trim() || null } : {}),
        ...(body.done ? { status: 'DONE' as const, done_at: new Date(write.createdAt).toISOString() } : {}),
        pending: shown.pending === 'refused' ? 'refused' : stateOf(write),
      };
    }
    return shown;
  });
  for (const write of queued) {
    if (write.kind !== 'event-create' || write.target?.tempId === undefined) continue;
    const body = write.body as {
      title: string;
      dt_realisation: string;
      note?: string | null;
      applianceId?: number | null;
      type?: Event['type'];
    };
    let event: Pending<Event> = {
      id: write.target.tempId,
      applianceId: body.applianceId && body.applianceId > 0 ? body.applianceId : null,
      applianceName: write.target.applianceName ?? null,
      maintenanceCardId: null,
      maintenanceCard: null,
      title: body.title,
      dt_creation: new Date(write.createdAt).toISOString(),
      dt_realisation: body.dt_realisation,
      done_at: null,
      frequency: null,
      seriesId: null,
      note: body.note?.trim() || null,
      type: body.type ?? 'MAINTENANCE',
      status: 'NEW',
      sous_garantie: false,
      immobilisation_jours: null,
      remplace: false,
      assigneeId: null,
      pending: stateOf(write),
    };
    // A note or « done » kept for an entry created offline.
    for (const later of queued) {
      if (later.target?.eventId !== event.id) continue;
      const change = later.body as { note?: string | null; done?: boolean };
      event = {
        ...event,
        ...(change.note !== undefined ? { note: change.note?.trim() || null } : {}),
        ...(change.done ? { status: 'DONE' as const, done_at: new Date(later.createdAt).toISOString() } : {}),
      };
    }
    // Newest first, as the household's lists are.
    if (created(event)) result.unshift(event);
  }
  return result;
}

/** A universe's appliances with the ones added on this device, marked `pending`. */
export function appliancesWithWrites(
  appliances: readonly Appliance[],
  queued: readonly QueuedWrite[],
  universeId: number,
): Pending<Appliance>[] {
  const added = queued.filter((w) => w.kind === 'appliance-create' && w.target?.universeId === universeId && w.target.tempId !== undefined);
  if (added.length === 0) return appliances as Appliance[];
  return [
    ...appliances,
    ...added.map((write): Pending<Appliance> => {
      const dataPart = write.form?.find((p) => p.name === 'data')?.value;
      const data = (typeof dataPart === 'string' ? JSON.parse(dataPart) : {}) as Partial<Appliance>;
      const name = write.target?.applianceName || data.name || [data.marque, data.modele].filter(Boolean).join(' ') || 'Appareil';
      return {
        id: write.target!.tempId!,
        univer_id: universeId,
        univer_name: null,
        prod_id: data.prod_id ?? null,
        prod_name: write.target?.applianceName ?? null,
        name,
        marque: data.marque ?? null,
        modele: data.modele ?? null,
        dt_achat: null,
        dt_fab: null,
        dt_creation: new Date(write.createdAt).toISOString(),
        note: null,
        panne_note: null,
        facture_ref: null,
        classenergie: null,
        pict: null,
        facture: null,
        facture_type: null,
        notice: null,
        product: null,
        vendeur: null,
        prix_achat: null,
        numero_serie: null,
        dt_livraison: null,
        occasion: false,
        garantie_commerciale_fin: null,
        eprel_number: null,
        ean: null,
        energy_kwh_year: null,
        pending: stateOf(write),
      };
    }),
  ];
}
