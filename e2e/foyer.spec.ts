import { API_MSG, longDateFr, MSG } from '@ecofoyer/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  createAccount,
  DESKTOP,
  household,
  label,
  launchBrowser,
  linkFromOutbox,
  login,
  mailsTo,
  mailTo,
  moveClock,
  newContext,
  PASSWORD,
  PHONE,
  uniqueEmail,
  visible,
} from './helpers.ts';

const CARD = 'Nettoyer l’intérieur du réfrigérateur';
const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await moveClock(0);
  await browser?.close();
});

/** Sends an invitation from « Mon foyer » in the owner's profile. */
async function invite(page: Page, email: string, role: 'Membre' | 'Lecteur') {
  const card = page.getByRole('region', { name: 'Mon foyer' });
  await card.getByLabel('Adresse e-mail de la personne à inviter').fill(email);
  await card
    .getByLabel('Son rôle')
    .selectOption({ label: `${role} — ${role === 'Membre' ? 'consulte et modifie les appareils et l’entretien' : 'consulte seulement'}` });
  await card.getByRole('button', { name: 'Inviter' }).click();
  await visible(page, `Invitation envoyée à ${email}. Le lien est valable 7 jours.`);
}

/**
 * Opens the mailed link signed out, signs in from there, and joins the foyer. With appliances of
 * their own, the person is asked what becomes of them (kept apart unless `bring`); without, not asked.
 */
async function acceptInvitation(page: Page, email: string, own: { appliances: boolean; bring?: boolean }) {
  const link = await linkFromOutbox(email, 'invitation');
  await page.goto(link);
  await visible(page, 'Claire vous invite à rejoindre le foyer');
  await page.getByRole('link', { name: 'Se connecter pour accepter' }).click();
  await page.waitForURL('**/login');
  await login(page, email);
  // Back to the invitation once signed in.
  await page.waitForURL(/\/invitation\?token=/);
  const join = page.getByRole('button', { name: 'Rejoindre le foyer' });
  await expect.poll(() => join.isEnabled()).toBe(true);
  if (own.appliances) {
    await visible(page, 'Et vos propres appareils ?');
    await expect.poll(() => page.getByRole('radio', { name: 'Les garder à part' }).isChecked()).toBe(true);
    if (own.bring) await page.getByRole('radio', { name: 'Les apporter dans ce foyer' }).check();
  } else {
    expect(await page.getByText('Et vos propres appareils ?').count()).toBe(0);
    expect(await page.getByRole('radio').count()).toBe(0);
  }
  await join.click();
  await visible(page, 'Bienvenue dans « Foyer de Claire » !');
  await visible(
    page,
    !own.appliances
      ? 'Vous voyez maintenant ses appareils et leur entretien.'
      : own.bring
        ? 'Vos appareils font maintenant partie de ce foyer.'
        : 'Vos propres appareils restent à part : vous les retrouverez si vous quittez ce foyer.',
  );
}

/**
 * On the sign-up page opened from an invitation: the invited address is already there; the account is
 * created, the person signs in (the address kept from the sign-up) and is brought back to the invitation.
 */
async function signUpFromInvitation(page: Page, email: string, firstname: string, lastname: string) {
  await expect.poll(() => page.getByLabel(label('Email')).inputValue()).toBe(email);
  await page.getByLabel(label('Prénom')).fill(firstname);
  await page.getByLabel(label('Nom')).fill(lastname);
  await page.getByLabel(label('Mot de passe')).fill(PASSWORD);
  await page.getByLabel(label('Confirmer le mot de passe')).fill(PASSWORD);
  await page.getByRole('button', { name: 'S’inscrire' }).click();
  await visible(page, 'Votre compte a bien été créé !');
  await page.getByRole('link', { name: 'Se connecter' }).click();
  await page.waitForURL('**/login');
  await expect.poll(() => page.getByLabel(label('Email')).inputValue()).toBe(email);
  await page.getByLabel(label('Mot de passe')).fill(PASSWORD);
  await page.getByRole('button', { name: 'Valider' }).click();
  await page.waitForURL(/\/invitation\?token=/);
}

describe('a household shared by its members', () => {
  it('the owner invites a member and a lecteur; the member plans a maintenance for the owner, who is reminded; the lecteur only reads', {
    timeout: 180_000,
  }, async () => {
    const owner = await household({ firstname: 'Claire' });
    const member = await createAccount(uniqueEmail('malo'), undefined, 'Malo');
    // The lecteur has no account yet: she creates it from the invitation.
    const reader = { email: uniqueEmail('lea') };

    // The owner invites from « Mon foyer » in the profile.
    const ownerContext = await newContext(browser, DESKTOP);
    const ownerPage = await ownerContext.newPage();
    await login(ownerPage, owner.account.email);
    await ownerPage.waitForURL(/\/(home|welcome)$/);
    await ownerPage.goto('/profile');
    await ownerPage.getByRole('tab', { name: 'Foyer' }).click();
    await expect.poll(() => ownerPage.getByRole('region', { name: 'Mon foyer' }).getByText('Foyer de Claire').isVisible()).toBe(true);
    await invite(ownerPage, member.email, 'Membre');
    await invite(ownerPage, reader.email, 'Lecteur');
    const pending = ownerPage.getByRole('list', { name: 'Invitations en attente' });
    await expect.poll(() => pending.getByRole('listitem').count()).toBe(2);
    await ownerPage.screenshot({ path: 'e2e/screenshots/foyer-profile-desktop.png', fullPage: true });

    // The member opens the mailed link on a phone, signs in from it and joins.
    const memberContext = await newContext(browser, PHONE);
    const memberPage = await memberContext.newPage();
    // Malo has no appliance of his own: nothing to ask him about them.
    await acceptInvitation(memberPage, member.email, { appliances: false });
    await memberPage.screenshot({ path: 'e2e/screenshots/foyer-invitation-phone.png', fullPage: true });
    await memberPage.getByRole('link', { name: 'Voir les appareils du foyer' }).click();
    await visible(memberPage, 'Buanderie');
    await memberPage.goto('/profile#foyer');
    await expect.poll(() => memberPage.getByRole('button', { name: 'Quitter ce foyer' }).isVisible()).toBe(true);
    await memberPage.getByRole('region', { name: 'Mon foyer' }).screenshot({ path: 'e2e/screenshots/foyer-member-profile-phone.png' });

    // The member plans a maintenance and gives it to the owner (« Qui s'en occupe ? »).
    const now = new Date();
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9);
    await memberPage.goto('/productlist?flag=tomaintenance');
    await memberPage.getByPlaceholder('Rechercher un produit...').fill('réfrigérateur');
    await memberPage.getByRole('link', { name: 'Réfrigérateur', exact: true }).click();
    await memberPage.getByRole('link', { name: CARD }).click();
    await memberPage.waitForURL(/\/entretien\/fichedetail\?card=\d+&prod=\d+$/);
    await memberPage.getByRole('button', { name: 'Planifier cet entretien' }).click();
    const dialog = memberPage.getByRole('dialog', { name: 'Planifier cet entretien' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    if (tomorrow.getMonth() !== now.getMonth()) await dialog.getByRole('button', { name: 'Mois suivant' }).click();
    await dialog.getByRole('button', { name: longDateFr(tomorrow, TZ), exact: true }).click();
    await dialog.getByLabel('Qui s’en occupe ?').selectOption({ label: 'Claire' });
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await visible(memberPage, `Entretien planifié le ${longDateFr(tomorrow, TZ)}.`);
    await memberPage.goto('/calendar');
    await expect.poll(() => memberPage.getByRole('region', { name: 'À venir' }).getByText('Pour Claire').isVisible()).toBe(true);
    // « Mes tâches »: the member's own and everyone's, not the owner's.
    await memberPage.getByText('Mes tâches').click();
    await expect.poll(() => memberPage.getByRole('region', { name: 'À venir' }).getByText('Pour Claire').count()).toBe(0);

    // The day comes: the owner, and only the owner, is reminded.
    expect((await moveClock(tomorrow.getTime() - Date.now() + 60_000)).created).toBeGreaterThan(0);
    await moveClock(0);
    await ownerPage.goto('/notification');
    await visible(ownerPage, CARD);
    await memberPage.goto('/notification');
    await visible(memberPage, 'Aucune notification pour le moment.');
    expect(await memberPage.getByText(CARD).count()).toBe(0);
    // And by e-mail, through the SMTP server: in text and HTML, with its one-click unsubscribe.
    const mail = await mailTo(owner.account.email, CARD);
    expect(mail.text).toContain(`L’entretien «\u00a0${CARD}\u00a0» est prévu`);
    // Its button opens the task itself, marked done from there.
    expect(mail.html).toMatch(new RegExp(`${baseURL()}/notification\\?id=\\d+`));
    expect(mail.headerLines.some((h) => h.key === 'list-unsubscribe-post' && h.line.endsWith('List-Unsubscribe=One-Click'))).toBe(true);
    expect((await mailsTo(member.email)).filter((m) => m.subject?.includes(CARD))).toEqual([]);

    // The owner's header names the household and how many share it (desktop).
    await ownerPage.goto('/calendar');
    await expect.poll(() => ownerPage.getByTestId('household-name').textContent()).toMatch(/^Foyer de Claire\s*· 2 membres$/);
    await ownerPage.getByText('Mes tâches').click();
    await expect.poll(() => ownerPage.getByRole('region', { name: 'À venir' }).getByText('Pour vous').isVisible()).toBe(true);

    // The lecteur, new to EcoFoyer, creates her account from the link, signs in, is brought back and joins.
    const readerContext = await newContext(browser, PHONE);
    const readerPage = await readerContext.newPage();
    await readerPage.goto(await linkFromOutbox(reader.email, 'invitation'));
    await visible(readerPage, 'Claire vous invite à rejoindre le foyer');
    await readerPage.getByRole('link', { name: 'Créer mon compte' }).click();
    await readerPage.waitForURL('**/register');
    await signUpFromInvitation(readerPage, reader.email, 'Léa', 'Martin');
    await readerPage.getByRole('button', { name: 'Rejoindre le foyer' }).click();
    await visible(readerPage, 'Bienvenue dans « Foyer de Claire » !');
    await readerPage.getByRole('link', { name: 'Voir les appareils du foyer' }).click();
    await visible(readerPage, 'Buanderie');
    expect(await readerPage.getByRole('button', { name: /Ajouter un appareil|Créer un univers/i }).count()).toBe(0);
    expect(await readerPage.getByRole('link', { name: /Ajouter un appareil/i }).count()).toBe(0);
    await readerPage.goto(`/inventaire/univers/appliance/fichedetail?id=${owner.applianceId}`);
    await visible(readerPage, 'Bosch');
    expect(await readerPage.getByRole('link', { name: 'Modifier' }).count()).toBe(0);
    expect(await readerPage.getByText('Changer la photo').count()).toBe(0);
    await readerPage.goto('/calendar');
    await expect.poll(() => readerPage.getByRole('region', { name: 'À venir' }).getByTestId('event-item').count()).toBe(1);
    expect(await readerPage.getByRole('button', { name: 'Marquer comme fait' }).count()).toBe(0);
    await readerPage.screenshot({ path: 'e2e/screenshots/foyer-lecteur-calendar-phone.png', fullPage: true });

    // The owner sees the three members and removes the lecteur, after a confirmation.
    await ownerPage.goto('/profile#foyer');
    const members = ownerPage.getByRole('list', { name: 'Membres du foyer' });
    await expect.poll(() => members.getByRole('listitem').count()).toBe(3);
    await ownerPage.getByRole('button', { name: 'Retirer Léa du foyer' }).click();
    await ownerPage.getByRole('dialog', { name: 'Retirer Léa du foyer ?' }).getByRole('button', { name: 'Retirer' }).click();
    await visible(ownerPage, 'Léa ne fait plus partie du foyer.');
    await expect.poll(() => members.getByRole('listitem').count()).toBe(2);

    // The owner names the foyer; the header shows the new name.
    await ownerPage.getByRole('button', { name: 'Renommer le foyer' }).click();
    await ownerPage.getByLabel('Nom du foyer').fill('Maison de Bretagne');
    await ownerPage.getByRole('button', { name: 'Enregistrer' }).click();
    await visible(ownerPage, 'Le foyer est renommé.');
    await ownerPage.goto('/calendar');
    await expect.poll(() => ownerPage.getByTestId('household-name').textContent()).toMatch(/^Maison de Bretagne\s*· 2 membres$/);

    await Promise.all([ownerContext.close(), memberContext.close(), readerContext.close()]);
  });

  it('hands the household over with a password, ends a removed member’s links and calendar, and opens a forwarded invitation for nobody else', {
    timeout: 180_000,
  }, async () => {
    const owner = await household({ firstname: 'Claire' });
    const malo = await createAccount(uniqueEmail('malo'), undefined, 'Malo');
    const leo = await createAccount(uniqueEmail('leo'), undefined, 'Léo');
    const zoe = await createAccount(uniqueEmail('zoe'), undefined, 'Zoé');
    const base = `/api/V1/profils/users/${owner.userId}`;
    await owner.api(`${base}/foyer/invitations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: malo.email, role: 'membre' }),
    });
    const maloLink = await linkFromOutbox(malo.email, 'invitation');

    // Zoé got Malo's link forwarded: signed in with her own account, the page says it is not hers, and joining is refused.
    const zoeContext = await newContext(browser, PHONE);
    const zoePage = await zoeContext.newPage();
    await login(zoePage, zoe.email);
    await zoePage.waitForURL(/\/(home|welcome)$/);
    await zoePage.goto(maloLink);
    await visible(zoePage, `cette invitation est destinée à m•••@exemple.fr`);
    await zoePage.getByRole('button', { name: 'Rejoindre le foyer' }).click();
    await visible(zoePage, API_MSG.foyerInvitationOtherAddress('m•••@exemple.fr'));
    await zoePage.screenshot({ path: 'e2e/screenshots/foyer-forwarded-invitation-phone.png', fullPage: true });

    // Malo and Léo join through the API (the page's flow is the test above); Léo shares the inventory and subscribes to the calendar.
    const signedInApi = async (email: string) => {
      const session = (await (
        await fetch(`${baseURL()}/api/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: email, password: PASSWORD }),
        })
      ).json()) as { id: number; accessToken: string };
      const call = (route: string, init: RequestInit = {}) =>
        fetch(`${baseURL()}${route}`, {
          ...init,
          headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json', ...init.headers },
        });
      return Object.assign(call, { id: session.id });
    };
    const maloApi = await signedInApi(malo.email);
    expect(
      (await maloApi(`/api/V1/foyer/invitations/${new URL(maloLink).searchParams.get('token')}/accept`, { method: 'POST', body: '{}' }))
        .status,
    ).toBe(200);
    await owner.api(`${base}/foyer/invitations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: leo.email, role: 'membre' }),
    });
    const leoApi = await signedInApi(leo.email);
    expect(
      (
        await leoApi(
          `/api/V1/foyer/invitations/${new URL(await linkFromOutbox(leo.email, 'invitation')).searchParams.get('token')}/accept`,
          { method: 'POST', body: '{}' },
        )
      ).status,
    ).toBe(200);
    const leoLink = (await (
      await leoApi(`/api/V1/profils/users/${leoApi.id}/dossier/partages`, { method: 'POST', body: JSON.stringify({ jours: 30 }) })
    ).json()) as { lien: string };
    const leoFeed = (await (await leoApi(`/api/V1/profils/users/${leoApi.id}/calendar-feed`)).json()) as { url: string };
    expect((await fetch(leoFeed.url)).status).toBe(200);

    // Claire hands the household to Malo, confirming with her password.
    const claireContext = await newContext(browser, DESKTOP);
    const claire = await claireContext.newPage();
    await login(claire, owner.account.email);
    await claire.waitForURL(/\/(home|welcome)$/);
    await claire.goto('/profile#foyer');
    const card = claire.getByRole('region', { name: 'Mon foyer' });
    await expect.poll(() => card.getByText('Responsable du foyer', { exact: true }).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Confier le foyer à un autre membre' }).click();
    const handOver = claire.getByRole('dialog', { name: 'Confier le foyer ?' });
    await handOver.getByLabel('À qui ?').selectOption({ label: 'Malo (membre)' });
    await handOver.getByLabel('Votre mot de passe').fill('Mauvais1!mdp');
    await handOver.getByRole('button', { name: 'Confier le foyer' }).click();
    await visible(claire, 'Votre mot de passe actuel est incorrect.');
    await handOver.getByLabel('Votre mot de passe').fill(PASSWORD);
    await handOver.getByRole('button', { name: 'Confier le foyer' }).click();
    await visible(claire, 'Malo est maintenant responsable du foyer.');
    // Claire, a co-owner now, cannot change Malo's role, nor make anyone an owner.
    await expect.poll(() => card.getByLabel('Rôle de Malo').count()).toBe(0);
    await visible(claire, 'Le rôle de la personne responsable du foyer ne peut pas être changé');
    await card.screenshot({ path: 'e2e/screenshots/foyer-after-transfer-desktop.png' });

    // Malo, on his phone, removes Léo: Léo's read-only link and calendar address stop at once.
    const maloContext = await newContext(browser, PHONE);
    const maloPage = await maloContext.newPage();
    await login(maloPage, malo.email);
    await maloPage.waitForURL(/\/(home|welcome)$/);
    await maloPage.goto('/profile#foyer');
    await maloPage.getByRole('button', { name: 'Retirer Léo du foyer' }).click();
    const removal = maloPage.getByRole('dialog', { name: 'Retirer Léo du foyer ?' });
    await visible(maloPage, 'ses liens de partage et son adresse de calendrier cessent de fonctionner');
    await removal.getByRole('button', { name: 'Retirer' }).click();
    await visible(maloPage, 'Léo ne fait plus partie du foyer.');
    // As the holder, leaving asks what becomes of the appliances, and the password (looked at, then cancelled).
    await maloPage.getByRole('button', { name: 'Quitter ce foyer' }).click();
    const leaving = maloPage.getByRole('dialog', { name: 'Quitter « Foyer de Malo » ?' });
    await expect.poll(() => leaving.getByRole('radio', { name: 'Les laisser aux autres membres' }).isChecked()).toBe(true);
    await visible(maloPage, 'Claire deviendra responsable de « Foyer de Malo ».');
    await maloPage.screenshot({ path: 'e2e/screenshots/foyer-holder-leaves-phone.png' });
    await leaving.getByRole('button', { name: 'Annuler' }).click();
    expect((await fetch(leoFeed.url)).status).toBe(404);
    const shared = await zoeContext.newPage();
    await shared.goto(new URL(leoLink.lien).pathname);
    await visible(shared, MSG.shareExpired);

    // Claire revokes her own calendar address from her profile.
    await claire.reload();
    await claire.getByRole('tab', { name: 'Notifications' }).click();
    const calendar = claire.getByRole('region', { name: 'S’abonner au calendrier' });
    await calendar.getByRole('button', { name: 'Afficher mon adresse d’abonnement' }).click();
    const address = await calendar.getByLabel('Adresse privée du calendrier').inputValue();
    expect((await fetch(address)).status).toBe(200);
    await calendar.getByRole('button', { name: 'Révoquer ce lien' }).click();
    await claire.getByRole('dialog', { name: 'Révoquer ce lien ?' }).getByRole('button', { name: 'Révoquer' }).click();
    await visible(claire, 'Le lien d’abonnement a été révoqué.');
    expect((await fetch(address)).status).toBe(404);

    await Promise.all([zoeContext.close(), claireContext.close(), maloContext.close()]);
  });

  it('opens the sign-up from an invitation with the invited address, and does not ask a new account about appliances it does not have (phone)', {
    timeout: 120_000,
  }, async () => {
    const owner = await household({ firstname: 'Claire' });
    const email = uniqueEmail('nina');
    await owner.api(`/api/V1/profils/users/${owner.userId}/foyer/invitations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, role: 'membre' }),
    });
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(await linkFromOutbox(email, 'invitation'));
    await visible(page, 'Claire vous invite à rejoindre le foyer');
    await page.getByRole('link', { name: 'Créer mon compte' }).click();
    await page.waitForURL('**/register');

    // The form starts with the invited address, and says it is the invitation's.
    const address = page.getByLabel(label('Email'));
    await expect.poll(() => address.inputValue()).toBe(email);
    await visible(page, 'Créez votre compte gratuit pour rejoindre le foyer «\u00a0Foyer de Claire\u00a0».');
    await visible(page, 'C’est l’adresse de votre invitation\u00a0: elle s’ouvrira avec ce compte.');
    await page.screenshot({ path: 'e2e/screenshots/foyer-register-invited-phone.png', fullPage: true });
    // Another address would not open the invitation: the page says so before the account exists.
    await address.fill(uniqueEmail('autre'));
    await visible(page, `L’invitation est pour ${email}\u00a0: elle ne s’ouvrira qu’avec un compte à cette adresse.`);
    await address.fill(email);
    await visible(page, 'C’est l’adresse de votre invitation\u00a0: elle s’ouvrira avec ce compte.');
    await signUpFromInvitation(page, email, 'Nina', 'Morel');

    // Back on the invitation: a new account has no appliance to bring, so nothing is asked about them.
    const join = page.getByRole('button', { name: 'Rejoindre le foyer' });
    await expect.poll(() => join.isEnabled()).toBe(true);
    expect(await page.getByText('Et vos propres appareils ?').count()).toBe(0);
    expect(await page.getByRole('radio').count()).toBe(0);
    await page.screenshot({ path: 'e2e/screenshots/foyer-new-account-joins-phone.png', fullPage: true });
    await join.click();
    await visible(page, 'Bienvenue dans « Foyer de Claire » !');
    await visible(page, 'Vous voyez maintenant ses appareils et leur entretien.');
    expect(await page.getByText('Vos propres appareils restent à part').count()).toBe(0);
    await page.getByRole('link', { name: 'Voir les appareils du foyer' }).click();
    await visible(page, 'Buanderie');
    await context.close();
  });

  it('asks someone with appliances of their own what becomes of them, keeping them apart or bringing them along (phone)', {
    timeout: 120_000,
  }, async () => {
    const owner = await household({ firstname: 'Claire' });
    const keeps = await household({ firstname: 'Hugo', universe: { name: 'Cabanon de Hugo' } });
    const brings = await household({ firstname: 'Inès', universe: { name: 'Atelier d’Inès' } });
    for (const guest of [keeps, brings])
      await owner.api(`/api/V1/profils/users/${owner.userId}/foyer/invitations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: guest.account.email, role: 'membre' }),
      });

    const keepsContext = await newContext(browser, PHONE);
    const keepsPage = await keepsContext.newPage();
    await acceptInvitation(keepsPage, keeps.account.email, { appliances: true });
    await keepsPage.getByRole('link', { name: 'Voir les appareils du foyer' }).click();
    await visible(keepsPage, 'Buanderie');
    expect(await keepsPage.getByText('Cabanon de Hugo').count()).toBe(0);

    const bringsContext = await newContext(browser, PHONE);
    const bringsPage = await bringsContext.newPage();
    await acceptInvitation(bringsPage, brings.account.email, { appliances: true, bring: true });
    await bringsPage.screenshot({ path: 'e2e/screenshots/foyer-brings-appliances-phone.png', fullPage: true });
    await bringsPage.getByRole('link', { name: 'Voir les appareils du foyer' }).click();
    await visible(bringsPage, 'Buanderie');
    await visible(bringsPage, 'Atelier d’Inès');
    await Promise.all([keepsContext.close(), bringsContext.close()]);
  });

  it('says so when an invitation link is no longer valid', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto('/invitation?token=jeton-perime');
    await visible(page, 'Cette invitation n’est plus valable : elle a expiré, a déjà servi ou a été annulée. Demandez-en une nouvelle.');
    await page.goto('/invitation');
    await visible(page, 'Ce lien d’invitation est incomplet.');
    await context.close();
  });
});
