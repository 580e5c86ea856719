import { once } from 'node:events';
import { parseOptions } from '@node-rs/argon2';
import { MSG, ROLES } from '@ecofoyer/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
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
    expect(res.json()).toEqual({ message: MSG.signupDone });
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
    const sameUsername = await post('/api/auth/signup', { ...body, email: 'different@exemple.fr' });
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
    expect(unknown.json().message).toBe(MSG.badCredentials);
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
      expect(blocked.json()).toMatchObject({ message: MSG.tooManySignin, code: 'RATE_LIMITED' });
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
        flood.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: `flood${i % 7}@exemple.fr`, password: 'Mauvais1!mdp' }, remoteAddress: from });
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
      const counter = await flood.db.selectFrom('rate_limits').select('count').where('key', '=', `signin:ip:${from}`).executeTakeFirstOrThrow();
      expect(counter.count).toBe(30);
      const failed = await flood.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).where('action', '=', 'signin_failed').where('ip', '=', from).executeTakeFirstOrThrow();
      expect(Number(failed.n)).toBe(30);
      // Refused before the body is read: not even a malformed one gets as far as a 400.
      const unread = await flood.app.inject({ method: 'POST', url: '/api/auth/signin', payload: '{pas du json', headers: { 'content-type': 'application/json' }, remoteAddress: from });
      expect(unread.statusCode).toBe(429);
      expect(unread.json().message).toBe(MSG.tooManySignin);
    } finally {
      await flood.app.close();
    }
  });

  it('a new password from the profile ends the other sessions, not this one', async () => {
    const email = 'sessions@exemple.fr';
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { firstname: 'Camille', lastname: 'Durand', email, password: 'Secret1!ok' } });
    const open = async () => (await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: email, password: 'Secret1!ok' } })).json();
    const here = await open();
    const elsewhere = await open();
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/user/${here.id}`,
      headers: { authorization: `Bearer ${here.accessToken}` },
      payload: { firstname: 'Camille', lastname: 'Durand', email, password: 'Nouveau1!mdp' },
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
      expect(blocked.json().message).toBe(MSG.tooManySignup);
      expect((await signupFrom(4, '10.7.7.8')).statusCode).toBe(201);
      const users = await limited.db.selectFrom('users').select('email').execute();
      expect(users.map((u) => u.email)).not.toContain('limite3@exemple.fr');

      const signin = (await limited.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'limite1@exemple.fr', password: 'Secret1!ok' } })).json();
      const upload = async () => {
        const body = await multipart({ file: { filename: 'x.png', data: PNG } });
        return limited.app.inject({ method: 'POST', url: '/api/V1/files/public', headers: { authorization: `Bearer ${signin.accessToken}`, ...body.headers }, payload: body.payload });
      };
      expect((await upload()).statusCode).toBe(201);
      expect((await upload()).statusCode).toBe(201);
      const refused = await upload();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(MSG.tooManyUploads);
    } finally {
      await limited.app.close();
      t = await createTestApp();
    }
  });

  it('rate limits per account across addresses', async () => {
    const { body } = await signup();
    for (let i = 0; i < t.config.rateLimits.signinPerAccount; i++) {
      ip = `10.50.0.${i + 1}`;
      expect((await signin(body.email, 'Mauvais1!')).statusCode).toBe(401);
    }
    ip = '10.50.1.1';
    const blocked = await signin(body.email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MSG.tooManySignin);
    // The window passes: the account can sign in again.
    t.clock.advance(16 * 60_000);
    expect((await signin(body.email)).statusCode).toBe(200);
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
    expect(user.json()).toEqual({ message: MSG.boardUser });
    expect((await t.app.inject({ url: '/api/V1/board/freemium', headers: auth })).json()).toEqual({ message: MSG.boardFreemium });
    const assure = await t.app.inject({ url: '/api/V1/board/assure', headers: auth });
    expect(assure.statusCode).toBe(403);
  });

  it('lets an insured user read the assure board', async () => {
    const s = await newSession();
    await t.db.updateTable('users').set({ roles: [ROLES.assure] }).where('id', '=', s.id).execute();
    const { accessToken } = (await signin(s.email)).json();
    const res = await t.app.inject({ url: '/api/V1/board/assure', headers: { authorization: `Bearer ${accessToken}` } });
    expect(res.json()).toEqual({ message: MSG.boardAssure });
  });

  it('answers 401 without a token, with a forged one, and once the token expired', async () => {
    expect((await t.app.inject({ url: '/api/V1/board/user' })).statusCode).toBe(401);
    const s = await newSession();
    const forged = `${s.accessToken.slice(0, -4)}AAAA`;
    expect((await t.app.inject({ url: '/api/V1/board/user', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
    t.clock.advance((t.config.accessTokenTtlSeconds + 1) * 1000);
    const expired = await t.app.inject({ url: '/api/V1/board/user', headers: { authorization: `Bearer ${s.accessToken}` } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'TOKEN_EXPIRED', message: MSG.sessionExpired });
  });
});

describe('POST /api/auth/refreshtoken', () => {
  it('rotates: the new pair works and the old refresh token is spent', async () => {
    const s = await newSession();
    const res = await post('/api/auth/refreshtoken', { refreshToken: s.refreshToken });
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(pair.refreshToken).not.toBe(s.refreshToken);
    expect((await t.app.inject({ url: '/api/V1/board/user', headers: { authorization: `Bearer ${pair.accessToken}` } })).statusCode).toBe(200);
    expect((await post('/api/auth/refreshtoken', { refreshToken: pair.refreshToken })).statusCode).toBe(200);
  });

  it('revokes the whole family when a spent token is presented again', async () => {
    const s = await newSession();
    const next = (await post('/api/auth/refreshtoken', { refreshToken: s.refreshToken })).json();
    const reuse = await post('/api/auth/refreshtoken', { refreshToken: s.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe(MSG.refreshInvalid);
    // The token legitimately obtained from the rotation is dead too.
    expect((await post('/api/auth/refreshtoken', { refreshToken: next.refreshToken })).statusCode).toBe(401);
  });

  it('lets exactly one of 16 concurrent uses of one refresh token succeed', async () => {
    const s = await newSession();
    const results = await Promise.all(
      Array.from({ length: 16 }, () => post('/api/auth/refreshtoken', { refreshToken: s.refreshToken })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(15);
  });

  it('leaves no live refresh token when a sign-out races a refresh of the same session', async () => {
    for (let round = 0; round < 12; round++) {
      const s = await newSession();
      const [refreshed] = await Promise.all([
        post('/api/auth/refreshtoken', { refreshToken: s.refreshToken }),
        post('/api/auth/signout', { refreshToken: s.refreshToken }),
      ]);
      const live = await t.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', s.id).where('revoked_at', 'is', null).execute();
      expect(live, `round ${round}`).toEqual([]);
      if (refreshed.statusCode === 200) {
        // The successor handed out before the sign-out won is dead too.
        const again = await post('/api/auth/refreshtoken', { refreshToken: refreshed.json().refreshToken });
        expect(again.statusCode).toBe(401);
      }
    }
  });

  it('refuses an unknown or expired refresh token', async () => {
    expect((await post('/api/auth/refreshtoken', { refreshToken: 'inconnu' })).statusCode).toBe(401);
    const s = await newSession();
    t.clock.advance((t.config.refreshTokenTtlDays * 24 + 1) * 3_600_000);
    expect((await post('/api/auth/refreshtoken', { refreshToken: s.refreshToken })).statusCode).toBe(401);
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
    const before = t.outbox().length;
    const res = await post('/api/auth/forgotpassword', { email });
    expect(res.statusCode).toBe(200);
    const mails = t.outbox();
    expect(mails.length).toBe(before + 1);
    return resetTokenFromMail(mails[mails.length - 1]);
  }

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const { body } = await signup();
    const before = t.outbox().length;
    const known = await post('/api/auth/forgotpassword', { email: body.email });
    const unknown = await post('/api/auth/forgotpassword', { email: 'inconnu@exemple.fr' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: MSG.forgotSent });
    const mails = t.outbox();
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

  it('rate limits forgot-password with a French 429, known or unknown address alike', async () => {
    for (let i = 0; i < t.config.rateLimits.forgotPerAccount; i++) {
      ip = `10.70.0.${i + 1}`;
      expect((await post('/api/auth/forgotpassword', { email: 'cible@exemple.fr' })).statusCode).toBe(200);
    }
    ip = '10.70.1.1';
    const blocked = await post('/api/auth/forgotpassword', { email: 'cible@exemple.fr' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MSG.tooManyForgot);
  });

  it('sends the mail through SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
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
      const res = await smtp.app.inject({ method: 'POST', url: '/api/auth/forgotpassword', payload: { email: 'louise@exemple.fr' } });
      expect(res.statusCode).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('louise@exemple.fr');
      expect(resetTokenFromMail(received[0]).length).toBeGreaterThanOrEqual(40);
      expect(smtp.outbox()).toHaveLength(0);
    } finally {
      await smtp.app.close();
      server.close();
      t = await createTestApp();
    }
  });
});

describe('PUT /api/auth/user/{id}', () => {
  it('updates the own profile and returns the user fields', async () => {
    const s = await newSession();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/user/${s.id}`,
      headers: { authorization: `Bearer ${s.accessToken}` },
      payload: { firstname: 'Camilla', lastname: 'Durand', email: 'nouvelle@exemple.fr', adresse: '3 place Bellecour', telephone: '0700000000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: s.id, firstname: 'Camilla', email: 'nouvelle@exemple.fr', adresse: '3 place Bellecour' });
    expect((await signin('nouvelle@exemple.fr')).statusCode).toBe(200);
  });

  it('changes the password when one is given', async () => {
    const s = await newSession();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/user/${s.id}`,
      headers: { authorization: `Bearer ${s.accessToken}` },
      payload: { firstname: 'Camille', lastname: 'Durand', email: s.email, password: 'Change5!moi' },
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
    const taken = await t.app.inject({ method: 'PUT', url: `/api/auth/user/${a.id}`, headers, payload: { firstname: 'Camille', lastname: 'Durand', email: b.email } });
    expect(taken.statusCode).toBe(409);
    const bad = await t.app.inject({ method: 'PUT', url: `/api/auth/user/${a.id}`, headers, payload: { firstname: 'Jo', lastname: 'Durand', email: a.email } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.firstnameLength);
    const noAuth = await t.app.inject({ method: 'PUT', url: `/api/auth/user/${a.id}`, payload: { firstname: 'Camille', lastname: 'Durand', email: a.email } });
    expect(noAuth.statusCode).toBe(401);
  });
});

describe('errors and operations', () => {
  it('answers health and the OpenAPI document', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', db: 'ok' });
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(expect.arrayContaining(['/api/auth/signin', '/api/auth/user/{id}', '/api/V1/board/user']));
  });

  it('never answers 500 or a stack trace for bad input', async () => {
    const cases = [
      t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: '{oops', headers: { 'content-type': 'application/json' } }),
      t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: 'x', headers: { 'content-type': 'text/plain' } }),
      t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: JSON.stringify([1, 2]), headers: { 'content-type': 'application/json' } }),
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
    app.get('/api/boom', async () => {
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
