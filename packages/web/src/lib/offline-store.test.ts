import { describe, expect, it } from 'vitest';
import { offlineSizeFr, offlineUsageFr, usedPercent } from './offline-format.ts';
import { apiKey, fileKey, isOfflineRead, MB, ownerOf, overBudget, type StoredEntry } from './offline-store.ts';

const jwt = (claims: Record<string, unknown>) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.c2ln`;

describe('the offline budget as the « Hors connexion » card says it', () => {
  it('writes sizes in ko and Mo with a no-break space, and the space used out of the budget', () => {
    expect(offlineSizeFr(0)).toBe('0\u00a0Mo');
    expect(offlineSizeFr(300)).toBe('1\u00a0ko');
    expect(offlineSizeFr(850 * 1024)).toBe('850\u00a0ko');
    expect(offlineSizeFr(12.44 * MB)).toBe('12,4\u00a0Mo');
    expect(offlineSizeFr(250 * MB)).toBe('250\u00a0Mo');
    expect(offlineUsageFr(3 * MB, 100 * MB)).toBe('3\u00a0Mo sur 100\u00a0Mo');
    expect(usedPercent(25 * MB, 100 * MB)).toBe(25);
    expect(usedPercent(300 * MB, 100 * MB)).toBe(100);
  });

  it('drops the oldest copies first until the rest fits, never a kept manual', () => {
    const entry = (name: string, bytes: number, storedAt: number, kept = false) =>
      ({ cache: 'c', key: { url: name } as Request, bytes, storedAt, kept }) as StoredEntry & { key: { url: string } };
    const entries = [entry('manual', 40 * MB, 1, true), entry('old', 30 * MB, 2), entry('mid', 20 * MB, 3), entry('new', 20 * MB, 4)];
    expect(overBudget(entries, 100 * MB).map((e) => e.key.url)).toEqual(['old']);
    expect(overBudget(entries, 50 * MB).map((e) => e.key.url)).toEqual(['old', 'mid', 'new']);
    expect(overBudget(entries, 200 * MB)).toEqual([]);
  });
});

describe('the keys of the offline copies', () => {
  it('are the user’s (the token’s subject), never the token, and a file’s without its signature', () => {
    const token = jwt({ sub: '7', exp: 1 });
    expect(ownerOf(`Bearer ${token}`)).toBe('7');
    expect(ownerOf(null)).toBeNull();
    expect(ownerOf('Bearer pas-un-jeton')).toBeNull();
    const key = apiKey('http://localhost/api/V1/profils/users/7/appliances?x=1', '7');
    expect(key).toBe('http://localhost/api/V1/profils/users/7/appliances?x=1&__owner=7');
    expect(key).not.toContain(token);
    expect(fileKey('http://localhost/api/V1/files/users/7/a.pdf?exp=123&sig=abc', '7')).toBe(
      'http://localhost/api/V1/files/users/7/a.pdf?__owner=7',
    );
  });

  it('keep the household’s reads, never an auth route, a secret address or an export', () => {
    expect(isOfflineRead('/api/V1/profils/users/7/foyers/univers')).toBe(true);
    expect(isOfflineRead('/api/V1/profils/users/foyers/univers/appliances/3')).toBe(true);
    expect(isOfflineRead('/api/maintenancecard')).toBe(true);
    expect(isOfflineRead('/api/V1/profils/users/7/events')).toBe(true);
    for (const path of [
      '/api/auth/refreshtoken',
      '/api/auth/sessions',
      '/api/V1/profils/users/7/calendar-feed',
      '/api/V1/profils/users/7/export/appareils.csv',
      '/api/V1/profils/users/7/dossier',
      '/api/V1/profils/users/7/etiquettes/planche.pdf',
      '/api/V1/files/users/7/a.pdf',
      '/api/V1/calendar/secret.ics',
    ])
      expect(isOfflineRead(path), path).toBe(false);
  });
});
