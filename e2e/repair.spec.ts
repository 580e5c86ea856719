import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeToast, baseURL, createAccount, DESKTOP, launchBrowser, login, newContext, PHONE, visible } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api(path: string, token: string, init: RequestInit = {}) {
  return fetch(`${baseURL()}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
}

/** A household with a washing machine, signed in in a browser; `adresse` is set on the profile first. */
async function household(viewport = DESKTOP, adresse?: string) {
  const account = await createAccount(undefined, undefined, 'Camille');
  const signin = await (
    await fetch(`${baseURL()}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account.email, password: account.password }),
    })
  ).json();
  if (adresse) {
    const res = await api(`/api/auth/user/${signin.id}`, signin.accessToken, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstname: 'Camille', lastname: 'Durand', email: account.email, adresse, telephone: null }),
    });
    expect(res.status).toBe(200);
  }
  const products = (await (await api('/api/V1/references/refproducts', signin.accessToken)).json()) as { id: number; prodName: string }[];
  const prod = products.find((p) => p.prodName === 'Lave-linge')!.id;
  const universeForm = new FormData();
  universeForm.append('name', 'Buanderie');
  const universe = await (
    await api(`/api/V1/profils/users/${signin.id}/foyers/univers`, signin.accessToken, { method: 'POST', body: universeForm })
  ).json();
  const form = new FormData();
  form.append('data', JSON.stringify({ prod_id: prod, name: 'Machine du cellier', marque: 'Bosch', modele: 'Serie 4' }));
  const appliance = await (
    await api(`/api/V1/profils/users/${signin.id}/foyers/univers/${universe.univer_id}/appliances`, signin.accessToken, {
      method: 'POST',
      body: form,
    })
  ).json();
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  await login(page, account.email, account.password);
  await page.waitForURL(/\/(home|welcome)$/);
  return { context, page, prod, appliance: appliance.id as number, userId: signin.id as number, token: signin.accessToken as string };
}

async function say(page: Page, text: string) {
  await page.getByLabel('Ton message').fill(text);
  await page.getByRole('button', { name: 'Envoyer' }).click();
}

describe('repair chat (product §4, repair chat flow)', () => {
  it('greets with the device and the bonus, answers a greeting, offers three options, warns before do-it-yourself, analyses and saves the diagnosis', async () => {
    const { context, page, prod, appliance } = await household(PHONE);
    await page.goto(`/repair?appliance=${appliance}&prod=${prod}`);
    await visible(page, 'Bonjour Camille ! Je suis l’assistant de réparation d’EcoFoyer.');
    await expect.poll(() => page.getByTestId('device-card').innerText()).toContain('Machine du cellier');
    expect(await page.getByTestId('device-card').innerText()).toContain('Bosch Serie 4');
    await visible(
      page,
      'Bonne nouvelle : la réparation de ton appareil (Lave-linge) peut bénéficier du bonus réparation de 50 € chez un réparateur labellisé QualiRépar.',
    );
    await visible(page, /^Décris-moi la panne/);

    await say(page, 'Bonjour !');
    await visible(page, 'Bonjour ! Pour que je puisse t’aider, décris-moi la panne de ton appareil en quelques mots.');

    await say(page, 'Ma machine ne vidange plus, il reste de l’eau dans le tambour');
    await visible(page, 'Merci, c’est noté. Que veux-tu faire maintenant ?');
    for (const option of ['Trouver un réparateur', 'Obtenir une aide vidéo', 'Diagnostiquer et réparer moi-même']) {
      expect(await page.getByRole('button', { name: option }).isVisible()).toBe(true);
    }
    // After each answer the message box and « Envoyer » are in view, above the tab bar.
    const clearOfTabBar = () =>
      page.evaluate(() => {
        const send = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Envoyer')!.getBoundingClientRect();
        const bar = document.querySelector('.mantine-AppShell-footer')!.getBoundingClientRect();
        return send.top >= 0 && send.bottom <= bar.top;
      });
    await expect.poll(clearOfTabBar).toBe(true);
    await page.screenshot({ path: 'e2e/screenshots/repair-chat-phone.png', fullPage: true });

    await page.getByRole('button', { name: 'Diagnostiquer et réparer moi-même' }).click();
    await visible(page, /^Attention\s: avant toute intervention, débranche l’appareil/);
    await page.getByRole('button', { name: 'J’ai compris, je continue' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Fiche la plus proche de ta description : Le lave-linge ne vidange pas' }).isVisible())
      .toBe(true);
    const analysis = page.getByTestId('analysis').last();
    expect(await analysis.innerText()).toContain('Précaution');
    expect(await analysis.innerText()).toContain('Causes possibles');
    expect(await analysis.innerText()).toContain('Étapes à suivre');
    const hrefs = await analysis.getByRole('link').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\//);

    await analysis.getByRole('button', { name: 'Enregistrer ce diagnostic' }).click();
    await visible(page, 'Diagnostic enregistré dans l’historique des réparations.');
    // The badge it earns comes with its toast.
    await badgeToast(page, 'Premier diagnostic');
    await page.getByRole('link', { name: 'Voir mon appareil' }).click();
    await page.waitForURL(/fichedetail\?id=/);
    await visible(page, 'Panne : Le lave-linge ne vidange pas');
    await context.close();
  });

  it('later messages query the assistant: its reply, then the tutorials and the summary', async () => {
    const { context, page, prod, appliance } = await household(DESKTOP);
    await page.goto(`/repair?appliance=${appliance}&prod=${prod}`);
    await say(page, 'Elle fait un bruit énorme');
    await visible(page, 'Merci, c’est noté. Que veux-tu faire maintenant ?');
    await say(page, 'Elle vibre et se déplace pendant l’essorage');
    await visible(page, /^La fiche qui correspond le mieux à ta description\s:\s«\s.+\s»\./);
    await expect.poll(() => page.getByTestId('analysis').count()).toBe(1);
    expect(await page.getByTestId('analysis').innerText()).toMatch(/Fiche la plus proche de ta description\s: .*(vibr|bruit)/i);
    await page.screenshot({ path: 'e2e/screenshots/repair-chat-desktop.png', fullPage: true });

    // Nothing in the knowledge base: said plainly, with the ways out, never a guess.
    await say(page, 'xylophone quantique zzz');
    await visible(page, 'Je n’ai pas de fiche pour ton appareil (Lave-linge) qui corresponde à ce problème, et je préfère ne pas deviner.');
    await page.getByTestId('no-sheet').getByRole('button', { name: 'Trouver un réparateur' }).click();
    await visible(page, 'Voici comment trouver un réparateur près de chez toi :');
    // The knowledge base failing: the §8 failure text.
    await page.route('**/api/V1/assistant/chat', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Erreur"}' }),
    );
    await say(page, 'le tambour ne tourne plus');
    await visible(page, 'Je rencontre un problème technique, peux-tu réessayer plus tard ?');
    await page.unroute('**/api/V1/assistant/chat');
    await page.route('**/api/V1/mia/question', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Erreur"}' }),
    );
    await say(page, 'le hublot reste verrouillé, impossible d’ouvrir la porte');
    await visible(page, 'Une erreur est survenue lors de l’analyse des tutoriels.');
    await context.close();
  });

  it('find a repairer: the map on « réparer » centred on the profile address, the appointment page; video help and preferring a professional', async () => {
    const { context, page, prod, appliance } = await household(DESKTOP, '20 avenue de Ségur 75007 Paris');
    const geocoded: string[] = [];
    await context.route('https://data.geopf.fr/**', (route) => {
      geocoded.push(route.request().url());
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          features: [
            { geometry: { type: 'Point', coordinates: [2.3087, 48.8497] }, properties: { label: '20 Avenue de Ségur 75007 Paris' } },
          ],
        }),
      });
    });
    // Third-party frames are asserted, never fetched.
    await context.route('https://quefairedemesobjets.ademe.fr/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>carte</p>' }),
    );
    await page.goto(`/repair?appliance=${appliance}&prod=${prod}`);
    await say(page, 'Le hublot reste bloqué');
    await page.getByRole('button', { name: 'Trouver un réparateur' }).click();
    await visible(page, 'Voici comment trouver un réparateur près de chez toi :');
    expect(await page.getByRole('link', { name: 'Prendre rendez-vous' }).getAttribute('href')).toBe(
      `/callplan?prod=${prod}&appliance=${appliance}`,
    );
    expect(await page.getByRole('link', { name: /Annuaire des réparateurs labellisés QualiRépar/ }).getAttribute('href')).toBe(
      'https://www.e-reparation.eco',
    );

    await page.getByRole('button', { name: 'Voir la carte des réparateurs' }).click();
    await visible(page, 'Carte centrée sur votre adresse : 20 Avenue de Ségur 75007 Paris.');
    const src = new URL((await page.getByTestId('lvao-map').getAttribute('src'))!);
    expect(src.origin + src.pathname).toBe('https://quefairedemesobjets.ademe.fr/carte');
    expect(src.searchParams.get('action_list')).toBe('reparer');
    const box = JSON.parse(src.searchParams.get('bounding_box')!);
    expect(box.southWest.lat).toBeLessThan(48.8497);
    expect(box.northEast.lat).toBeGreaterThan(48.8497);
    expect(box.northEast.lat - box.southWest.lat).toBeLessThan(0.5);
    expect(geocoded[0]).toContain('q=20+avenue+de+S%C3%A9gur+75007+Paris');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Obtenir une aide vidéo' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Chercher des vidéos sur YouTube' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Chercher des vidéos sur YouTube' }).getAttribute('href')).toMatch(
      /^https:\/\/www\.youtube\.com\/results\?search_query=Lave-linge/,
    );

    await page.getByRole('button', { name: 'Diagnostiquer et réparer moi-même' }).last().click();
    await page.getByRole('button', { name: 'Je préfère un professionnel' }).click();
    await expect.poll(() => page.getByText('Voici comment trouver un réparateur près de chez toi :').count()).toBe(2);

    await page.getByRole('link', { name: 'Prendre rendez-vous' }).first().click();
    await page.waitForURL(/\/callplan\?/);
    await expect.poll(() => page.getByTestId('repair-category').textContent()).toBe('Lavage et séchage');
    await visible(page, 'Chez un réparateur labellisé QualiRépar, 50 € sont déduits directement de votre facture de réparation.');
    const bonusMap = new URL((await page.getByTestId('lvao-map').getAttribute('src'))!);
    expect(bonusMap.searchParams.get('bonus')).toBe('1');
    expect(bonusMap.searchParams.get('action_list')).toBe('reparer');
    await context.close();
  });

  it('without a device, the manual breakdown form starts the chat', async () => {
    const { context, page } = await household(PHONE);
    await page.goto('/repair');
    await visible(page, 'Décrire une panne');
    await page.getByRole('button', { name: 'Demander à l’assistant' }).click();
    await visible(page, 'Indique l’appareil en panne.');
    await visible(page, 'Décris la panne en quelques mots.');
    await page
      .getByLabel(/Appareil en panne/)
      .first()
      .fill('Four');
    await page.getByLabel(/Description de la panne/).fill('Il ne chauffe plus du tout');
    expect(await page.getByLabel(/Description de la panne/).getAttribute('maxlength')).toBe('500');
    await page.getByRole('button', { name: 'Demander à l’assistant' }).click();
    await visible(page, 'Merci, c’est noté. Que veux-tu faire maintenant ?');
    await page.getByRole('button', { name: 'Diagnostiquer et réparer moi-même' }).click();
    await page.getByRole('button', { name: 'J’ai compris, je continue' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: /^Fiche la plus proche de ta description : .*four/i }).isVisible())
      .toBe(true);
    // No appliance of the inventory: nothing to save the diagnosis on.
    expect(await page.getByRole('button', { name: 'Enregistrer ce diagnostic' }).count()).toBe(0);
    await context.close();
  });
});

describe('repair assistant safety', () => {
  it('a gas smell on a gazinière shows the emergency alert and no step; a later question stays on the same device and its follow-up refines it', async () => {
    const { context, page } = await household(PHONE);
    await page.goto('/repair');
    await visible(page, 'Décrire une panne');
    await page
      .getByLabel(/Appareil en panne/)
      .first()
      .fill('Cuisinière');
    await page.getByLabel(/Description de la panne/).fill("odeur de gaz quand j'allume le feu");
    await page.getByRole('button', { name: 'Demander à l’assistant' }).click();
    const alert = page.getByTestId('emergency');
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.getAttribute('role')).toBe('alert');
    const text = await alert.innerText();
    expect(text).toContain('Odeur ou fuite de gaz\u00a0: mets-toi en sécurité maintenant');
    expect(text).toContain('Ferme le robinet de gaz');
    expect(text).toContain('0 800 47 33 33');
    expect(await alert.getByRole('link', { name: /Urgence Sécurité Gaz/ }).getAttribute('href')).toBe('tel:0800473333');
    // No options, no diagnosis, no step.
    expect(await page.getByRole('button', { name: 'Diagnostiquer et réparer moi-même' }).count()).toBe(0);
    expect(await page.getByText('Étapes à suivre').count()).toBe(0);
    await page.screenshot({ path: 'e2e/screenshots/repair-emergency-phone.png', fullPage: true });

    await say(page, "l'allumage clique mais aucune flamme ne prend");
    await page.getByRole('button', { name: 'Diagnostiquer et réparer moi-même' }).click();
    await page.getByRole('button', { name: 'J’ai compris, je continue' }).click();
    const title = "Plaque ou gazinière : l'allumage clique mais aucune flamme ne prend";
    await expect
      .poll(() => page.getByRole('heading', { name: `Fiche la plus proche de ta description : ${title}` }).isVisible())
      .toBe(true);
    await say(page, 'et si le chapeau du brûleur est bien remis en place ?');
    await visible(
      page,
      new RegExp(
        `^D’accord, on écarte «\\sChapeau ou tête de brûleur mal remis en place après un nettoyage\\s»\\. Piste suivante pour «\\s${title}\\s»\\s: Fentes du brûleur`,
      ),
    );
    // A gas smell in a follow-up is intercepted too.
    await say(page, 'maintenant ça sent le gaz');
    await expect.poll(() => page.getByTestId('emergency').count()).toBe(2);
    await context.close();
  });
});

describe('repair assistant safety beyond its rules (decision 023)', () => {
  it('a gas smell said in slang on a hob, which the chat’s own rules miss, shows the alert and no step; a request to bypass a safety device shows the refusal', async () => {
    const { context, page } = await household(PHONE);
    await page.goto('/repair');
    await visible(page, 'Décrire une panne');
    await page
      .getByLabel(/Appareil en panne/)
      .first()
      .fill('Plaque de cuisson');
    await page.getByLabel(/Description de la panne/).fill('ca renifle chelou dans la cuisine genre oeuf');
    await page.getByRole('button', { name: 'Demander à l’assistant' }).click();
    const alert = page.getByTestId('emergency');
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.innerText()).toContain('Odeur ou fuite de gaz\u00a0: mets-toi en sécurité maintenant');
    expect(await page.getByRole('button', { name: 'Diagnostiquer et réparer moi-même' }).count()).toBe(0);
    expect(await page.getByText('Étapes à suivre').count()).toBe(0);

    await say(page, 'et sinon comment on shunte le thermostat de sécurité du four');
    const refusal = page.getByTestId('bypass-refusal');
    await expect.poll(() => refusal.isVisible()).toBe(true);
    const text = await refusal.innerText();
    expect(text).toContain('Je ne t’aiderai pas à désactiver une sécurité');
    expect(text).toContain('fais-le vérifier par un réparateur');
    expect(await page.getByText('Étapes à suivre').count()).toBe(0);
    await page.screenshot({ path: 'e2e/screenshots/repair-bypass-refusal-phone.png', fullPage: true });
    await context.close();
  });
});

describe('second life (product §2)', () => {
  it('giving a device away: the right external pages, then it leaves the inventory for the history counted on the home page', async () => {
    const { context, page, prod, appliance } = await household(PHONE);
    await context.route('https://quefairedemesobjets.ademe.fr/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>carte</p>' }),
    );
    await page.goto(`/secondlife/actionselect?appliance=${appliance}&prod=${prod}`);
    await visible(page, 'Machine du cellier');
    await page.getByRole('link', { name: /^Donner/ }).click();
    await page.waitForURL(/\/secondlife\/give\?/);
    await visible(page, 'Avant de donner');
    expect(await page.getByTestId('donnons-link').getAttribute('href')).toBe('https://donnons.org/Electromenager');
    expect(await page.getByTestId('emmaus-link').getAttribute('href')).toBe('https://emmaus-france.org/ou-donner-acheter');
    expect(new URL((await page.getByTestId('lvao-map').getAttribute('src'))!).searchParams.get('action_list')).toBe('donner');
    await page.screenshot({ path: 'e2e/screenshots/second-life-give-phone.png', fullPage: true });

    const notFound: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) notFound.push(r.url());
    });
    await page.getByRole('button', { name: 'J’ai donné cet appareil' }).click();
    await visible(
      page,
      'Confirmez-vous que « Machine du cellier » a été donné ? Il quittera votre inventaire pour l’historique de seconde vie, et ses entretiens planifiés seront annulés.',
    );
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await visible(page, 'Merci pour cette seconde vie !');
    // The badge it earns comes with its toast.
    await badgeToast(page, 'Seconde vie');
    // The device that left is not reloaded: no 404, no « Appareil introuvable ».
    expect(notFound).toEqual([]);
    expect(await page.getByText('Appareil introuvable').count()).toBe(0);

    await page.goto('/inventaire');
    await visible(page, /Aucun appareil|Ajouter/);
    expect(await page.getByText('Machine du cellier').count()).toBe(0);
    await page.goto('/secondlife/actionselect');
    await expect.poll(() => page.getByTestId('second-life-history').innerText()).toContain('Machine du cellier');
    expect(await page.getByTestId('second-life-history').textContent()).toContain('Donné');
    await page.goto('/home');
    await expect.poll(() => page.getByTestId('impact-second-life').innerText()).toContain('1 appareil donné, vendu ou recyclé');
    await page.goto('/notification');
    await visible(page, 'Nouveau badge : Seconde vie');
    await context.close();
  });

  it('keeps the device when a choice is tapped before it has loaded', async () => {
    const { context, page, prod, appliance } = await household(DESKTOP);
    // The device answers late, as on a slow network (routed on the context: the service worker's fetches too).
    await context.route(`**/api/V1/profils/users/foyers/univers/appliances/${appliance}`, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto(`/secondlife/actionselect?appliance=${appliance}&prod=${prod}`);
    await page.getByRole('link', { name: /^Donner/ }).click();
    await page.waitForURL(/\/secondlife\/give\?/);
    const params = new URL(page.url()).searchParams;
    expect(params.get('appliance')).toBe(String(appliance));
    expect(params.get('prod')).toBe(String(prod));
    await context.close();
  });

  it('sell and recycle pages advise for that kind of device, with the map on the right action', async () => {
    const { context, page, prod, appliance } = await household(DESKTOP);
    await context.route('https://quefairedemesobjets.ademe.fr/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>carte</p>' }),
    );
    await page.goto(`/secondlife/actionselect?appliance=${appliance}&prod=${prod}`);
    await page.getByRole('link', { name: /^Vendre/ }).click();
    await page.waitForURL(/\/secondlife\/sell\?/);
    await visible(page, 'Bien vendre, étape par étape');
    expect(await page.getByRole('link', { name: /Leboncoin/ }).getAttribute('href')).toBe('https://www.leboncoin.fr/');
    expect(new URL((await page.getByTestId('lvao-map').getAttribute('src'))!).searchParams.get('action_list')).toBe('revendre');
    expect(await page.getByRole('button', { name: 'J’ai vendu cet appareil' }).isVisible()).toBe(true);

    await page.goto(`/secondlife/recycle?appliance=${appliance}&prod=${prod}`);
    await visible(page, /Reprise «\s1 pour 1\s»/);
    expect(new URL((await page.getByTestId('lvao-map').getAttribute('src'))!).searchParams.get('action_list')).toBe('trier|rapporter');
    expect(await page.getByRole('button', { name: 'J’ai déposé cet appareil au recyclage' }).isVisible()).toBe(true);
    await page.screenshot({ path: 'e2e/screenshots/second-life-recycle-desktop.png', fullPage: true });
    await context.close();
  });
});

describe('re-equipment (product §2, Re-equip)', () => {
  it('replacing one of my appliances: repair first, second-hand sources, durability criteria and the funding with its repair bonus', async () => {
    const { context, page, prod, appliance } = await household(PHONE);
    await page.goto('/renew/optionselect');
    await page.getByRole('link', { name: /Remplacer un de mes appareils/ }).click();
    await page.waitForURL(/\/replace\/appliance$/);
    await page.getByRole('link', { name: /Machine du cellier/ }).click();
    await page.waitForURL(/\/renew\/optionselect\?appliance=/);
    expect(await page.getByRole('link', { name: /Le faire réparer/ }).getAttribute('href')).toBe(
      `/repair?appliance=${appliance}&prod=${prod}`,
    );
    await page.getByRole('link', { name: /Occasion ou reconditionné/ }).click();
    await page.waitForURL(/\/renew\/offer\?/);
    await visible(page, 'L’occasion d’abord');
    expect(await page.getByRole('link', { name: /Envie/ }).first().getAttribute('href')).toBe('https://www.envie.org');
    const map = new URL((await page.getByTestId('second-hand-map').getAttribute('href'))!);
    expect(map.searchParams.get('direction')).toBe('jecherche');
    expect(map.searchParams.get('action_list')).toBe('acheter');
    await page.getByRole('link', { name: 'Acheter neuf : nos critères' }).click();
    await page.waitForURL(/\/renew\/tip\?/);
    await visible(page, 'Étiquette énergie');
    await page.getByRole('link', { name: 'Voir les aides' }).click();
    await page.waitForURL(/\/renew\/fundsearch\?/);
    await expect.poll(() => page.getByTestId('renew-bonus').innerText()).toContain('le bonus réparation est de 50 €');
    await visible(page, 'Bonus réparation (QualiRépar)');
    await page.screenshot({ path: 'e2e/screenshots/renew-funds-phone.png', fullPage: true });
    await context.close();
  });
});

describe('accessibility of the repair, second-life and re-equipment pages (axe)', () => {
  it('has no serious or critical violation', async () => {
    const { context, page, prod, appliance } = await household(PHONE);
    await context.route('https://quefairedemesobjets.ademe.fr/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<html lang="fr"><title>carte</title><p>carte</p></html>' }),
    );
    const q = `appliance=${appliance}&prod=${prod}`;
    const check = async (path: string, prepare?: () => Promise<void>) => {
      await page.goto(path);
      await page.waitForSelector('h1');
      await prepare?.();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html} ${n.failureSummary}`).join(', ')}`),
      ).toEqual([]);
    };
    await check(`/repair?${q}`, async () => {
      await say(page, 'Ma machine ne vidange plus');
      await page.getByRole('button', { name: 'Diagnostiquer et réparer moi-même' }).click();
      await page.getByRole('button', { name: 'J’ai compris, je continue' }).click();
      await expect.poll(() => page.getByTestId('analysis').count()).toBe(1);
    });
    await check('/repair', () => visible(page, 'Décrire une panne'));
    await check(`/callplan?${q}`, () => visible(page, 'Préparer le rendez-vous'));
    await check(`/secondlife/actionselect?${q}`, () => visible(page, 'Mes appareils partis vers une seconde vie'));
    await check(`/secondlife/give?${q}`, () => visible(page, 'Avant de donner'));
    await check(`/secondlife/sell?${q}`, () => visible(page, 'Bien vendre, étape par étape'));
    await check(`/secondlife/recycle?${q}`, () => visible(page, /Reprise «\s1 pour 1\s»/));
    await check(`/renew/optionselect?${q}`, () => visible(page, 'Occasion ou reconditionné'));
    await check('/replace/product', () => visible(page, 'Lave-linge'));
    await check(`/renew/offer?${q}`, () => visible(page, 'L’occasion d’abord'));
    await check(`/renew/tip?${q}`, () => visible(page, 'Nos conseils'));
    await check(`/renew/fundsearch?${q}`, () => visible(page, 'Bonus réparation (QualiRépar)'));
    await context.close();
  }, 180_000); // Eleven pages and their axe audits in one test: more than the default minute on a busy 2-core machine.
});
