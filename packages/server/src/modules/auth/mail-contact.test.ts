import { MAIL_CONTACT } from '@ecofoyer/contracts';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

const HOUR = 3_600_000;

/** A password-reset mail and a maintenance reminder of one member, as they leave (parsed from the outbox). */
async function twoMails(t: TestApp, email: string) {
  const me = await signedInUser(t, email);
  await t.app.inject({
    method: 'POST',
    url: `/api/V1/profils/users/${me.id}/events`,
    headers: me.headers,
    payload: { title: 'Détartrer la cafetière', dt_realisation: new Date(t.clock.now().getTime() + 6 * HOUR).toISOString() },
  });
  await t.app.services.notifications.tick();
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgotpassword', payload: { email } })).statusCode).toBe(200);
  const mails = await Promise.all((await t.outbox()).map((raw) => simpleParser(raw)));
  const reset = mails.find((m) => m.subject?.includes('Réinitialisation'));
  const reminder = mails.find((m) => m.subject?.includes('Détartrer la cafetière'));
  expect(reset && reminder).toBeTruthy();
  return { reset: reset!, reminder: reminder! };
}

describe('the contact the mails give (EDITOR_EMAIL)', () => {
  describe('configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ EDITOR_EMAIL: 'aide@repare-ton-quartier.fr' });
    });
    afterAll(async () => t.app.close());

    it('is written in every mail, text and HTML', async () => {
      const { reset, reminder } = await twoMails(t, 'contact-oui@exemple.fr');
      const line = MAIL_CONTACT.line('aide@repare-ton-quartier.fr');
      expect(reset.text).toContain(`${line}\n\nL’équipe EcoFoyer`);
      expect(reminder.text).toContain(line);
      expect(reminder.html).toContain('aide@repare-ton-quartier.fr');
    });
  });

  describe('not configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.app.close());

    it('gives no contact line at all: neither an empty one nor a made-up address', async () => {
      const { reset, reminder } = await twoMails(t, 'contact-non@exemple.fr');
      for (const mail of [reset.text, reminder.text, String(reminder.html)]) {
        expect(mail).not.toContain('Écrivez-nous');
        expect(mail).not.toContain('Une question');
        expect(mail).not.toMatch(/contact@|no-reply@/);
      }
      expect(reset.text).toContain('votre mot de passe reste inchangé.\n\nL’équipe EcoFoyer');
    });
  });
});
