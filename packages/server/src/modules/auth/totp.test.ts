import { API_MSG } from '@ecofoyer/contracts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { TotpRepository } from './totp.repository.ts';

/** Optional two-factor sign-in. */
let t: TestApp;
const PASSWORD = 'Secret1!ok';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSeconds });

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
    expect((await post('/api/auth/totp/enable', { code: '000000' }, me.headers)).json()).toMatchObject({
      code: 'TOTP_CODE_WRONG',
      message: API_MSG.totpCodeWrong,
    });
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
    expect(
      (await post('/api/auth/signin/totp', { challenge: drift.json().challenge, code: await codeAt(me.secret, -30) })).statusCode,
    ).toBe(200);
  });

  it('refuses a forged or expired challenge', async () => {
    const me = await withTotp('defi@exemple.fr');
    const { challenge } = (await post('/api/auth/signin', { username: 'defi@exemple.fr', password: PASSWORD })).json();
    const forged = `${challenge.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await post('/api/auth/signin/totp', { challenge: forged, code: await codeAt(me.secret) })).json()).toMatchObject({
      code: 'TOTP_CHALLENGE_EXPIRED',
    });
    t.clock.advance(6 * 60_000);
    expect((await post('/api/auth/signin/totp', { challenge, code: await codeAt(me.secret) })).json()).toMatchObject({
      code: 'TOTP_CHALLENGE_EXPIRED',
      message: API_MSG.totpChallengeExpired,
    });
  });

  it('takes each recovery code once', async () => {
    const me = await withTotp('secours@exemple.fr');
    const signin = async () =>
      (await post('/api/auth/signin', { username: 'secours@exemple.fr', password: PASSWORD })).json().challenge as string;
    const recoveryCode = me.recoveryCodes[0]!.toUpperCase();
    expect((await post('/api/auth/signin/totp', { challenge: await signin(), recoveryCode })).statusCode).toBe(200);
    expect((await post('/api/auth/signin/totp', { challenge: await signin(), recoveryCode })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/totp', headers: me.headers })).json().recoveryCodesLeft).toBe(9);
  });

  it('opens one session for eight sign-ins sent together with the same right code', async () => {
    const me = await withTotp('rafale@exemple.fr');
    const { challenge } = (await post('/api/auth/signin', { username: 'rafale@exemple.fr', password: PASSWORD })).json();
    const sessions = async () => (await t.db.selectFrom('sessions').select('id').where('user_id', '=', me.id).execute()).length;
    const before = await sessions();
    const code = await codeAt(me.secret);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('/api/auth/signin/totp', { challenge, code })));
    const opened = answers.filter((a) => a.statusCode === 200);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.json()).toMatchObject({ id: me.id, accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().code)).toEqual(Array(7).fill('TOTP_CODE_WRONG'));
    expect(await sessions()).toBe(before + 1);
  });

  it('lets one of eight requests spend a time step claimed together, on any database (compare-and-set)', async () => {
    // The sign-in above goes through the slow-down's lock first, which on PostgreSQL tends to space
    // the requests out; here the statement itself is raced.
    const me = await withTotp('pas-de-temps@exemple.fr');
    const repo = new TotpRepository(t.db);
    const step = Math.floor(t.clock.now().getTime() / 30_000) + 1;
    const claimed = await Promise.all(Array.from({ length: 8 }, () => repo.claimStep(me.id, step)));
    expect(claimed.filter(Boolean)).toHaveLength(1);
    expect(await repo.claimStep(me.id, step)).toBe(false);
    expect(await repo.claimStep(me.id, step - 1)).toBe(false);
  });

  it('slows wrong codes down instead of locking the owner out: the right code works after the announced wait', async () => {
    const me = await withTotp('force-brute@exemple.fr');
    const { challenge } = (await post('/api/auth/signin', { username: 'force-brute@exemple.fr', password: PASSWORD })).json();
    const wrong = () => post('/api/auth/signin/totp', { challenge, code: '000000' });
    const right = async () => post('/api/auth/signin/totp', { challenge, code: await codeAt(me.secret) });
    // Someone who knows the password sends 10 wrong codes (RATE_LIMIT_SIGNIN_PER_ACCOUNT).
    for (let i = 0; i < t.config.rateLimits.signinPerAccount; i++) expect((await wrong()).statusCode).toBe(401);
    // Now every attempt waits after the last failure, the right code too: 429 saying how long.
    const slowed = await wrong();
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json()).toMatchObject({ code: 'RATE_LIMITED', message: API_MSG.totpSlowDown(1) });
    const early = await right();
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await wrong()).statusCode).toBe(401);
    // Each further failure doubles the wait.
    const longer = await wrong();
    expect(longer.headers['retry-after']).toBe('2');
    expect(longer.json().message).toBe(API_MSG.totpSlowDown(2));
    // The owner's right code, sent after the announced wait, opens the session and clears the failures.
    t.clock.advance(Number(longer.headers['retry-after']) * 1000);
    const owner = await right();
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ id: me.id, accessToken: expect.any(String) });
    expect((await wrong()).statusCode).toBe(401);
  });

  it('lets the owner’s known device in at once while someone else’s wrong codes slow the account down', async () => {
    const me = await withTotp('appareil-connu@exemple.fr');
    const signin = async (deviceToken?: string) =>
      (
        await post('/api/auth/signin', {
          username: 'appareil-connu@exemple.fr',
          password: PASSWORD,
          ...(deviceToken ? { deviceToken } : {}),
        })
      ).json().challenge as string;
    const first = await post('/api/auth/signin/totp', { challenge: await signin(), code: await codeAt(me.secret) });
    const deviceToken = first.json().deviceToken as string;
    t.clock.advance(31_000);
    // Someone who knows the password takes every opening of the slow-down.
    const challenge = await signin();
    for (let i = 0; i < t.config.rateLimits.signinPerAccount + 1; i++) await post('/api/auth/signin/totp', { challenge, code: '000000' });
    const slowed = await post('/api/auth/signin/totp', { challenge, code: await codeAt(me.secret) });
    expect(slowed.statusCode).toBe(429);
    // The owner's device is not slowed by them: the right code works now.
    const owner = await post('/api/auth/signin/totp', { challenge: await signin(deviceToken), code: await codeAt(me.secret), deviceToken });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().deviceToken).toBe(deviceToken);
    // A token that is not this account's device is no pass.
    expect(
      (await post('/api/auth/signin/totp', { challenge, code: await codeAt(me.secret), deviceToken: 'x'.repeat(43) })).statusCode,
    ).toBe(429);
  });

  it('lets one of many wrong codes sent together through each opening of the slow-down', async () => {
    const me = await withTotp('rafale-fausse@exemple.fr');
    const { challenge } = (await post('/api/auth/signin', { username: 'rafale-fausse@exemple.fr', password: PASSWORD })).json();
    for (let i = 0; i < t.config.rateLimits.signinPerAccount; i++)
      await post('/api/auth/signin/totp', { challenge, code: String(100000 + i) });
    t.clock.advance(1000);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('/api/auth/signin/totp', { challenge, code: String(200000 + i) })),
    );
    expect(burst.filter((a) => a.statusCode === 401)).toHaveLength(1);
    expect(burst.filter((a) => a.statusCode === 429)).toHaveLength(19);
    expect(burst.filter((a) => a.statusCode === 429).every((a) => a.headers['retry-after'] === '2')).toBe(true);
    // The owner still gets in after the wait.
    t.clock.advance(2000);
    expect((await post('/api/auth/signin/totp', { challenge, code: await codeAt(me.secret) })).statusCode).toBe(200);
  });

  it('turns off with the password and a code, and the password alone signs in again', async () => {
    const me = await withTotp('arret@exemple.fr');
    expect((await post('/api/auth/totp/disable', { currentPassword: PASSWORD, code: '000000' }, me.headers)).statusCode).toBe(403);
    const off = await post('/api/auth/totp/disable', { currentPassword: PASSWORD, code: await codeAt(me.secret) }, me.headers);
    expect(off.statusCode).toBe(200);
    expect((await post('/api/auth/signin', { username: 'arret@exemple.fr', password: PASSWORD })).json()).toMatchObject({
      accessToken: expect.any(String),
    });
  });
});
