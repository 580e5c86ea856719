import { isTokenExpired, sessionStore } from './session.ts';

/** How long an answer fetched ahead waits to be taken before it is dropped. */
const KEEP_MS = 10_000;

interface Early {
  response: Promise<Response>;
  at: number;
  /** The access token it was asked with: another tab may have renewed it since. */
  token: string;
  /** The parsed body of a 2xx answer, once it has arrived, and when. */
  data?: unknown;
  receivedAt?: number;
}
const early = new Map<string, Early>();
/** When each GET last got an answer through `api()` (a page's data still fresh needs no head start). */
const lastAnswered = new Map<string, number>();

/**
 * Route loaders (decision 013): a page's GET requests started with the navigation, alongside the
 * download of its code, instead of after its first render. The first `api()` GET of the same
 * path takes the answer (`takeEarly`) instead of asking again. Skipped without a valid session
 * (the guard renews or ends it first) and for a path answered less than `freshMs` ago: the
 * page's cache still holds it and would not ask.
 */
export function fetchEarly(path: string, freshMs: number): void {
  const session = sessionStore.get();
  if (!session || isTokenExpired(session.accessToken)) return;
  const now = Date.now();
  const answered = lastAnswered.get(path);
  if (answered !== undefined && now - answered < freshMs) return;
  const pending = early.get(path);
  if (pending && now - pending.at < KEEP_MS) return;
  const response = fetch(path, { headers: { authorization: `Bearer ${session.accessToken}` } });
  const entry: Early = { response, at: now, token: session.accessToken };
  response
    .then((res) => (res.ok && res.status !== 204 ? res.clone().json() : undefined))
    .then((data) => {
      entry.data = data;
      entry.receivedAt = Date.now();
    })
    .catch(() => undefined);
  early.set(path, entry);
}

/** The answer fetched ahead for `path` with the current token, if any (taken once). */
export function takeEarly(path: string, token: string | undefined): Promise<Response> | undefined {
  const entry = early.get(path);
  if (!entry) return undefined;
  early.delete(path);
  if (Date.now() - entry.at >= KEEP_MS || !token || entry.token !== token) return undefined;
  return entry.response;
}

/**
 * The answer fetched ahead for `path` if it has already arrived (taken once): a page's query
 * starts with it (`seededFrom`), so the page's first render already shows the data instead of
 * a skeleton followed by a second render.
 */
export function earlyData(path: string): { data: unknown; at: number } | undefined {
  const entry = early.get(path);
  if (!entry || entry.data === undefined || entry.receivedAt === undefined) return undefined;
  early.delete(path);
  if (Date.now() - entry.at >= KEEP_MS) return undefined;
  noteAnswered(path);
  return { data: entry.data, at: entry.receivedAt };
}

/** useQuery options that start the query with the answer fetched ahead for `path()`, if any. */
export function seededFrom<T>(path: () => string): { initialData: () => T | undefined; initialDataUpdatedAt: () => number | undefined } {
  let taken: { data: unknown; at: number } | undefined | null = null;
  const take = () => {
    if (taken !== null) return taken;
    try {
      taken = earlyData(path());
    } catch {
      taken = undefined; // no session: the query's own call tells
    }
    return taken;
  };
  return { initialData: () => take()?.data as T | undefined, initialDataUpdatedAt: () => take()?.at };
}

export function noteAnswered(path: string): void {
  lastAnswered.set(path, Date.now());
}
