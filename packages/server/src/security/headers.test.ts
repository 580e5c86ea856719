import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { webDistFixture } from '../../test/web-dist-fixture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', WEB_DIST: webDistFixture() });
});
afterAll(async () => {
  await t.app.close();
});

const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );

describe('security headers', () => {
  it('sends a strict Content-Security-Policy without inline scripts, and limits frames to the spec’s map', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = directives(res.headers['content-security-policy'] as string);
    // WebAssembly may be compiled (the energy-label scanner's reader), JavaScript never evaluated.
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['frame-src']).toEqual(['https://quefairedemesobjets.ademe.fr', 'https://quefairedemesdechets.ademe.fr']);
    // The frames' sites are asked whether they answer before a frame is shown (components/external-frame.tsx).
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://data.geopf.fr',
      'https://quefairedemesobjets.ademe.fr',
      'https://quefairedemesdechets.ademe.fr',
    ]);
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('sends a Permissions-Policy: camera and location for the app (location for the map frames too), nothing else', async () => {
    const policy = (await t.app.inject({ url: '/api/health' })).headers['permissions-policy'] as string;
    expect(policy).toContain('camera=(self)');
    expect(policy).toContain('geolocation=(self "https://quefairedemesobjets.ademe.fr" "https://quefairedemesdechets.ademe.fr")');
    for (const off of ['microphone=()', 'payment=()', 'usb=()', 'browsing-topics=()']) expect(policy).toContain(off);
  });

  it('sends HSTS only for requests that came over HTTPS', async () => {
    expect((await t.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const https = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('keeps the API documentation page working under its own policy', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
  });

  it('keeps the pages whose address carries a secret out of search engines, without JavaScript, and out of referrers', async () => {
    for (const url of ['/partage/AbCdEfGhIjKlMnOp.signature', '/invitation?token=secret', '/reset-password?token=secret']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
    const home = await t.app.inject({ url: '/inventaire' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['x-robots-tag']).toBeUndefined();
  });
});
