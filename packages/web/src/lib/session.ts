import { REMEMBER_ME_VALUE, type SigninResponse, type User } from '@ecofoyer/contracts';
import { clearOfflineCaches } from './offline-caches.ts';

/** What the app keeps of a signed-in user (product §3, User): the user fields and the tokens. */
export type Session = User & { accessToken: string; refreshToken: string };

const USER_KEY = 'user';
const REMEMBER_KEY = 'rememberMe';

/**
 * product §4, remember-me: when checked (stored as the string "true") the session lives in
 * localStorage and survives closing the browser; otherwise in sessionStorage.
 */
function storage(): Storage {
  return localStorage.getItem(REMEMBER_KEY) === REMEMBER_ME_VALUE ? localStorage : sessionStorage;
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: Session | null } = { raw: null, value: null };

function read(): Session | null {
  const raw = storage().getItem(USER_KEY);
  if (raw === cached.raw) return cached.value;
  let value: Session | null = null;
  try {
    const parsed = raw ? (JSON.parse(raw) as Session) : null;
    value = parsed && typeof parsed.id === 'number' && parsed.accessToken ? parsed : null;
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

function notify() {
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: read,
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === USER_KEY || e.key === REMEMBER_KEY || e.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
  /** After sign-in: keeps the user and tokens where remember-me says. */
  start(signin: SigninResponse, remember: boolean) {
    // The device token is the browser's, not the session's: signin.ts keeps it apart.
    const { tokenType: _tokenType, deviceToken: _deviceToken, ...session } = signin;
    localStorage.removeItem(USER_KEY);
    sessionStorage.removeItem(USER_KEY);
    if (remember) localStorage.setItem(REMEMBER_KEY, REMEMBER_ME_VALUE);
    else localStorage.removeItem(REMEMBER_KEY);
    storage().setItem(USER_KEY, JSON.stringify(session));
    notify();
  },
  update(patch: Partial<Session>) {
    const current = read();
    if (!current) return;
    storage().setItem(USER_KEY, JSON.stringify({ ...current, ...patch }));
    notify();
  },
  /** Logout: the stored user and tokens go (product §4), and the household's offline copies (decision 030). */
  clear() {
    void clearOfflineCaches();
    localStorage.removeItem(USER_KEY);
    sessionStorage.removeItem(USER_KEY);
    localStorage.removeItem(REMEMBER_KEY);
    notify();
  },
  /** A failed refresh removes the stored tokens (product §8); without them the user is signed out. */
  dropTokens() {
    const current = read();
    if (!current) return;
    const { accessToken: _a, refreshToken: _r, ...rest } = current;
    storage().setItem(USER_KEY, JSON.stringify(rest));
    notify();
  },
};

/** Seconds since epoch at which a JWT expires, or null if it cannot be read. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}

export function isTokenExpired(token: string, now = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp === null || exp * 1000 <= now;
}
