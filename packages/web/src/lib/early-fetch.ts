import { isTokenExpired, sessionStore } from './session.ts';

/** How long an answer fetched ahead waits to be taken before it is dropped. */
const KEEP_MS = 10_000;

const early = new Map<string, { response: Promise<Response>; at: number }>();
/** When each GET last got an answer through `api()` (a page's data still fresh needs no head start). */
const lastAnswered = new Map<string, number>();

/**
 * Route loaders (issue 8): a page's GET requests started with the navigation, alongside the
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
  response.catch(() => undefined);
  early.set(path, { response, at: now });
}

/** The answer fetched ahead for `path` with the current token, if any (taken once). */
export function takeEarly(path: string, token: string | undefined): Promise<Response> | undefined {
  const entry = early.get(path);
  if (!entry) return undefined;
  early.delete(path);
  if (Date.now() - entry.at >= KEEP_MS || !token) return undefined;
  return entry.response;
}

export function noteAnswered(path: string): void {
  lastAnswered.set(path, Date.now());
}

/** Tests: forget everything. */
export function resetEarly(): void {
  early.clear();
  lastAnswered.clear();
}
