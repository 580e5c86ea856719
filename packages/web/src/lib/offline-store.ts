import { API_CACHE, FILES_CACHE } from './offline-caches.ts';

/**
 * The offline copies (decision 030), shared by the service worker (sw.ts, which writes them) and the
 * page (the profile's « Hors connexion » card, the appliance's « Disponible hors ligne »): their
 * keys, the size budget, the space they use and what goes first when it is over. Cache Storage only:
 * it is the same in a page and in the service worker.
 */

export { API_CACHE, FILES_CACHE };
const SETTINGS_CACHE = 'ecofoyer-offline-settings';
const SETTINGS_URL = '/__ecofoyer/offline-settings';

/** 1 Mo = 1024 ko, the unit of the app's upload limits. */
export const MB = 1024 * 1024;
/** The budgets the user can choose, in Mo; 100 Mo unless they chose. */
export const BUDGETS_MB = [50, 100, 250] as const;
export const DEFAULT_BUDGET = 100 * MB;

/** Headers the stored copies carry: their size, when they were stored. */
const BYTES = 'x-ecofoyer-bytes';
const STORED_AT = 'x-ecofoyer-stored-at';

export interface OfflineSettings {
  /** The most the copies may take, in bytes. */
  budget: number;
  /** The user whose copies the caches hold (the access token's subject); another one empties them first. */
  owner?: string;
  /** The files the user asked to keep (« Disponible hors ligne »): never dropped to make room. */
  kept?: string[];
}

export async function readSettings(): Promise<OfflineSettings> {
  try {
    const res = await (await caches.open(SETTINGS_CACHE)).match(SETTINGS_URL);
    const stored = res ? ((await res.json()) as Partial<OfflineSettings>) : {};
    return { ...stored, budget: typeof stored.budget === 'number' && stored.budget > 0 ? stored.budget : DEFAULT_BUDGET };
  } catch {
    return { budget: DEFAULT_BUDGET };
  }
}

export async function writeSettings(patch: Partial<OfflineSettings>): Promise<OfflineSettings> {
  const next = { ...(await readSettings()), ...patch };
  await (await caches.open(SETTINGS_CACHE)).put(SETTINGS_URL, Response.json(next));
  return next;
}

/**
 * The user an `Authorization: Bearer …` header belongs to: the access token's `sub`, read without
 * checking (the server checks; this only keeps one user's copies apart from another's). Never the token.
 */
export function ownerOf(authorization: string | null): string | null {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) return null;
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const { sub } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : null;
  } catch {
    return null;
  }
}

/** The cache key of an API answer: its address (never the bearer token), for its user. */
export function apiKey(url: string, owner: string): string {
  const u = new URL(url, globalThis.location?.href);
  u.searchParams.set('__owner', owner);
  return u.href;
}

/**
 * The cache key of a file (`/api/V1/files/{key}?exp&sig`): its path, without the signature and the
 * expiry that change every hour, for its user. A file's key is new at each upload, so a path is one content.
 */
export function fileKey(url: string, owner: string): string {
  const u = new URL(url, globalThis.location?.href);
  return `${u.origin}${u.pathname}?__owner=${encodeURIComponent(owner)}`;
}

/** The file path a kept file is listed by. */
export const filePath = (url: string) => new URL(url, 'http://x').pathname;

/** A copy of `response` to store, with its size and the time it was stored. */
export async function stamped(response: Response, now = Date.now()): Promise<Response> {
  const body = await response.blob();
  const headers = new Headers(response.headers);
  headers.set(BYTES, String(body.size));
  headers.set(STORED_AT, String(now));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

export interface StoredEntry {
  cache: string;
  key: Request;
  bytes: number;
  storedAt: number;
  kept: boolean;
}

/** Every stored answer and file, with its size. */
export async function storedEntries(kept: readonly string[] = []): Promise<StoredEntry[]> {
  const keep = new Set(kept);
  const out: StoredEntry[] = [];
  for (const name of [API_CACHE, FILES_CACHE]) {
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    for (const key of await cache.keys()) {
      const res = await cache.match(key, { ignoreVary: true });
      if (!res) continue;
      out.push({
        cache: name,
        key,
        bytes: Number(res.headers.get(BYTES)) || 0,
        storedAt: Number(res.headers.get(STORED_AT)) || 0,
        kept: name === FILES_CACHE && keep.has(new URL(key.url).pathname),
      });
    }
  }
  return out;
}

/** The space the offline copies use, in bytes (the profile's card). */
export async function offlineUsage(): Promise<{ bytes: number; budget: number }> {
  const settings = await readSettings();
  const entries = await storedEntries(settings.kept);
  return { bytes: entries.reduce((sum, e) => sum + e.bytes, 0), budget: settings.budget };
}

/**
 * Which entries go so that the rest fits in `budget`: the oldest stored first, never a file the user
 * keeps (kept files count in the space used; alone above the budget, they stay).
 */
export function overBudget(entries: readonly StoredEntry[], budget: number): StoredEntry[] {
  let total = entries.reduce((sum, e) => sum + e.bytes, 0);
  const drop: StoredEntry[] = [];
  for (const e of [...entries].filter((e) => !e.kept).sort((a, b) => a.storedAt - b.storedAt)) {
    if (total <= budget) break;
    drop.push(e);
    total -= e.bytes;
  }
  return drop;
}

/** Drops the oldest copies until the rest fits in the budget; returns how many went. */
export async function enforceBudget(): Promise<number> {
  const settings = await readSettings();
  const drop = overBudget(await storedEntries(settings.kept), settings.budget);
  for (const e of drop) await (await caches.open(e.cache)).delete(e.key, { ignoreVary: true });
  return drop.length;
}

/** « Vider le cache hors connexion »: the answers and files go (the budget stays: it is this device's choice). */
export async function clearOffline(): Promise<void> {
  await Promise.all([caches.delete(API_CACHE), caches.delete(FILES_CACHE)]);
  const { budget } = await readSettings();
  await (await caches.open(SETTINGS_CACHE)).put(SETTINGS_URL, Response.json({ budget }));
}

/** Whether the file at `url` is kept offline for `owner` (listed and stored). */
export async function isFileKept(url: string, owner: string): Promise<boolean> {
  const settings = await readSettings();
  if (settings.owner !== owner || !settings.kept?.includes(filePath(url))) return false;
  if (!(await caches.has(FILES_CACHE))) return false;
  return Boolean(await (await caches.open(FILES_CACHE)).match(fileKey(url, owner), { ignoreVary: true }));
}

/**
 * « Disponible hors ligne »: fetches the file now (through the service worker, which stores it) and
 * lists it as kept; stored here too when no service worker did (its copy is the same file).
 */
export async function keepFile(url: string, owner: string): Promise<void> {
  const settings = await readSettings();
  if (settings.owner !== undefined && settings.owner !== owner) throw new Error('offline copies of another user');
  const res = await fetch(url);
  if (!res.ok) throw new Error(`file: ${res.status}`);
  const path = filePath(url);
  await writeSettings({ owner, kept: [...new Set([...(settings.kept ?? []), path])] });
  const cache = await caches.open(FILES_CACHE);
  const key = fileKey(url, owner);
  if (!(await cache.match(key, { ignoreVary: true }))) await cache.put(key, await stamped(res));
}

/** The file is no longer kept: it may go to make room (or with the cache). */
export async function releaseFile(url: string): Promise<void> {
  const settings = await readSettings();
  const path = filePath(url);
  await writeSettings({ kept: (settings.kept ?? []).filter((p) => p !== path) });
}

/** The household's reads under these prefixes are kept for offline (bearer-authenticated GETs). */
const OFFLINE_READS = [
  /^\/api\/V1\/profils\/users\//,
  /^\/api\/V1\/references\//,
  /^\/api\/maintenancecard$/,
  /^\/api\/V1\/board\//,
  /^\/api\/V1\/smartfix\/categories$/,
  /^\/api\/V1\/energie\/tarif$/,
];
/** Never, even there: secret addresses, exports, documents built on demand, the security log. */
const NEVER_KEPT = /\/(calendar-feed|export|import|dossier|audit|push)(\/|$)|\.(csv|pdf|ics)$/;

/** Whether a GET of `pathname` is a household read the service worker keeps for offline (never an auth route). */
export function isOfflineRead(pathname: string): boolean {
  return OFFLINE_READS.some((re) => re.test(pathname)) && !NEVER_KEPT.test(pathname);
}
