import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, DESKTOP, launchBrowser, login, newContext, PHONE, visible } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('« Mes appareils connectés » in the profile', () => {
  it('lists the phone and the computer, signs the other one out after a confirmation, and that device is sent to the login page', async () => {
    const account = await createAccount();
    const computer = await newContext(browser, DESKTOP);
    const phone = await newContext(browser, PHONE);
    const onComputer = await computer.newPage();
    const onPhone = await phone.newPage();
    await login(onComputer, account.email, account.password, true);
    await onComputer.waitForURL(/\/(home|welcome)$/);
    await login(onPhone, account.email, account.password, true);
    await onPhone.waitForURL(/\/(home|welcome)$/);

    await onPhone.goto('/profile#securite');
    await visible(onPhone, 'Mes appareils connectés');
    await visible(onPhone, 'Cet appareil');
    const devices = onPhone.getByRole('region', { name: 'Mes appareils connectés' }).getByRole('listitem');
    await expect.poll(() => devices.count()).toBe(2);
    await onPhone.screenshot({ path: 'e2e/screenshots/connected-devices-phone.png', fullPage: true });
    await onComputer.goto('/profile#securite');
    await visible(onComputer, 'Mes appareils connectés');
    await onComputer.screenshot({ path: 'e2e/screenshots/connected-devices-desktop.png', fullPage: true });

    // Annuler keeps it; Déconnecter ends it.
    const other = devices.filter({ hasNot: onPhone.getByText('Cet appareil') });
    await other.getByRole('button', { name: /^Déconnecter / }).click();
    await visible(onPhone, 'Déconnecter cet appareil ?');
    await onPhone.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
    await expect.poll(() => devices.count()).toBe(2);
    await other.getByRole('button', { name: /^Déconnecter / }).click();
    await onPhone.getByRole('dialog').getByRole('button', { name: 'Déconnecter' }).click();
    await visible(onPhone, /est déconnecté\.$/);
    await expect.poll(() => devices.count()).toBe(1);
    await visible(onPhone, 'Aucun autre appareil n’est connecté à votre compte.');

    // The computer's next request is refused: back to the login page.
    await onComputer.goto('/inventory');
    await onComputer.waitForURL('**/login');
    // The phone still works.
    await onPhone.reload();
    await visible(onPhone, 'Cet appareil');
    await computer.close();
    await phone.close();
  });
});
