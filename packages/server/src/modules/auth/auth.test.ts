import { once } from 'node:events';
import { parseOptions } from '@node-rs/argon2';
import { API_MSG, MSG, ROLES } from '@ecofoyer/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { commonPasswordCount } from '../../lib/common-passwords.ts';
import { mailBackoffMs } from '../../lib/mail-queue.ts';
import { AuthRepository } from './auth.repository.ts';
import { signinDelayMs } from './auth.service.ts';
import { type TestApp, createTestApp, resetTokenFromMail } from '../../../test/test-app.ts';
import { multipart, PNG } from '../../../test/multipart.ts';

let t: TestApp;
let ipCounter = 0;
/** Each test its own client address, so per-IP limits of one test do not leak into another. */
let ip = '';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});
beforeEach(() => {
  ipCounter += 1;
  ip = `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
});

const PASSWORD = 'Secret1!ok';
let userSeq = 0;

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });
}

async function signup(overrides: Record<string, unknown> = {}) {
  userSeq += 1;
  const body = {
    username: `user${userSeq}@exemple.fr`,
    firstname: 'Camille',
    lastname: 'Durand',
    email: `user${userSeq}@exemple.fr`,
    password: PASSWORD,
    ...overrides,
  };
  const res = await post('/api/auth/signup', body);
  return { res, body };
}

async function signin(username: string, password = PASSWORD) {
  return post('/api/auth/signin', { username, password });
}

async function newSession() {
  const { body } = await signup();
  const res = await signin(body.email);
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; accessToken: string; refreshToken: string; email: string };
}

describe('POST /api/auth/signup', () => {
  it('creates a ROLE_FREEMIUM account and answers 201 with a message', async () => {
    const { res, body } = await signup({ adresse: '1 rue de la Paix', telephone: '0601020304' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: API_MSG.signupDone });
    const row = await t.db.selectFrom('users').selectAll().where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(row.roles).toEqual([ROLES.freemium]);
    expect(row.adresse).toBe('1 rue de la Paix');
  });

  it('ignores an attempted role escalation', async () => {
    const { res, body } = await signup({ role: ['ROLE_ASSURE', 'ROLE_ADMIN'], roles: ['ROLE_ADMIN'] });
    expect(res.statusCode).toBe(201);
    const login = (await signin(body.email)).json();
    expect(login.roles).toEqual([ROLES.freemium]);
  });

  it('answers 409 for an email or a username already taken, whatever the case', async () => {
    const { body } = await signup();
    const again = await post('/api/auth/signup', { ...body, username: 'autre', email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MSG.accountTaken, code: 'ACCOUNT_EXISTS' });
    const pseudo = `camille${userSeq}`;
    expect((await post('/api/auth/signup', { ...body, username: pseudo, email: `pseudo${userSeq}@exemple.fr` })).statusCode).toBe(201);
    const sameUsername = await post('/api/auth/signup', { ...body, username: pseudo.toUpperCase(), email: 'different@exemple.fr' });
    expect(sameUsername.statusCode).toBe(409);
  });

  it('refuses invalid input with 400, the §5 messages, and creates nothing', async () => {
    const res = await post('/api/auth/signup', { firstname: 'Al', lastname: '', email: 'pas-un-mail', password: 'abc' });
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.code).toBe('VALIDATION');
    expect(json.errors.map((e: { message: string }) => e.message)).toEqual([
      MSG.firstnameLength,
      MSG.lastnameRequired,
      MSG.emailInvalid,
      expect.stringContaining(MSG.passwordMustContain),
    ]);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'pas-un-mail').execute()).toHaveLength(0);
  });

  it('stores an argon2id hash with at least 19 MiB and 2 iterations', async () => {
    const { body } = await signup();
    const row = await t.db.selectFrom('users').select('password_hash').where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    const options = parseOptions(row.password_hash);
    expect(options.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(options.timeCost).toBeGreaterThanOrEqual(2);
    expect(row.password_hash).not.toContain(PASSWORD);
  });
});

describe('POST /api/auth/signin', () => {
  it('signs in by email or username, counts logins and returns the user and tokens', async () => {
    const { body } = await signup({ username: 'camille69' });
    const first = await signin('camille69');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      username: 'camille69',
      email: body.email,
      firstname: 'Camille',
      roles: [ROLES.freemium],
      loginCount: 1,
      tokenType: 'Bearer',
    });
    const second = await signin(body.email.toUpperCase());
    expect(second.json().loginCount).toBe(2);
    expect(second.json().accessToken).toEqual(expect.any(String));
    expect(second.json().refreshToken).toEqual(expect.any(String));
    expect(second.json()).not.toHaveProperty('password_hash');
  });

  it('gives the same status and body for an unknown user and a bad password', async () => {
    const { body } = await signup();
    const unknown = await signin('personne@exemple.fr');
    const wrong = await signin(body.email, 'Mauvais1!');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json().message).toBe(API_MSG.badCredentials);
  });

  it('rate limits per address with a French 429 before any password hashing', async () => {
    const limited = await createTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '3' });
    try {
      const attempt = (username: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password: 'x' }, remoteAddress: '10.9.9.9' });
      for (let i = 0; i < 3; i++) expect((await attempt(`u${i}@exemple.fr`)).statusCode).toBe(401);
      const started = performance.now();
      const blocked = await attempt('u9@exemple.fr');
      const elapsed = performance.now() - started;
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ message: API_MSG.tooManySignin, code: 'RATE_LIMITED' });
      // 15-minute windows from 09:00 (the test clock): all of it left.
      expect(blocked.headers['retry-after']).toBe('900');
      // An argon2id verification alone costs tens of ms; the refusal costs one upsert.
      expect(elapsed).toBeLessThan(1_000);
    } finally {
      await limited.app.close();
      t = await createTestApp();
    }
  });

  it('turns a flood of 1,000 sign-ins away from memory: 30 reach the database and the hashing, the rest not even their body is read', async () => {
    const flood = await createTestApp();
    try {
      const from = '10.66.0.1';
      const attempt = (i: number) =>
        flood.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { username: `flood${i % 7}@exemple.fr`, password: 'Mauvais1!mdp' },
          remoteAddress: from,
        });
      const queue = Array.from({ length: 1000 }, (_, i) => i);
      const statuses: number[] = [];
      const health: number[] = [];
      await Promise.all([
        ...Array.from({ length: 50 }, async () => {
          for (let i = queue.shift(); i !== undefined; i = queue.shift()) statuses.push((await attempt(i)).statusCode);
        }),
        (async () => {
          while (queue.length > 0) health.push((await flood.app.inject({ url: '/api/health' })).statusCode);
        })(),
      ]);
      expect(statuses.filter((s) => s === 401)).toHaveLength(30);
      expect(statuses.filter((s) => s === 429)).toHaveLength(970);
      expect(health.length).toBeGreaterThan(0);
      expect(health.every((s) => s === 200)).toBe(true);
      // The shared counter was written by the 30 only (the others were refused from memory), and
      // only they were checked against a password hash (one failed sign-in in the audit log each).
      const counter = await flood.db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', `signin:ip:${from}`)
        .executeTakeFirstOrThrow();
      expect(counter.count).toBe(30);
      const failed = await flood.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('action', '=', 'signin_failed')
        .where('ip', '=', from)
        .executeTakeFirstOrThrow();
      expect(Number(failed.n)).toBe(30);
      // Refused before the body is read: not even a malformed one gets as far as a 400.
      const unread = await flood.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: '{pas du json',
        headers: { 'content-type': 'application/json' },
        remoteAddress: from,
      });
      expect(unread.statusCode).toBe(429);
      expect(unread.json().message).toBe(API_MSG.tooManySignin);
      expect(unread.headers['retry-after']).toBe('900');
    } finally {
      await flood.app.close();
    }
  });

  it('a new password from the profile ends the other sessions, not this one', async () => {
    const email = 'sessions@exemple.fr';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstname: 'Camille', lastname: 'Durand', email, password: 'Secret1!ok' },
    });
    const open = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: email, password: 'Secret1!ok' } })).json();
    const here = await open();
    const elsewhere = await open();
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/user/${here.id}`,
      headers: { authorization: `Bearer ${here.accessToken}` },
      payload: { firstname: 'Camille', lastname: 'Durand', email, password: 'Nouveau1!mdp', currentPassword: 'Secret1!ok' },
    });
    expect(changed.statusCode).toBe(200);
    const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/auth/refreshtoken', payload: { refreshToken } });
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await refresh(here.refreshToken)).statusCode).toBe(200);
  });

  it('rate limits sign-ups per address, and uploads per user, before any hashing or reading', async () => {
    const limited = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: '2', RATE_LIMIT_UPLOADS_PER_USER: '2' });
    try {
      const signupFrom = (i: number, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { firstname: 'Camille', lastname: 'Durand', email: `limite${i}@exemple.fr`, password: 'Secret1!ok' },
          remoteAddress,
        });
      expect((await signupFrom(1, '10.7.7.7')).statusCode).toBe(201);
      expect((await signupFrom(2, '10.7.7.7')).statusCode).toBe(201);
      const blocked = await signupFrom(3, '10.7.7.7');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(API_MSG.tooManySignup);
      expect((await signupFrom(4, '10.7.7.8')).statusCode).toBe(201);
      const users = await limited.db.selectFrom('users').select('email').execute();
      expect(users.map((u) => u.email)).not.toContain('limite3@exemple.fr');

      const signin = (
        await limited.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { username: 'limite1@exemple.fr', password: 'Secret1!ok' },
        })
      ).json();
      const upload = async () => {
        const body = await multipart({ file: { filename: 'x.png', data: PNG } });
        return limited.app.inject({
          method: 'POST',
          url: '/api/V1/files/public',
          headers: { authorization: `Bearer ${signin.accessToken}`, ...body.headers },
          payload: body.payload,
        });
      };
      expect((await upload()).statusCode).toBe(201);
      expect((await upload()).statusCode).toBe(201);
      const refused = await upload();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(API_MSG.tooManyUploads);
    } finally {
      await limited.app.close();
      t = await createTestApp();
    }
  });

  it('slows an account down after failures instead of locking its owner out; successes do not count', async () => {
    const { body } = await signup();
    const free = t.config.rateLimits.signinPerAccount;
    let n = 0;
    const from = () => `10.50.${Math.floor(++n / 250)}.${n % 250}`;
    const attempt = (password: string, deviceToken?: string) => {
      ip = from();
      return post('/api/auth/signin', { username: body.email, password, ...(deviceToken ? { deviceToken } : {}) });
    };
    // Signing in often is not an attack.
    for (let i = 0; i < free + 5; i++) expect((await attempt(PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < free; i++) expect((await attempt('Mauvais1!')).statusCode).toBe(401);
    // Now each attempt waits after the last failure: 1 s, then 2 s, 4 s …
    const slowed = await attempt(PASSWORD);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json().message).toBe(API_MSG.signinSlowDown(1));
    t.clock.advance(1000);
    expect((await attempt('Mauvais1!')).statusCode).toBe(401);
    expect((await attempt(PASSWORD)).headers['retry-after']).toBe('2');
    t.clock.advance(2000);
    // The owner gets in after the wait, and that clears the failures.
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
    expect((await attempt('Mauvais1!')).statusCode).toBe(401);
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
  });

  it('spares a device that signed in before: the owner gets in at once while the account is slowed down', async () => {
    const { body } = await signup();
    const other = await newSession();
    const first = await signin(body.email);
    const device = first.json().deviceToken as string;
    expect(device.length).toBeGreaterThanOrEqual(40);
    const stranger = ((await signin(other.email)).json() as { deviceToken: string }).deviceToken;
    let n = 0;
    const attempt = (password: string, deviceToken?: string) => {
      ip = `10.51.0.${++n}`;
      return post('/api/auth/signin', { username: body.email, password, ...(deviceToken ? { deviceToken } : {}) });
    };
    for (let i = 0; i < t.config.rateLimits.signinPerAccount + 3; i++) await attempt('Mauvais1!');
    expect((await attempt(PASSWORD)).statusCode).toBe(429);
    // Another account's device token is no pass.
    expect((await attempt(PASSWORD, stranger)).statusCode).toBe(429);
    const known = await attempt(PASSWORD, device);
    expect(known.statusCode).toBe(200);
    expect(known.json().deviceToken).toBe(device);
    // Failures count per account (whichever login named it), not per login text.
    const rows = await t.db.selectFrom('signin_failures').select('login').execute();
    expect(rows.some((r) => r.login === body.email)).toBe(false);
  });

  it('slows down an unknown login the same way (no hint that the account does not exist)', async () => {
    const login = `personne${++userSeq}@exemple.fr`;
    let n = 0;
    const attempt = () => {
      ip = `10.52.0.${++n}`;
      return post('/api/auth/signin', { username: login, password: 'Mauvais1!' });
    };
    for (let i = 0; i < t.config.rateLimits.signinPerAccount; i++) expect((await attempt()).statusCode).toBe(401);
    const slowed = await attempt();
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe(API_MSG.signinSlowDown(1));
  });

  it('waits 1, 2, 4 … seconds past the free failures, at most a minute', () => {
    expect([4, 5, 6, 7, 12, 30].map((f) => signinDelayMs(f, 5))).toEqual([0, 1000, 2000, 4000, 60_000, 60_000]);
  });

  it('answers 400 with French messages for missing fields', async () => {
    const res = await post('/api/auth/signin', { username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual([MSG.loginEmailRequired, MSG.loginPasswordRequired]);
  });
});

describe('access tokens and role boards', () => {
  it('lets a signed-in user read the user and freemium boards, not the assure board', async () => {
    const s = await newSession();
    const auth = { authorization: `Bearer ${s.accessToken}` };
    const user = await t.app.inject({ url: '/api/V1/board/user', headers: auth });
    expect(user.json()).toEqual({ message: API_MSG.boardUser });
    expect((await t.app.inject({ url: '/api/V1/board/freemium', headers: auth })).json()).toEqual({ message: API_MSG.boardFreemium });
    const assure = await t.app.inject({ url: '/api/V1/board/assure', headers: auth });
    expect(assure.statusCode).toBe(403);
  });

  it('lets an insured user read the assure board', async () => {
    const s = await newSession();
    await t.db
      .updateTable('users')
      .set({ roles: [ROLES.assure] })
      .where('id', '=', s.id)
      .execute();
    const { accessToken } = (await signin(s.email)).json();
    const res = await t.app.inject({ url: '/api/V1/board/assure', headers: { authorization: `Bearer ${accessToken}` } });
    expect(res.json()).toEqual({ message: API_MSG.boardAssure });
  });

  it('answers 401 without a token, with a forged one, and once the token expired', async () => {
    expect((await t.app.inject({ url: '/api/V1/board/user' })).statusCode).toBe(401);
    const s = await newSession();
    const forged = `${s.accessToken.slice(0, -4)}AAAA`;
    expect((await t.app.inject({ url: '/api/V1/board/user', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
    t.clock.advance((t.config.accessTokenTtlSeconds + 1) * 1000);
    const expired = await t.app.inject({ url: '/api/V1/board/user', headers: { authorization: `Bearer ${s.accessToken}` } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'TOKEN_EXPIRED', message: API_MSG.sessionExpired });
  });
});

describe('POST /api/auth/refreshtoken', () => {
  it('rotates: the new pair works and the old refresh token is spent', async () => {
    const s = await newSession();
    const res = await post('/api/auth/refreshtoken', { refreshToken: s.refreshToken });
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(pair.refreshToken).not.toBe(s.refreshToken);
    expect((await t.app.inject({ url: '/api/V1/board/user', headers: { authorization: `Bearer ${pair.accessToken}` } })).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/refreshtoken', { refreshToken: pair.refreshToken })).statusCode).toBe(200);
  });

  it('revokes the whole family when a spent token is presented again after the reuse interval', async () => {
    const s = await newSession();
    const next = (await post('/api/auth/refreshtoken', { refreshToken: s.refreshToken })).json();
    t.clock.advance((t.config.refreshReuseSeconds + 1) * 1000);
    const reuse = await post('/api/auth/refreshtoken', { refreshToken: s.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe(API_MSG.refreshInvalid);
    // The token legitimately obtained from the rotation is dead too.
    expect((await post('/api/auth/refreshtoken', { refreshToken: next.refreshToken })).statusCode).toBe(401);
  });

  it('gives 16 concurrent uses of one refresh token (tabs refreshing together) one rotation: the same successor, one live token', async () => {
    const s = await newSession();
    const results = await Promise.all(Array.from({ length: 16 }, () => post('/api/auth/refreshtoken', { refreshToken: s.refreshToken })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(16).fill(200));
    expect(new Set(results.map((r) => r.json().refreshToken)).size).toBe(1);
    const live = await t.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', s.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
    expect((await post('/api/auth/refreshtoken', { refreshToken: results[0]!.json().refreshToken })).statusCode).toBe(200);
  });

  it('within the reuse interval, revokes all the same once the successor has been used (the chain moved on)', async () => {
    const s = await newSession();
    const second = (await post('/api/auth/refreshtoken', { refreshToken: s.refreshToken })).json();
    const third = (await post('/api/auth/refreshtoken', { refreshToken: second.refreshToken })).json();
    expect((await post('/api/auth/refreshtoken', { refreshToken: s.refreshToken })).statusCode).toBe(401);
    expect((await post('/api/auth/refreshtoken', { refreshToken: third.refreshToken })).statusCode).toBe(401);
  });

  it('leaves no live refresh token when a sign-out races a refresh of the same session', async () => {
    for (let round = 0; round < 12; round++) {
      const s = await newSession();
      const [refreshed] = await Promise.all([
        post('/api/auth/refreshtoken', { refreshToken: s.refreshToken }),
        post('/api/auth/signout', { refreshToken: s.refreshToken }),
      ]);
      const live = await t.db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('user_id', '=', s.id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live, `round ${round}`).toEqual([]);
      if (refreshed.statusCode === 200) {
        // The successor handed out before the sign-out won is dead too.
        const again = await post('/api/auth/refreshtoken', { refreshToken: refreshed.json().refreshToken });
        expect(again.statusCode).toBe(401);
      }
    }
  });

  it('refuses an unknown or expired refresh token, saying why: expired, or ended from another device', async () => {
    const unknown = await post('/api/auth/refreshtoken', { refreshToken: 'inconnu' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([401, 'REFRESH_INVALID']);
    const s = await newSession();
    const other = await newSession();
    // Its session ended elsewhere (another device's « Déconnecter », here the same end through sign-out).
    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      payload: { refreshToken: other.refreshToken },
    });
    expect(ended.statusCode).toBe(204);
    const elsewhere = await post('/api/auth/refreshtoken', { refreshToken: other.refreshToken });
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([401, { message: API_MSG.sessionEndedElsewhere, code: 'SESSION_ENDED' }]);
    t.clock.advance((t.config.refreshTokenTtlDays * 24 + 1) * 3_600_000);
    const expired = await post('/api/auth/refreshtoken', { refreshToken: s.refreshToken });
    expect([expired.statusCode, expired.json()]).toEqual([401, { message: API_MSG.sessionExpired, code: 'SESSION_EXPIRED' }]);
  });
});

describe('POST /api/auth/signout', () => {
  it('answers 204 and the refresh token no longer works', async () => {
    const s = await newSession();
    const res = await post('/api/auth/signout', { refreshToken: s.refreshToken });
    expect(res.statusCode).toBe(204);
    expect((await post('/api/auth/refreshtoken', { refreshToken: s.refreshToken })).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  async function requestReset(email: string) {
    const before = (await t.outbox()).length;
    const res = await post('/api/auth/forgotpassword', { email });
    expect(res.statusCode).toBe(200);
    const mails = await t.outbox();
    expect(mails.length).toBe(before + 1);
    return resetTokenFromMail(mails[mails.length - 1]);
  }

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const { body } = await signup();
    const before = (await t.outbox()).length;
    const known = await post('/api/auth/forgotpassword', { email: body.email });
    const unknown = await post('/api/auth/forgotpassword', { email: 'inconnu@exemple.fr' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: MSG.forgotSent });
    const mails = await t.outbox();
    expect(mails.length).toBe(before + 1);
    const mail = mails[mails.length - 1];
    expect(mail).toContain(`To: ${body.email}`);
    expect(mail).toContain('Subject: =?UTF-8?');
    expect(resetTokenFromMail(mail).length).toBeGreaterThanOrEqual(40);
  });

  it('stores the reset token hashed', async () => {
    const { body } = await signup();
    const token = await requestReset(body.email);
    const rows = await t.db.selectFrom('password_reset_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('resets the password once, revokes refresh tokens, and the new password signs in', async () => {
    const { body } = await signup();
    const session = (await signin(body.email)).json();
    const token = await requestReset(body.email);
    const res = await post('/api/auth/resetpassword', { token, newPassword: 'Nouveau2@pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.resetDone });
    expect((await post('/api/auth/refreshtoken', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    expect((await signin(body.email)).statusCode).toBe(401);
    expect((await signin(body.email, 'Nouveau2@pass')).statusCode).toBe(200);
    const again = await post('/api/auth/resetpassword', { token, newPassword: 'Encore3@pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.resetTokenInvalid);
  });

  it('tells whether a reset link can still be used before anything is typed: valid, spent, expired, unknown', async () => {
    const { body } = await signup();
    const token = await requestReset(body.email);
    const check = (value: string) => post('/api/auth/resetpassword/check', { token: value });
    expect((await check(token)).statusCode).toBe(204);
    // Checking spends nothing.
    expect((await check(token)).statusCode).toBe(204);
    const refused = await check('inconnu');
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([400, 'RESET_TOKEN_INVALID', MSG.resetTokenInvalid]);
    expect((await check('x'.repeat(300))).statusCode).toBe(400);
    expect((await post('/api/auth/resetpassword', { token, newPassword: 'Nouveau2@pass' })).statusCode).toBe(200);
    expect((await check(token)).json().code).toBe('RESET_TOKEN_INVALID');
    const later = await requestReset(body.email);
    t.clock.advance(60 * 60_000 + 1);
    expect((await check(later)).json().code).toBe('RESET_TOKEN_INVALID');
  });

  it('refuses a token after one hour (clock moved, not slept)', async () => {
    const { body } = await signup();
    const token = await requestReset(body.email);
    t.clock.advance(60 * 60_000 + 1);
    const res = await post('/api/auth/resetpassword', { token, newPassword: 'Nouveau2@pass' });
    expect(res.statusCode).toBe(400);
    expect((await signin(body.email)).statusCode).toBe(200);
  });

  it('refuses a weak new password without spending the token', async () => {
    const { body } = await signup();
    const token = await requestReset(body.email);
    const weak = await post('/api/auth/resetpassword', { token, newPassword: 'faible' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain(MSG.passwordMustContain);
    expect((await post('/api/auth/resetpassword', { token, newPassword: 'Solide4$pass' })).statusCode).toBe(200);
  });

  it('lets exactly one of 16 concurrent uses of one reset token succeed', async () => {
    const { body } = await signup();
    const token = await requestReset(body.email);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => post('/api/auth/resetpassword', { token, newPassword: `Concurrent${i}!a` })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(15);
  });

  it('a newer link replaces an older unused one', async () => {
    const { body } = await signup();
    const first = await requestReset(body.email);
    ip = '10.60.0.1';
    const second = await requestReset(body.email);
    expect((await post('/api/auth/resetpassword', { token: first, newPassword: 'Premier1!x' })).statusCode).toBe(400);
    expect((await post('/api/auth/resetpassword', { token: second, newPassword: 'Second2!x' })).statusCode).toBe(200);
  });

  it('limits the reset links tried from one address, the page’s check and the new password alike, with a French 429', async () => {
    const { body } = await signup();
    const token = await requestReset(body.email);
    ip = '10.71.0.1';
    for (let i = 0; i < t.config.rateLimits.resetPerIp; i++)
      expect((await post('/api/auth/resetpassword/check', { token: `devine-${i}` })).statusCode).toBe(400);
    const blocked = await post('/api/auth/resetpassword/check', { token });
    expect([blocked.statusCode, blocked.json().message]).toEqual([429, API_MSG.tooManyResetTries]);
    expect((await post('/api/auth/resetpassword', { token, newPassword: 'Nouveau2@pass' })).statusCode).toBe(429);
    // Another address is not held back, and the link was not spent by the refusals.
    ip = '10.71.0.2';
    expect((await post('/api/auth/resetpassword', { token, newPassword: 'Nouveau2@pass' })).statusCode).toBe(200);
  });

  it('rate limits forgot-password with a French 429 saying when to come back, known or unknown address alike', async () => {
    for (let i = 0; i < t.config.rateLimits.forgotPerAccount; i++) {
      ip = `10.70.0.${i + 1}`;
      expect((await post('/api/auth/forgotpassword', { email: 'cible@exemple.fr' })).statusCode).toBe(200);
    }
    ip = '10.70.1.1';
    const blocked = await post('/api/auth/forgotpassword', { email: 'cible@exemple.fr' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(API_MSG.tooManyForgot);
    // Retry-After: the seconds left in the hour's window, rounded up; the same from memory, and open once over.
    const now = t.clock.now().getTime();
    const hour = 3_600_000;
    const seconds = Math.ceil((now - (now % hour) + hour - now) / 1000);
    expect(blocked.headers['retry-after']).toBe(String(seconds));
    t.clock.advance(500);
    expect((await post('/api/auth/forgotpassword', { email: 'cible@exemple.fr' })).headers['retry-after']).toBe(
      String(Math.ceil(seconds - 0.5)),
    );
    t.clock.advance(seconds * 1000 - 500);
    expect((await post('/api/auth/forgotpassword', { email: 'cible@exemple.fr' })).statusCode).toBe(200);
  });

  it('answers forgot-password without waiting for a blocked SMTP server, the same for a known and an unknown address; the queue sends once it answers', async () => {
    const received: string[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let failFirst = true;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          // Holds every mail until the test releases it; the first one is then refused (a 451).
          void released.then(() => {
            if (failFirst) {
              failFirst = false;
              return callback(Object.assign(new Error('Réessayez plus tard'), { responseCode: 451 }));
            }
            received.push(data);
            callback();
          });
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const port = (server.server.address() as { port: number }).port;
    const smtp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const reg = await smtp.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { firstname: 'Louise', lastname: 'Bernard', email: 'louise@exemple.fr', password: PASSWORD },
      });
      expect(reg.statusCode).toBe(201);
      // The SMTP server answers nothing yet: both requests still come back, with the same answer.
      const known = await smtp.app.inject({ method: 'POST', url: '/api/auth/forgotpassword', payload: { email: 'louise@exemple.fr' } });
      const unknown = await smtp.app.inject({ method: 'POST', url: '/api/auth/forgotpassword', payload: { email: 'personne@exemple.fr' } });
      expect(known.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      expect(received).toHaveLength(0);

      release();
      await smtp.outbox();
      // Refused once: kept with its error and retried after its backoff, not before.
      const queued = await smtp.db.selectFrom('mail_queue').selectAll().executeTakeFirstOrThrow();
      expect(queued).toMatchObject({ to_address: 'louise@exemple.fr', attempts: 1, sent_at: null });
      expect(queued.last_error).toContain('Réessayez plus tard');
      expect(received).toHaveLength(0);
      smtp.clock.advance(mailBackoffMs(1) + 1);
      await smtp.outbox();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('louise@exemple.fr');
      expect(resetTokenFromMail(received[0]!).length).toBeGreaterThanOrEqual(40);
      const sent = await smtp.db.selectFrom('mail_queue').select(['attempts', 'sent_at']).executeTakeFirstOrThrow();
      expect(sent.attempts).toBe(2);
      expect(sent.sent_at).not.toBeNull();
    } finally {
      await smtp.app.close();
      server.close();
      t = await createTestApp();
    }
  });
});

/** A mail of the outbox as text (quoted-printable undone). */
const mailText = (mail: string) =>
  Buffer.from(
    mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe('changing the e-mail or the password (re-authentication)', () => {
  const put = (s: { id: number; accessToken: string }, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/auth/user/${s.id}`,
      headers: { authorization: `Bearer ${s.accessToken}` },
      payload,
      remoteAddress: ip,
    });

  it('refuses a new e-mail or password with only the bearer token, and changes nothing', async () => {
    const s = await newSession();
    const noPassword = await put(s, { firstname: 'Camille', lastname: 'Durand', email: 'voleur@exemple.fr' });
    expect(noPassword.statusCode).toBe(403);
    expect(noPassword.json()).toMatchObject({ code: 'CURRENT_PASSWORD_REQUIRED', message: MSG.currentPasswordRequired });
    const wrong = await put(s, {
      firstname: 'Camille',
      lastname: 'Durand',
      email: s.email,
      password: 'Voleur9!mdp',
      currentPassword: 'Devine1!mdp',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG', message: MSG.currentPasswordWrong });
    expect((await signin(s.email)).statusCode).toBe(200);
    expect((await signin('voleur@exemple.fr')).statusCode).toBe(401);
    expect((await signin(s.email, 'Voleur9!mdp')).statusCode).toBe(401);
    // Other fields need no password.
    expect((await put(s, { firstname: 'Camila', lastname: 'Durand', email: s.email.toUpperCase() })).statusCode).toBe(200);
  });

  it('stops guessing the current password through the profile after the sign-in limit', async () => {
    const s = await newSession();
    const tries = [];
    for (let i = 0; i < t.config.rateLimits.signinPerAccount + 1; i++)
      tries.push(
        (
          await put(s, {
            firstname: 'Camille',
            lastname: 'Durand',
            email: s.email,
            password: 'Voleur9!mdp',
            currentPassword: `Devine${i}!mdp`,
          })
        ).statusCode,
      );
    expect(tries.slice(0, -1).every((code) => code === 403)).toBe(true);
    expect(tries.at(-1)).toBe(429);
  });

  it('mails the old address « ce n’était pas vous ? » when the e-mail or the password changes', async () => {
    const s = await newSession();
    const before = (await t.outbox()).length;
    expect(
      (await put(s, { firstname: 'Camille', lastname: 'Durand', email: 'ailleurs@exemple.fr', currentPassword: PASSWORD })).statusCode,
    ).toBe(200);
    const mails = (await t.outbox()).slice(before);
    // The confirmation link to the new address, and the warning to the old one.
    expect(mails).toHaveLength(2);
    const warning = mails.find((m) => m.includes(`To: ${s.email}`))!;
    const text = mailText(warning);
    expect(text).toContain('ailleurs@exemple.fr');
    expect(text).toContain('Ce n’était pas vous ?');
    expect(mails.some((m) => m.includes('To: ailleurs@exemple.fr'))).toBe(true);
  });

  it('spends every reset link sent before a password change made in the profile', async () => {
    const s = await newSession();
    await post('/api/auth/forgotpassword', { email: s.email });
    const token = resetTokenFromMail((await t.outbox()).at(-1)!);
    expect(
      (await put(s, { firstname: 'Camille', lastname: 'Durand', email: s.email, password: 'Change5!moi', currentPassword: PASSWORD }))
        .statusCode,
    ).toBe(200);
    const reset = await post('/api/auth/resetpassword', { token, newPassword: 'Pirate7!mdp' });
    expect(reset.statusCode).toBe(400);
    expect((await signin(s.email, 'Change5!moi')).statusCode).toBe(200);
  });
});

describe('sessions: an absolute lifetime and « Mes appareils connectés »', () => {
  const DAY = 24 * 3_600_000;
  const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
  const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

  it('ends a session 90 days after its sign-in however often it refreshes', async () => {
    const own = await createTestApp();
    try {
      await own.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { firstname: 'Camille', lastname: 'Durand', email: 'longue@exemple.fr', password: PASSWORD },
      });
      let refreshToken = (
        await own.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'longue@exemple.fr', password: PASSWORD } })
      ).json().refreshToken;
      const refresh = () => own.app.inject({ method: 'POST', url: '/api/auth/refreshtoken', payload: { refreshToken } });
      for (let day = 0; day < 87; day += 29) {
        own.clock.advance(29 * DAY);
        const res = await refresh();
        expect(res.statusCode, `day ${day + 29}`).toBe(200);
        refreshToken = res.json().refreshToken;
      }
      const row = await own.db
        .selectFrom('refresh_tokens')
        .select('expires_at')
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      expect(row.expires_at.getTime()).toBe(new Date('2026-11-21T09:00:00Z').getTime() + 90 * DAY);
      own.clock.advance(4 * DAY);
      expect((await refresh()).statusCode).toBe(401);
    } finally {
      await own.app.close();
    }
  });

  it('lists the own devices with their browser and system, ends one, then all the others', async () => {
    const { body } = await signup();
    const open = async (ua: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { username: body.email, password: PASSWORD },
          headers: { 'user-agent': ua },
          remoteAddress: ip,
        })
      ).json();
    const phone = await open(ANDROID);
    const laptop = await open(MAC);
    const tablet = await open(ANDROID);
    const as = (s: { accessToken: string }) => ({ authorization: `Bearer ${s.accessToken}` });
    const list = await t.app.inject({ url: '/api/auth/sessions', headers: as(phone) });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const sessions = list.json() as { id: string; appareil: string; actuelle: boolean }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.actuelle)).toHaveLength(1);
    expect(sessions.map((s) => s.appareil).sort()).toEqual(['Chrome sur Android', 'Chrome sur Android', 'Safari sur macOS']);
    const laptopId = sessions.find((s) => s.appareil === 'Safari sur macOS')!.id;

    // Someone else's session, or one that does not exist: 404, nothing ended.
    const stranger = await newSession();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${laptopId}`, headers: as(stranger) })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions/00000000-0000-4000-8000-000000000000', headers: as(phone) }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions/pas-un-id', headers: as(phone) })).statusCode).toBe(400);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${laptopId}`, headers: as(phone) })).statusCode).toBe(204);
    expect((await post('/api/auth/refreshtoken', { refreshToken: laptop.refreshToken })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/sessions', headers: as(laptop) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${laptopId}`, headers: as(phone) })).statusCode).toBe(404);

    const others = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: as(phone) });
    expect(others.json()).toEqual({ revoked: 1 });
    expect((await post('/api/auth/refreshtoken', { refreshToken: tablet.refreshToken })).statusCode).toBe(401);
    const left = (await t.app.inject({ url: '/api/auth/sessions', headers: as(phone) })).json();
    expect(left).toHaveLength(1);
    expect(left[0].actuelle).toBe(true);
    expect((await post('/api/auth/refreshtoken', { refreshToken: phone.refreshToken })).statusCode).toBe(200);
  });
});

describe('purging what can no longer be used', () => {
  it('drops ended refresh tokens and their sessions, old failures and reset links, and keeps live ones', async () => {
    const own = await createTestApp();
    try {
      const repo = new AuthRepository(own.db);
      const open = async (email: string) => {
        await own.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { firstname: 'Camille', lastname: 'Durand', email, password: PASSWORD },
        });
        return (await own.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: email, password: PASSWORD } })).json();
      };
      const gone = await open('partie@exemple.fr');
      await own.app.inject({ method: 'POST', url: '/api/auth/signout', payload: { refreshToken: gone.refreshToken } });
      await own.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'partie@exemple.fr', password: 'Mauvais1!' } });
      await own.app.inject({ method: 'POST', url: '/api/auth/forgotpassword', payload: { email: 'partie@exemple.fr' } });
      own.clock.advance(2 * 24 * 3_600_000);
      const live = await open('reste@exemple.fr');
      const removed = await repo.purgeExpired(own.clock.now());
      expect(removed).toMatchObject({ refresh_tokens: 1, sessions: 1, signin_failures: 1, password_reset_tokens: 1, known_devices: 0 });
      expect(
        (await own.app.inject({ method: 'POST', url: '/api/auth/refreshtoken', payload: { refreshToken: live.refreshToken } })).statusCode,
      ).toBe(200);
      expect(
        (await own.app.inject({ url: '/api/auth/sessions', headers: { authorization: `Bearer ${live.accessToken}` } })).json(),
      ).toHaveLength(1);
    } finally {
      await own.app.close();
    }
  });
});

describe('hardened answers', () => {
  it('refuses the most common passwords, also merely capitalised or with digits or symbols at the end, and changes nothing', async () => {
    expect(await commonPasswordCount()).toBe(10_000);
    userSeq += 1;
    const email = `commun${userSeq}@exemple.fr`;
    for (const password of ['P@ssw0rd', 'Password1!', 'Azerty123!']) {
      const res = await post('/api/auth/signup', { firstname: 'Camille', lastname: 'Durand', email, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'PASSWORD_TOO_COMMON',
        message: API_MSG.passwordTooCommon,
        errors: [{ path: 'body.password', message: API_MSG.passwordTooCommon }],
      });
    }
    expect((await signin(email, 'P@ssw0rd')).statusCode).toBe(401);

    const s = await newSession();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/user/${s.id}`,
      headers: { authorization: `Bearer ${s.accessToken}` },
      payload: { firstname: 'Camille', lastname: 'Durand', email: s.email, password: 'Password1!', currentPassword: PASSWORD },
    });
    expect(put.statusCode).toBe(400);
    expect((await signin(s.email)).statusCode).toBe(200);

    await post('/api/auth/forgotpassword', { email: s.email });
    const token = resetTokenFromMail((await t.outbox()).at(-1)!);
    expect((await post('/api/auth/resetpassword', { token, newPassword: 'Azerty123!' })).statusCode).toBe(400);
    // The link was not spent by the refusal.
    expect((await post('/api/auth/resetpassword', { token, newPassword: 'Ressort7!vert' })).statusCode).toBe(200);
  });

  it('refuses a username shaped like another address (squatting), accepts one equal to the own address', async () => {
    userSeq += 1;
    const squat = await post('/api/auth/signup', {
      username: 'victime@exemple.fr',
      firstname: 'Pirate',
      lastname: 'Pirate',
      email: `squat${userSeq}@exemple.fr`,
      password: PASSWORD,
    });
    expect(squat.statusCode).toBe(400);
    expect(squat.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'body.username', message: MSG.usernameLooksLikeEmail })]),
    );
    expect(
      (await post('/api/auth/signup', { firstname: 'Victime', lastname: 'Durand', email: 'victime@exemple.fr', password: PASSWORD }))
        .statusCode,
    ).toBe(201);
    const own = await signup({ username: `Moi${userSeq}@Exemple.fr`, email: `moi${userSeq}@exemple.fr` });
    expect(own.res.statusCode).toBe(201);
  });

  it('limits the probing of taken addresses through the profile like sign-up', async () => {
    const limited = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: '3' });
    try {
      const signed = async (email: string) => {
        await limited.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { firstname: 'Camille', lastname: 'Durand', email, password: PASSWORD },
        });
        return (
          await limited.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: email, password: PASSWORD } })
        ).json();
      };
      const me = await signed('sonde@exemple.fr');
      const codes = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'PUT',
          url: `/api/auth/user/${me.id}`,
          headers: { authorization: `Bearer ${me.accessToken}` },
          payload: { firstname: 'Camille', lastname: 'Durand', email: `cible${i}@exemple.fr`, currentPassword: PASSWORD },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
      expect(codes[3]).toBe(429);
    } finally {
      await limited.app.close();
    }
  });

  it('never lets a cache keep tokens: no-store on sign-in and refresh', async () => {
    const s = await newSession();
    const res = await signin(s.email);
    expect(res.headers['cache-control']).toBe('no-store');
    const refreshed = await post('/api/auth/refreshtoken', { refreshToken: res.json().refreshToken });
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });

  it('turns a lone surrogate in a login into a refused sign-in, not a server error', async () => {
    const res = await post('/api/auth/signin', { username: 'pirate\ud800@exemple.fr', password: 'Secret1!ok' });
    expect(res.statusCode).toBe(401);
    const rows = await t.db.selectFrom('audit_log').select('details').where('action', '=', 'signin_failed').execute();
    expect(rows.some((r) => JSON.stringify(r.details).includes('pirate\uFFFD'))).toBe(true);
  });
});

describe('PUT /api/auth/user/{id}', () => {
  it('updates the own profile and returns the user fields', async () => {
    const s = await newSession();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/user/${s.id}`,
      headers: { authorization: `Bearer ${s.accessToken}` },
      payload: {
        firstname: 'Camilla',
        lastname: 'Durand',
        email: 'nouvelle@exemple.fr',
        adresse: '3 place Bellecour',
        telephone: '0700000000',
        currentPassword: PASSWORD,
      },
    });
    expect(res.statusCode).toBe(200);
    // The new address waits for its link: the rest changes at once.
    expect(res.json()).toMatchObject({
      id: s.id,
      firstname: 'Camilla',
      email: s.email,
      emailPending: 'nouvelle@exemple.fr',
      adresse: '3 place Bellecour',
    });
    expect((await signin('nouvelle@exemple.fr')).statusCode).toBe(401);
    expect((await signin(s.email)).statusCode).toBe(200);
  });

  it('changes the password when one is given', async () => {
    const s = await newSession();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/user/${s.id}`,
      headers: { authorization: `Bearer ${s.accessToken}` },
      payload: { firstname: 'Camille', lastname: 'Durand', email: s.email, password: 'Change5!moi', currentPassword: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await signin(s.email, 'Change5!moi')).statusCode).toBe(200);
  });

  it("refuses another user's id with 403 and changes nothing", async () => {
    const a = await newSession();
    const b = await newSession();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/user/${b.id}`,
      headers: { authorization: `Bearer ${a.accessToken}` },
      payload: { firstname: 'Pirate', lastname: 'Pirate', email: 'pirate@exemple.fr' },
    });
    expect(res.statusCode).toBe(403);
    const row = await t.db.selectFrom('users').select(['firstname', 'email']).where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(row.firstname).toBe('Camille');
    expect(row.email).toBe(b.email);
  });

  it("answers 409 for another account's email and 400 for invalid fields", async () => {
    const a = await newSession();
    const b = await newSession();
    const headers = { authorization: `Bearer ${a.accessToken}` };
    const taken = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/user/${a.id}`,
      headers,
      payload: { firstname: 'Camille', lastname: 'Durand', email: b.email, currentPassword: PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/user/${a.id}`,
      headers,
      payload: { firstname: 'Jo', lastname: 'Durand', email: a.email },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.firstnameLength);
    const noAuth = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/user/${a.id}`,
      payload: { firstname: 'Camille', lastname: 'Durand', email: a.email },
    });
    expect(noAuth.statusCode).toBe(401);
  });
});

describe('errors and operations', () => {
  it('answers health and the OpenAPI document', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', db: 'ok', disk: 'ok' });
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/signin', '/api/auth/user/{userId}', '/api/V1/board/user']),
    );
  });

  it('never answers 500 or a stack trace for bad input', async () => {
    const cases = [
      t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: '{oops', headers: { 'content-type': 'application/json' } }),
      t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: 'x', headers: { 'content-type': 'text/plain' } }),
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: JSON.stringify([1, 2]),
        headers: { 'content-type': 'application/json' },
      }),
      t.app.inject({ method: 'PUT', url: '/api/auth/user/abc', payload: {} }),
      t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { firstname: 'x'.repeat(10_000) } }),
      t.app.inject({ url: '/api/nothing-here' }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('hides the details of a server failure', async () => {
    const app = await buildApp({ config: t.config, db: t.db, logger: false });
    app.get('/api/boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret internal detail');
    });
    const res = await app.inject({ url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: MSG.serverError, code: 'INTERNAL' });
    await app.close();
  });
});

describe('rate-limit windows', () => {
  it('are purged once they are a day old', async () => {
    await signin('purge@exemple.fr', 'x');
    expect((await t.db.selectFrom('rate_limits').select('key').execute()).length).toBeGreaterThan(0);
    t.clock.advance(25 * 3_600_000);
    await t.app.deps.limiter.purge();
    expect(await t.db.selectFrom('rate_limits').select('key').execute()).toEqual([]);
  });
});
