import { API_MSG, MSG } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

/** A new e-mail address is confirmed by a link before it signs in. */
let t: TestApp;
const PASSWORD = 'Secret1!ok';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const signin = (username: string) => t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password: PASSWORD } });
const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/email/confirm', payload: { token } });
const change = (user: { id: number; headers: Record<string, string> }, email: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/auth/user/${user.id}`,
    headers: user.headers,
    payload: { firstname: 'Camille', lastname: 'Durand', email, currentPassword: PASSWORD },
  });

/** The confirmation token of the last mail sent to `to`. */
async function linkTo(to: string): Promise<string> {
  const mails = (await t.outbox()).filter((m) => m.includes(`To: ${to}`));
  const body = mails
    .at(-1)!
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const match = /confirm-email\?token=([A-Za-z0-9_%-]+)/.exec(body);
  if (!match) throw new Error(`no confirmation link in the mail to ${to}`);
  return decodeURIComponent(match[1]!);
}

describe('changing the e-mail address', () => {
  it('signs in with the old address until the link is opened, with the new one after', async () => {
    const me = await signedInUser(t, 'avant@exemple.fr');
    const res = await change(me, 'apres@exemple.fr');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'avant@exemple.fr', emailPending: 'apres@exemple.fr' });
    expect((await signin('apres@exemple.fr')).statusCode).toBe(401);
    expect((await signin('avant@exemple.fr')).statusCode).toBe(200);

    const token = await linkTo('apres@exemple.fr');
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe(API_MSG.emailConfirmed('apres@exemple.fr'));
    expect((await signin('apres@exemple.fr')).statusCode).toBe(200);
    expect((await signin('avant@exemple.fr')).statusCode).toBe(401);
    // The link works once.
    expect((await confirm(token)).json()).toMatchObject({ code: 'EMAIL_CONFIRM_INVALID', message: MSG.emailConfirmInvalid });
  });

  it('refuses an expired link, and a link replaced by a newer request', async () => {
    const me = await signedInUser(t, 'lent@exemple.fr');
    await change(me, 'premier@exemple.fr');
    const first = await linkTo('premier@exemple.fr');
    await change(me, 'second@exemple.fr');
    const second = await linkTo('second@exemple.fr');
    expect((await confirm(first)).statusCode).toBe(400);
    t.clock.advance(25 * 3_600_000);
    expect((await confirm(second)).statusCode).toBe(400);
    t.clock.advance(-25 * 3_600_000);
    expect((await signin('lent@exemple.fr')).statusCode).toBe(200);
  });

  it('answers 409 when the address was taken in the meantime, and changes nothing', async () => {
    const me = await signedInUser(t, 'moi-409@exemple.fr');
    await change(me, 'convoitee@exemple.fr');
    const token = await linkTo('convoitee@exemple.fr');
    await signedInUser(t, 'convoitee@exemple.fr');
    expect((await confirm(token)).statusCode).toBe(409);
    expect((await signin('moi-409@exemple.fr')).statusCode).toBe(200);
  });

  it('is cancelled by a password reset, which the warning to the old address advises', async () => {
    const me = await signedInUser(t, 'vole@exemple.fr');
    await change(me, 'pirate@exemple.fr');
    const token = await linkTo('pirate@exemple.fr');
    await t.app.inject({ method: 'POST', url: '/api/auth/forgotpassword', payload: { email: 'vole@exemple.fr' } });
    const mails = (await t.outbox()).filter((m) => m.includes('To: vole@exemple.fr'));
    const reset = decodeURIComponent(
      /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(
        mails
          .at(-1)!
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )![1]!,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/resetpassword', payload: { token: reset, newPassword: 'Nouveau7!mdp' } }))
        .statusCode,
    ).toBe(200);
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('refuses a made-up token', async () => {
    expect((await confirm('x'.repeat(43))).statusCode).toBe(400);
  });
});
