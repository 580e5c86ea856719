import { MSG } from '@ecofoyer/contracts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

/** Optional two-factor sign-in (issue 14). */
let t: TestApp;
const PASSWORD = 'Secret1!ok';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });
const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSeconds });

async function withTotp(email: string) {
  const me = await signedInUser(t, email);
  const setup = await post('/api/auth/totp/setup', { currentPassword: PASSWORD }, me.headers);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrSvg } = setup.json();
  const enabled = await post('/api/auth/totp/enable', { code: await codeAt(secret) }, me.headers);
  expect(enabled.statusCode).toBe(200);
  t.clock.advance(31_000);
  return { ...me, secret, otpauthUrl, qrSvg, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

describe('setting two-factor sign-in up', () => {
  it('needs the current password, draws the QR code here, and turns on only with a right code', async () => {
    const me = await signedInUser(t, 'deux-facteurs@exemple.fr');
    expect((await post('/api/auth/totp/setup', {}, me.headers)).json()).toMatchObject({ code: 'CURRENT_PASSWORD_REQUIRED' });
    const setup = (await post('/api/auth/totp/setup', { currentPassword: PASSWORD }, me.headers)).json();
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/EcoFoyer:deux-facteurs%40exemple\.fr\?secret=[A-Z2-7]+.*issuer=EcoFoyer/);
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(setup.qrSvg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    // Stored encrypted: the secret is not in the database as such.
    const row = await t.db.selectFrom('user_totp').selectAll().where('user_id', '=', me.id).executeTakeFirstOrThrow();
    expect(row.secret_enc).not.toContain(setup.secret);
    expect((await t.app.inject({ url: '/api/auth/totp', headers: me.headers })).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await post('/api/auth/totp/enable', { code: '000000' }, me.headers)).json()).toMatchObject({ code: 'TOTP_CODE_WRONG', message: MSG.totpCodeWrong });
    const on = await post('/api/auth/totp/enable', { code: await codeAt(setup.secret) }, me.headers);
    expect(on.statusCode).toBe(200);
    expect(on.json().recoveryCodes).toHaveLength(10);
    expect(new Set(on.json().recoveryCodes).size).toBe(10);
    expect((await t.app.inject({ url: '/api/auth/totp', headers: me.headers })).json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    const codes = await t.db.selectFrom('totp_recovery_codes').select('code_hash').where('user_id', '=', me.id).execute();
    for (const c of on.json().recoveryCodes) expect(JSON.stringify(codes)).not.toContain(c);
  });
});

describe('signing in with two factors', () => {
  it('answers a challenge to the right password, and the session only with a right code', async () => {
    const me = await withTotp('connexion-2fa@exemple.fr');
    const first = await post('/api/auth/signin', { username: 'connexion-2fa@exemple.fr', password: PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ totpRequired: true, challenge: expect.any(String) });
    const { challenge } = first.json();
    expect((await post('/api/auth/signin/totp', { challenge, code: '123456' })).json()).toMatchObject({ code: 'TOTP_CODE_WRONG' });
    const code = await codeAt(me.secret);
    const second = await post('/api/auth/signin/totp', { challenge, code });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: me.id, tokenType: 'Bearer', accessToken: expect.any(String) });
    // The same code a second time (seen over a shoulder): refused.
    const again = await post('/api/auth/signin', { username: 'connexion-2fa@exemple.fr', password: PASSWORD });
    expect((await post('/api/auth/signin/totp', { challenge: again.json().challenge, code })).statusCode).toBe(401);
    // A code of the previous or next 30 s is accepted (clocks drift).
    t.clock.advance(60_000);
    const drift = await post('/api/auth/signin', { username: 'connexion-2fa@exemple.fr', password: PASSWORD });
    expect((await post('/api/auth/signin/totp', { challenge: drift.json().challenge, code: await codeAt(me.secret, -30) })).statusCode).toBe(200);
  });

  it('refuses a forged or expired challenge', async () => {
    const me = await withTotp('defi@exemple.fr');
    const { challenge } = (await post('/api/auth/signin', { username: 'defi@exemple.fr', password: PASSWORD })).json();
    const forged = `${challenge.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await post('/api/auth/signin/totp', { challenge: forged, code: await codeAt(me.secret) })).json()).toMatchObject({ code: 'TOTP_CHALLENGE_EXPIRED' });
    t.clock.advance(6 * 60_000);
    expect((await post('/api/auth/signin/totp', { challenge, code: await codeAt(me.secret) })).json()).toMatchObject({ code: 'TOTP_CHALLENGE_EXPIRED', message: MSG.totpChallengeExpired });
  });

  it('takes each recovery code once', async () => {
    const me = await withTotp('secours@exemple.fr');
    const signin = async () => (await post('/api/auth/signin', { username: 'secours@exemple.fr', password: PASSWORD })).json().challenge as string;
    const recoveryCode = me.recoveryCodes[0]!.toUpperCase();
    expect((await post('/api/auth/signin/totp', { challenge: await signin(), recoveryCode })).statusCode).toBe(200);
    expect((await post('/api/auth/signin/totp', { challenge: await signin(), recoveryCode })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/totp', headers: me.headers })).json().recoveryCodesLeft).toBe(9);
  });

  it('limits wrong codes per account', async () => {
    await withTotp('force-brute@exemple.fr');
    const { challenge } = (await post('/api/auth/signin', { username: 'force-brute@exemple.fr', password: PASSWORD })).json();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await post('/api/auth/signin/totp', { challenge, code: String(100000 + i) })).statusCode);
    // 10 attempts per 15 minutes, the one that turned it on included: then 429 only.
    const first = statuses.indexOf(429);
    expect(first).toBe(9);
    expect(statuses.slice(0, first).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(first).every((s) => s === 429)).toBe(true);
  });

  it('turns off with the password and a code, and the password alone signs in again', async () => {
    const me = await withTotp('arret@exemple.fr');
    expect((await post('/api/auth/totp/disable', { currentPassword: PASSWORD, code: '000000' }, me.headers)).statusCode).toBe(403);
    const off = await post('/api/auth/totp/disable', { currentPassword: PASSWORD, code: await codeAt(me.secret) }, me.headers);
    expect(off.statusCode).toBe(200);
    expect((await post('/api/auth/signin', { username: 'arret@exemple.fr', password: PASSWORD })).json()).toMatchObject({ accessToken: expect.any(String) });
  });
});
