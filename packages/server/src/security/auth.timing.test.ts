import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app.ts';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
};

/**
 * Answers must not tell whether an account exists, not even by their time. (The flood of
 * sign-ins and /api/health under it is measured by bench/signin-flood.ts.)
 */
describe('timing and flooding of the authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_SIGNIN_PER_IP: '100000',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '100000',
      RATE_LIMIT_FORGOT_PER_IP: '100000',
      RATE_LIMIT_FORGOT_PER_ACCOUNT: '100000',
    });
    await signedInUser(t, 'connu@exemple.fr');
  });
  afterAll(async () => {
    await t.app.close();
  });

  async function timed(payloads: [url: string, body: Record<string, string>][]) {
    const times: number[] = [];
    for (const [url, payload] of payloads) {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url, payload });
      times.push(performance.now() - started);
      expect(res.statusCode).toBeLessThan(500);
    }
    return times;
  }

  it('sign-in takes the same time for a known and an unknown account (medians within 10 ms over 200 tries)', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so that any drift of the machine touches both alike.
    for (let i = 0; i < 100; i++) {
      known.push(...(await timed([['/api/auth/signin', { username: 'connu@exemple.fr', password: `Mauvais${i}!mdp` }]])));
      unknown.push(...(await timed([['/api/auth/signin', { username: `inconnu${i}@exemple.fr`, password: `Mauvais${i}!mdp` }]])));
    }
    expect(
      Math.abs(median(known) - median(unknown)),
      `known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`,
    ).toBeLessThan(10);
  }, 120_000);

  it('forgot-password takes the same time for a known and an unknown address (medians within 10 ms over 200 tries)', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 100; i++) {
      known.push(...(await timed([['/api/auth/forgotpassword', { email: 'connu@exemple.fr' }]])));
      unknown.push(...(await timed([['/api/auth/forgotpassword', { email: `inconnu${i}@exemple.fr` }]])));
    }
    expect(
      Math.abs(median(known) - median(unknown)),
      `known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`,
    ).toBeLessThan(10);
  }, 60_000);
});
