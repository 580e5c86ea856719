import { randomUUID } from 'node:crypto';
import { API_MSG, MSG } from '@ecofoyer/contracts';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, resetTokenFromMail, type TestApp } from '../../test/test-app.ts';
import { PASSWORD, type Session, signUpAndIn } from '../../test/security/seed.ts';

/**
 * Access and refresh tokens under attack. auth.test.ts already covers: no token, a
 * token with a changed signature, expiry after the TTL, rotation, reuse of a spent refresh token
 * once, concurrent reuse, sign-out of one session and a reset with one session open. Here: the
 * forgeries, the malformed headers, and revocation across several sessions, of the refresh
 * tokens and of the access tokens already issued.
 */

let t: TestApp;
let seq = 0;
let ip = '';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});
beforeEach(() => {
  seq += 1;
  ip = `10.8.${Math.floor(seq / 250)}.${seq % 250}`; // each test its own address for the rate limits
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(t.clock.now().getTime() / 1000);
/** The session (refresh-token family) a genuine access token was issued for. */
const sidOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid as string;

async function newUser(): Promise<Session> {
  return signUpAndIn(t, {
    email: `jeton${seq}-${Math.random().toString(36).slice(2, 8)}@exemple.fr`,
    firstname: 'Camille',
    lastname: 'Durand',
  });
}

/** An owner-scoped route: what a forged token would be used for. */
function callAs(user: Session, authorization: string | undefined) {
  return t.app.inject({
    url: `/api/V1/profils/users/${user.id}/appliances`,
    headers: authorization === undefined ? {} : { authorization },
  });
}

function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}
const refresh = (refreshToken: string) => post('/api/auth/refreshtoken', { refreshToken });

function expectRefused(res: { statusCode: number; json(): unknown }, code = 'TOKEN_INVALID') {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ message: code === 'TOKEN_INVALID' ? MSG.unauthorized : API_MSG.sessionExpired, code });
}

describe('forged access tokens', () => {
  it('refuses an unsigned token (alg none), whatever its claims', async () => {
    const user = await newUser();
    const claims = { sub: String(user.id), roles: ['ROLE_FREEMIUM'], iat: now(), exp: now() + 900 };
    const [, , signature] = user.accessToken.split('.');
    for (const alg of ['none', 'None', 'NONE']) {
      const unsigned = `${b64({ alg, typ: 'JWT' })}.${b64(claims)}`;
      expectRefused(await callAs(user, `Bearer ${unsigned}.`));
      expectRefused(await callAs(user, `Bearer ${unsigned}.${signature}`));
    }
  });

  it('refuses a token signed with another key, or with the right key and another algorithm', async () => {
    const user = await newUser();
    const sign = (key: string, alg: string) =>
      new SignJWT({ roles: ['ROLE_FREEMIUM'], sid: sidOf(user.accessToken) })
        .setProtectedHeader({ alg })
        .setSubject(String(user.id))
        .setIssuedAt(now())
        .setExpirationTime(now() + 900)
        .sign(new TextEncoder().encode(key));
    expectRefused(await callAs(user, `Bearer ${await sign('une-autre-cle-une-autre-cle-une-autre-cle', 'HS256')}`));
    expectRefused(await callAs(user, `Bearer ${await sign(t.config.jwtSecret, 'HS512')}`));
    expectRefused(await callAs(user, `Bearer ${await sign(t.config.jwtSecret, 'HS384')}`));
    // The control: the same claims, key and algorithm as the server's are accepted.
    expect((await callAs(user, `Bearer ${await sign(t.config.jwtSecret, 'HS256')}`)).statusCode).toBe(200);
  });

  it('refuses a genuine token whose claims were edited (another user, more roles)', async () => {
    const victim = await newUser();
    const attacker = await newUser();
    const [header, payload, signature] = attacker.accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expectRefused(await callAs(victim, `Bearer ${header}.${b64({ ...claims, sub: String(victim.id) })}.${signature}`));
    const assure = `Bearer ${header}.${b64({ ...claims, roles: ['ROLE_FREEMIUM', 'ROLE_ASSURE'] })}.${signature}`;
    expectRefused(await t.app.inject({ url: '/api/V1/board/assure', headers: { authorization: assure } }));
    expect((await callAs(victim, attacker.headers.authorization)).statusCode).toBe(403);
  });

  it('refuses a token signed with the right key whose claims are not the server’s', async () => {
    const user = await newUser();
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const base = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(now())
        .setExpirationTime(now() + 900);
    expectRefused(await callAs(user, `Bearer ${await base({ roles: [] }).sign(key)}`)); // no subject
    expectRefused(await callAs(user, `Bearer ${await base({ roles: [] }).setSubject('abc').sign(key)}`));
    expectRefused(await callAs(user, `Bearer ${await base({}).setSubject(String(user.id)).sign(key)}`)); // no roles
    expectRefused(
      await callAs(
        user,
        `Bearer ${await base({ roles: [] })
          .setSubject(String(user.id))
          .setNotBefore(now() + 600)
          .sign(key)}`,
      ),
    ); // not yet valid
    const expired = await new SignJWT({ roles: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(now() - 1000)
      .setExpirationTime(now() - 100)
      .sign(key);
    expectRefused(await callAs(user, `Bearer ${expired}`), 'TOKEN_EXPIRED');
  });

  it('accepts a token until the last second of its life, then answers 401 TOKEN_EXPIRED (clock moved)', async () => {
    const user = await newUser();
    const ttl = t.config.accessTokenTtlSeconds;
    t.clock.advance((ttl - 1) * 1000);
    expect((await callAs(user, user.headers.authorization)).statusCode).toBe(200);
    t.clock.advance(2000);
    expectRefused(await callAs(user, user.headers.authorization), 'TOKEN_EXPIRED');
  });
});

describe('malformed authorization headers', () => {
  it('answer 401 with the French message, never 400 or 500', async () => {
    const user = await newUser();
    const token = user.accessToken;
    const [header, payload] = token.split('.') as [string, string, string];
    const headers = [
      '',
      'Bearer',
      'Bearer ',
      'Bearer    ',
      'Bearer garbage',
      'Bearer ...',
      'Bearer a.b',
      `Bearer ${header}.${payload}`,
      `Bearer ${token}.extra`,
      `Bearer ${token.split('.').join('..')}`,
      `Bearer ${token} ${token}`,
      `Bearer ${'A'.repeat(8000)}`,
      `Bearer ${Buffer.from('{"alg":').toString('base64url')}.e30.`,
      `Bearer ${b64(['HS256'])}.${b64([1])}.AAAA`,
      `Bearer ${user.refreshToken}`,
      `Basic ${Buffer.from(`${user.email}:${PASSWORD}`).toString('base64')}`,
      `Token ${token}`,
      `JWT ${token}`,
      `${token}`,
      `Bearer: ${token}`,
      `Bearer\t${token}x`,
    ];
    for (const authorization of headers) {
      const res = await callAs(user, authorization);
      expect(res.statusCode, authorization.slice(0, 80)).toBe(401);
      expect([MSG.unauthorized, API_MSG.sessionExpired]).toContain(res.json().message);
    }
    // The token is read from the header only.
    expect((await t.app.inject({ url: `/api/V1/profils/users/${user.id}/appliances?access_token=${token}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/V1/profils/users/${user.id}/appliances`, cookies: { accessToken: token } })).statusCode).toBe(
      401,
    );
    // The scheme is case-insensitive (RFC 9110): the genuine token still works.
    expect((await callAs(user, `bearer ${token}`)).statusCode).toBe(200);
  });
});

describe('refresh-token revocation', () => {
  it('a spent token presented again revokes its family down to the latest rotation, not the user’s other sessions', async () => {
    const user = await newUser();
    const laptop = (await post('/api/auth/signin', { username: user.email, password: PASSWORD })).json().refreshToken as string;
    const first = user.refreshToken;
    const second = (await refresh(first)).json().refreshToken as string;
    const third = (await refresh(second)).json().refreshToken as string;
    const latest = (await refresh(third)).json().refreshToken as string;

    const reuse = await refresh(second);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ message: API_MSG.refreshInvalid, code: 'REFRESH_INVALID' });
    expect((await refresh(latest)).statusCode, 'the family’s live token is revoked').toBe(401);
    const fromLaptop = await refresh(laptop);
    expect(fromLaptop.statusCode, 'another session lives on').toBe(200);
    expect((await refresh(fromLaptop.json().refreshToken)).statusCode).toBe(200);
  });

  it('sign-out revokes the session’s whole family (its latest token too), and no other session', async () => {
    const user = await newUser();
    const phone = (await post('/api/auth/signin', { username: user.email, password: PASSWORD })).json().refreshToken as string;
    const rotated = (await refresh(user.refreshToken)).json().refreshToken as string;
    expect((await post('/api/auth/signout', { refreshToken: rotated })).statusCode).toBe(204);
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    expect((await refresh(phone)).statusCode).toBe(200);
    // An unknown or already revoked token signs out the same way: nothing to learn from the answer.
    expect((await post('/api/auth/signout', { refreshToken: 'inconnu' })).statusCode).toBe(204);
    expect((await post('/api/auth/signout', { refreshToken: rotated })).statusCode).toBe(204);
  });

  it('a password reset revokes the refresh tokens of every session of the account, and only of that account', async () => {
    const user = await newUser();
    const neighbour = await newUser();
    const tablet = (await post('/api/auth/signin', { username: user.email, password: PASSWORD })).json().refreshToken as string;
    const phone = (await post('/api/auth/signin', { username: user.email, password: PASSWORD })).json().refreshToken as string;
    const rotatedPhone = (await refresh(phone)).json().refreshToken as string;

    const before = (await t.outbox()).length;
    expect((await post('/api/auth/forgotpassword', { email: user.email })).statusCode).toBe(200);
    const mails = await t.outbox();
    expect(mails.length).toBe(before + 1);
    expect(
      (await post('/api/auth/resetpassword', { token: resetTokenFromMail(mails.at(-1)!), newPassword: 'Nouveau2@pass' })).statusCode,
    ).toBe(200);

    for (const token of [user.refreshToken, tablet, rotatedPhone]) expect((await refresh(token)).statusCode).toBe(401);
    expect((await refresh(neighbour.refreshToken)).statusCode).toBe(200);
  });
});

describe('access tokens of ended sessions', () => {
  /** A second session of the same account (another device). */
  async function signIn(email: string) {
    const body = (await post('/api/auth/signin', { username: email, password: PASSWORD })).json() as {
      accessToken: string;
      refreshToken: string;
    };
    return { ...body, authorization: `Bearer ${body.accessToken}` };
  }
  const expectWorks = async (user: Session, authorization: string) => expect((await callAs(user, authorization)).statusCode).toBe(200);

  it('sign-out refuses the session’s access tokens at once (rotated ones too), not another session’s', async () => {
    const user = await newUser();
    const phone = await signIn(user.email);
    const rotated = (await refresh(user.refreshToken)).json() as { accessToken: string; refreshToken: string };
    // Seen open first: the refusal must not wait for that answer to go stale.
    await expectWorks(user, user.headers.authorization);
    await expectWorks(user, phone.authorization);

    expect((await post('/api/auth/signout', { refreshToken: rotated.refreshToken })).statusCode).toBe(204);
    expectRefused(await callAs(user, user.headers.authorization), 'SESSION_REVOKED');
    expectRefused(await callAs(user, `Bearer ${rotated.accessToken}`), 'SESSION_REVOKED');
    await expectWorks(user, phone.authorization);
  });

  it('a password reset refuses every access token of the account, and only of that account', async () => {
    const user = await newUser();
    const neighbour = await newUser();
    const tablet = await signIn(user.email);
    const phone = await signIn(user.email);
    for (const authorization of [user.headers.authorization, tablet.authorization, phone.authorization])
      await expectWorks(user, authorization);

    expect((await post('/api/auth/forgotpassword', { email: user.email })).statusCode).toBe(200);
    expect(
      (await post('/api/auth/resetpassword', { token: resetTokenFromMail((await t.outbox()).at(-1)!), newPassword: 'Nouveau2@pass' }))
        .statusCode,
    ).toBe(200);

    for (const authorization of [user.headers.authorization, tablet.authorization, phone.authorization]) {
      expectRefused(await callAs(user, authorization), 'SESSION_REVOKED');
    }
    await expectWorks(neighbour, neighbour.headers.authorization);
  });

  it('a new password from the profile refuses the other sessions’ access tokens, not the changing one’s', async () => {
    const user = await newUser();
    const laptop = await signIn(user.email);
    const phone = await signIn(user.email);
    await expectWorks(user, laptop.authorization);
    await expectWorks(user, phone.authorization);

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/user/${user.id}`,
      headers: user.headers,
      payload: { firstname: 'Camille', lastname: 'Durand', email: user.email, password: 'Nouveau1!mdp', currentPassword: PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expectRefused(await callAs(user, laptop.authorization), 'SESSION_REVOKED');
    expectRefused(await callAs(user, phone.authorization), 'SESSION_REVOKED');
    await expectWorks(user, user.headers.authorization);
  });

  it('refresh-token reuse refuses the stolen family’s access tokens, not the other sessions’', async () => {
    const user = await newUser();
    const laptop = await signIn(user.email);
    const next = (await refresh(user.refreshToken)).json() as { accessToken: string; refreshToken: string };
    await expectWorks(user, `Bearer ${next.accessToken}`);

    // Past the reuse interval that lets two tabs share one rotation (auth.test.ts).
    t.clock.advance((t.config.refreshReuseSeconds + 1) * 1000);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    expectRefused(await callAs(user, user.headers.authorization), 'SESSION_REVOKED');
    expectRefused(await callAs(user, `Bearer ${next.accessToken}`), 'SESSION_REVOKED');
    await expectWorks(user, laptop.authorization);
  });

  it('refuses a validly signed token with no session, or a session that never existed', async () => {
    const user = await newUser();
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT({ roles: ['ROLE_FREEMIUM'], ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt(now())
        .setExpirationTime(now() + 900)
        .sign(key);
    for (const claims of [{}, { sid: randomUUID() }, { sid: 'pas-une-session' }, { sid: '' }, { sid: 42 }]) {
      expectRefused(await callAs(user, `Bearer ${await sign(claims)}`), 'SESSION_REVOKED');
    }
    // The control: the user's real session.
    await expectWorks(user, `Bearer ${await sign({ sid: sidOf(user.accessToken) })}`);
  });
});
