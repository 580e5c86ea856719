import { MSG, OFFLINE_TEXTS } from '@ecofoyer/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, refreshSession } from './api-client.ts';
import { isOffline, reportNetwork, resetNetworkState, useOffline } from './network-state.ts';
import { API_CACHE, FILES_CACHE } from './offline-caches.ts';
import { sessionStore } from './session.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
  resetNetworkState();
});

const signedIn = () =>
  sessionStorage.setItem('user', JSON.stringify({ id: 7, firstname: 'Camille', accessToken: 'a1', refreshToken: 'r1' }));

describe('signing out empties the offline copies', () => {
  it('deletes the answers and files caches: the next person on this browser never reads them', () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: async (name: string) => deleted.push(name) > 0 });
    signedIn();
    sessionStore.clear();
    expect(deleted.sort()).toEqual([API_CACHE, FILES_CACHE].sort());
  });
});

describe('a session never ends for lack of network', () => {
  beforeEach(signedIn);

  it('keeps the tokens when the renewal cannot reach the server, and the call fails as offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('fetch', async (url: string) => {
      if (url.endsWith('/refreshtoken')) throw new TypeError('Failed to fetch');
      return new Response('{}', { status: 401 });
    });
    await expect(refreshSession('a1')).rejects.toMatchObject({ status: 0 });
    expect(sessionStore.get()).toMatchObject({ accessToken: 'a1', refreshToken: 'r1' });
    // A 401 for the expired token, then a renewal without network: the session stays.
    await expect(api('/api/V1/profils/users/7/appliances')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(sessionStore.get()).toMatchObject({ accessToken: 'a1', refreshToken: 'r1' });
  });

  it('keeps them when the server fails (5xx), and ends the session only on its 401', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
    await expect(refreshSession('a1')).rejects.toMatchObject({ status: 503 });
    expect(sessionStore.get()).toMatchObject({ refreshToken: 'r1' });
    vi.stubGlobal('fetch', async () => Response.json({ message: 'Session expirée', code: 'SESSION_EXPIRED' }, { status: 401 }));
    await expect(refreshSession('a1')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get()?.refreshToken).toBeUndefined();
  });

  it('says a read never opened online is not on this device, and a change needs the network', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api('/api/V1/profils/users/7/appliances')).rejects.toMatchObject({ message: OFFLINE_TEXTS.neverOpened });
    await expect(api('/api/V1/profils/users/7/events', { method: 'POST', body: {} })).rejects.toMatchObject({
      message: OFFLINE_TEXTS.actionNeedsNetwork,
    });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await expect(api('/api/V1/profils/users/7/appliances')).rejects.toMatchObject({ message: MSG.networkError });
  });
});

function Banner() {
  return <p>{useOffline() ? OFFLINE_TEXTS.bannerTitle : 'En ligne'}</p>;
}

describe('the offline state behind the « Hors ligne » banner', () => {
  it('follows the browser, the requests that fail for lack of network, and the service worker’s word', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<Banner />);
    expect(screen.getByText('En ligne')).toBeTruthy();

    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText(OFFLINE_TEXTS.bannerTitle)).toBeTruthy();

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByText('En ligne')).toBeTruthy();

    act(() => reportNetwork(false));
    expect(isOffline()).toBe(true);
    expect(screen.getByText(OFFLINE_TEXTS.bannerTitle)).toBeTruthy();
    act(() => reportNetwork(true));
    expect(screen.getByText('En ligne')).toBeTruthy();
  });
});
