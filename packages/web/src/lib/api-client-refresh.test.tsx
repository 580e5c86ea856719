import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, endsSoon } from './api-client.ts';

// Each test on its own clock, ten minutes after the last: a renewal another test made is never « a minute ago ».
let shift = 0;
beforeEach(() => {
  shift += 10 * 60_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.now() + shift));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

/** An access token as the server signs it (only its claims matter to the client). */
const token = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.c2lnbmF0dXJl`;

describe('an access token renewed before it ends, not after a 401', () => {
  it('knows a token about to end from one with time left, and does not guess on a clock far off or a token it cannot read', () => {
    // Ten minutes from now: whatever renewal this page made before is more than a minute old.
    const at = Date.now() + 10 * 60_000;
    const now = Math.floor(at / 1000);
    expect(endsSoon(token({ iat: now - 880, exp: now + 20 }), at)).toBe(true);
    expect(endsSoon(token({ iat: now - 60, exp: now + 840 }), at)).toBe(false);
    // Issued an hour « in the future » by this device's clock: a clock far behind, left to the 401.
    expect(endsSoon(token({ iat: now + 3600, exp: now + 3600 + 900 }), at)).toBe(false);
    expect(endsSoon('pas-un-jeton', at)).toBe(false);
    expect(endsSoon(undefined, at)).toBe(false);
  });

  it('renews a token ending in 10 s before the call, which goes with the new one: no 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const old = token({ sub: '7', iat: now - 890, exp: now + 10 });
    sessionStorage.setItem('user', JSON.stringify({ id: 7, firstname: 'Camille', accessToken: old, refreshToken: 'r1' }));
    const calls: { url: string; authorization: string | null }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      calls.push({ url, authorization: new Headers(init.headers).get('authorization') });
      if (url.endsWith('/refreshtoken')) return Response.json({ accessToken: 'neuf', refreshToken: 'r2' });
      return Response.json({ ok: true });
    });
    await api('/api/V1/profils/users/7/appliances');
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refreshtoken', '/api/V1/profils/users/7/appliances']);
    expect(calls[1]!.authorization).toBe('Bearer neuf');
    expect(JSON.parse(sessionStorage.getItem('user')!)).toMatchObject({ accessToken: 'neuf', refreshToken: 'r2' });
  });

  it('keeps the session when the renewal cannot reach the server (offline): the call goes with the token it has', async () => {
    const now = Math.floor(Date.now() / 1000);
    const old = token({ sub: '7', iat: now - 890, exp: now + 10 });
    sessionStorage.setItem('user', JSON.stringify({ id: 7, firstname: 'Camille', accessToken: old, refreshToken: 'r1' }));
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      if (url.endsWith('/refreshtoken')) throw new TypeError('Failed to fetch');
      return Response.json({ ok: true });
    });
    await api('/api/V1/profils/users/7/appliances');
    expect(calls).toEqual(['/api/auth/refreshtoken', '/api/V1/profils/users/7/appliances']);
    expect(JSON.parse(sessionStorage.getItem('user')!)).toMatchObject({ accessToken: old, refreshToken: 'r1' });
  });
});
