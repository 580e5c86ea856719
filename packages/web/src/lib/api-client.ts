import { AUTH_BASE, type ErrorBody, MSG } from '@ecofoyer/contracts';
import { noteAnswered, takeEarly } from './early-fetch.ts';
import { sessionStore } from './session.ts';

/** An answer other than 2xx, with the server's French message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: ErrorBody['errors'],
  ) {
    super(message);
  }
}

/**
 * Called when the session cannot be renewed (the shell logs out and goes to /login), with the
 * server's word on why when it said (« Vous avez été déconnecté depuis un autre appareil »).
 */
let onSessionLost: (why?: string) => void = () => {};
export function setSessionLostHandler(handler: (why?: string) => void) {
  onSessionLost = handler;
}

/** Why a refresh was refused, as /login says it: ended from another device, or expired. */
const SAID_WHY = new Set(['SESSION_ENDED', 'SESSION_EXPIRED']);

/** Ends the session on this device (the shell logs out and goes to /login). */
export function sessionLost(error?: unknown): void {
  onSessionLost(error instanceof ApiError && error.code && SAID_WHY.has(error.code) ? error.message : undefined);
}

let refreshing: Promise<string> | null = null;

/** Runs `fn` while holding the browser-wide refresh lock (Web Locks), so tabs refresh one at a time. */
function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('ecofoyer-refresh', fn) : fn();
}

/**
 * product §5/§8, token refresh: needs a stored refresh token ("Aucun refresh token disponible."),
 * and an answer with an access token ("Échec du rafraîchissement du token."). Concurrent 401s
 * share one refresh: the server treats a second use of a spent refresh token as theft. Across
 * tabs the refresh runs under a Web Lock: a tab that waited finds the tokens another
 * tab just stored (its `staleAccessToken` is no longer the stored one) and takes them.
 */
export function refreshSession(staleAccessToken?: string): Promise<string> {
  refreshing ??= withRefreshLock(async () => {
    const session = sessionStore.get();
    if (!session?.refreshToken) throw new Error(MSG.noRefreshToken);
    if (staleAccessToken && session.accessToken && session.accessToken !== staleAccessToken) return session.accessToken;
    let body: { accessToken?: string; token?: string; refreshToken?: string; message?: string; code?: string } = {};
    let status = 0;
    try {
      const res = await fetch(`${AUTH_BASE}/refreshtoken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: session.refreshToken }),
      });
      status = res.status;
      body = await res.json();
    } catch {
      // network failure: handled as a failed refresh below
    }
    const accessToken = status === 200 ? (body.accessToken ?? body.token) : undefined;
    if (!accessToken) {
      // Only the server's refusal (401) ends the session; unreachable (offline, in the cellar) or
      // failing (5xx), the tokens stay for when it answers again (decision 030).
      if (status === 401) sessionStore.dropTokens();
      throw new ApiError(status, body.code && body.message ? body.message : MSG.refreshFailed, body.code);
    }
    sessionStore.update({ accessToken, refreshToken: body.refreshToken ?? session.refreshToken });
    renewedAt = Date.now();
    return accessToken;
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** When this page last renewed the tokens (a clock far off the server's never makes it renew at every call). */
let renewedAt = 0;

/**
 * Whether an access token is about to end (its `exp`, 30 s ahead): it is renewed before it is sent,
 * rather than sent, refused (a 401 in the server's log and the console), then renewed. A token that
 * cannot be read, or a device clock so far off that a fresh token looks spent, leaves it to the 401.
 */
export function endsSoon(token: string | undefined, nowMs = Date.now()): boolean {
  if (!token || nowMs - renewedAt < 60_000) return false;
  try {
    const { exp, iat } = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown; iat?: unknown };
    if (typeof exp !== 'number') return false;
    const now = nowMs / 1000;
    if (typeof iat === 'number' && now < iat - 300) return false;
    return now >= exp - 30 && now < exp + 24 * 3600;
  } catch {
    return false;
  }
}

/** A renewal that failed without the server refusing it (no network, a 5xx): the session is kept. */
export const keepsSession = (error: unknown) => error instanceof ApiError && error.status !== 401;

/**
 * Sends with the stored access token; on a 401, the shared refresh and one retry, and the session
 * ends when that fails (product §8). For calls that are not JSON through `api`: a download, an upload
 * with progress (XMLHttpRequest).
 */
export async function withSession<R extends { status: number }>(
  send: (token: string | undefined) => Promise<R>,
  /** An answer already on its way for the current token (a route loader's, lib/early-fetch.ts), taken instead of the first send. */
  early?: (token: string | undefined) => Promise<R> | undefined,
): Promise<R> {
  let used = sessionStore.get()?.accessToken;
  if (endsSoon(used) && navigator.onLine !== false) {
    try {
      used = await refreshSession(used);
    } catch (error) {
      // The network failed, not the session: the call goes with the token it has (never signed out offline).
      if (!keepsSession(error)) {
        sessionLost(error);
        throw error;
      }
    }
  }
  let res = await (early?.(used) ?? send(used));
  if (res.status !== 401) return res;
  let token: string;
  try {
    token = await refreshSession(used);
  } catch (error) {
    // The renewal could not reach the server: the session stays, this call failed for lack of network.
    if (keepsSession(error)) throw new TypeError(MSG.networkError);
    sessionLost(error);
    throw error;
  }
  res = await send(token);
  if (res.status === 401) sessionLost();
  return res;
}

/** The message of a request that could not leave: offline, lib/network-state.ts says why (decision 030). */
let networkError: (method: string) => string = () => MSG.networkError;
export function setNetworkErrorMessage(message: (method: string) => string) {
  networkError = message;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Sends the bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Headers beyond the bearer and the content type (an Idempotency-Key). */
  headers?: Record<string, string>;
  /**
   * The contract's schema of the answer (e.g. `Appliance.array()`): in development, an answer that
   * does not match it is reported in the console with what differs. Never in
   * production, where the server's response schemas already strip and check. Pass it as
   * `import.meta.env.DEV ? Appliance.array() : undefined`: the production build then drops the
   * reference, so the API modules of every signed-in page's first load do not bring the contracts'
   * schemas and zod (≈ 30 KB gzip; bench/README.md, JS budgets). `scripts/web-boundaries.test.ts` checks it.
   */
  schema?: AnswerSchema;
}

/** What `api` needs of a zod schema. */
export interface AnswerSchema {
  safeParse(data: unknown): { success: true } | { success: false; error: { issues: unknown[] } };
}

function checkAnswer(path: string, schema: AnswerSchema | undefined, data: unknown): void {
  if (!import.meta.env.DEV || !schema) return;
  const result = schema.safeParse(data);
  if (!result.success) console.error(`Réponse hors contrat : ${path}`, result.error.issues);
}

async function toError(res: Response): Promise<ApiError> {
  let payload: Partial<ErrorBody> = {};
  try {
    payload = await res.json();
  } catch {
    // not JSON
  }
  return new ApiError(res.status, payload.message ?? MSG.serverError, payload.code, payload.errors);
}

/**
 * The one API client for JSON: bearer header, and on a 401 one refresh and one retry (product §4,
 * `withSession`, which uploads and downloads share); a failed refresh removes the tokens, passes
 * the error on and ends the session (product §8).
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, signal, schema } = options;
  const send = (token?: string) => {
    const headers: Record<string, string> = { ...options.headers };
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    return fetch(path, {
      method,
      headers,
      signal,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  };
  let res: Response;
  try {
    const early = method === 'GET' && body === undefined ? (token: string | undefined) => takeEarly(path, token) : undefined;
    res = auth ? await withSession(send, early) : await send();
  } catch (error) {
    if (
      error instanceof Error &&
      (error.name === 'AbortError' || error.message === MSG.noRefreshToken || error.message === MSG.refreshFailed)
    )
      throw error;
    throw new ApiError(0, networkError(method), 'NETWORK');
  }
  if (!res.ok) throw await toError(res);
  if (method === 'GET') noteAnswered(path);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const data = text ? JSON.parse(text) : undefined;
  checkAnswer(path, schema, data);
  return data as T;
}

/** The message to show for a failed call: the server's, else the error's, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
