import { MSG } from '@ecofoyer/contracts';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let me: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
let laundry: number;
let washer: number;
const users = (id: number) => `/api/V1/profils/users/${id}`;
const item = (id: number) => `/api/V1/profils/users/foyers/univers/appliances/${id}`;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-24T10:00:00Z');
  me = await signedInUser(t, 'droits@exemple.fr');
  other = await signedInUser(t, 'autre-droits@exemple.fr');
  const u = await multipart({ name: 'Buanderie' });
  laundry = (
    await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/foyers/univers`,
      headers: { ...me.headers, ...u.headers },
      payload: u.payload,
    })
  ).json().univer_id;
  const products = (await t.app.inject({ url: '/api/V1/references/refproducts', headers: me.headers })).json() as {
    id: number;
    prodName: string;
  }[];
  washer = products.find((p) => p.prodName === 'Lave-linge')!.id;
}, 60_000);
afterAll(async () => {
  await t.app.close();
});

async function add(data: Record<string, unknown>) {
  const body = await multipart({ data: JSON.stringify({ prod_id: washer, marque: 'Bosch', modele: 'Série 6', ...data }) });
  return t.app.inject({
    method: 'POST',
    url: `${users(me.id)}/foyers/univers/${laundry}/appliances`,
    headers: { ...me.headers, ...body.headers },
    payload: body.payload,
  });
}

describe('« Mes droits »', () => {
  it('keeps the paperwork of an appliance, and an update without it keeps it', async () => {
    const res = await add({
      dt_achat: '2025-01-20',
      vendeur: 'Boulanger Lyon',
      prix_achat: '549,90',
      numero_serie: 'FD 9604 200123',
      dt_livraison: '2025-01-24',
      garantie_commerciale_fin: '2028-01-24',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      vendeur: 'Boulanger Lyon',
      prix_achat: 549.9,
      numero_serie: 'FD 9604 200123',
      dt_livraison: '2025-01-24',
      occasion: false,
      garantie_commerciale_fin: '2028-01-24',
    });
    const id = res.json().id as number;
    const put = await t.app.inject({
      method: 'PUT',
      url: `${item(id)}/text`,
      headers: me.headers,
      payload: { name: 'Lave-linge', marque: 'Bosch', modele: 'Série 6', dt_achat: '2025-01-20' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ vendeur: 'Boulanger Lyon', prix_achat: 549.9, dt_livraison: '2025-01-24' });
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `${item(id)}/text`,
      headers: me.headers,
      payload: { name: 'Lave-linge', marque: 'Bosch', modele: 'Série 6', vendeur: null, occasion: true },
    });
    expect(cleared.json()).toMatchObject({ vendeur: null, occasion: true, numero_serie: 'FD 9604 200123' });
  });

  it('refuses a bad price or a delivery in the future with a French message, saving nothing', async () => {
    const price = await add({ prix_achat: 'cher' });
    expect(price.statusCode).toBe(400);
    expect(price.json().message).toBe(MSG.priceInvalid);
    const delivery = await add({ dt_livraison: '2027-01-01' });
    expect(delivery.statusCode).toBe(400);
    expect(delivery.json().message).toBe(MSG.deliveryInFuture);
  });

  it('answers the rights: a washing machine bought 23 months ago, repaired once under guarantee, 10 days out of use', async () => {
    const id = (await add({ dt_achat: '2024-12-24', garantie_commerciale_fin: '2026-12-24' })).json().id as number;
    const panne = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/events`,
      headers: me.headers,
      payload: {
        title: 'Ne vidange plus',
        dt_realisation: '2025-06-02T09:00:00Z',
        applianceId: id,
        type: 'PANNE',
        sous_garantie: true,
        immobilisation_jours: 10,
      },
    });
    expect(panne.statusCode).toBe(201);
    expect(panne.json()).toMatchObject({ sous_garantie: true, immobilisation_jours: 10, remplace: false });
    const res = await t.app.inject({ url: `${item(id)}/droits`, headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      legale: {
        debut: '2024-12-24',
        fin: '2027-06-24',
        active: true,
        prolongations: [{ raison: 'Réparé sous garantie le 2 juin 2025 : 6 mois de plus', mois: 6 }],
      },
      commerciale: { fin: '2027-01-03', active: true },
      pieces: {
        jusqua: '2034-12-24',
        annees: 10,
        source: expect.stringContaining('règlement (UE) 2019/2023'),
        texte: 'Disponibles au moins jusqu’en 2034 (estimation).',
      },
      bonus: {
        eligible: false,
        montant: 50,
        aConfirmer: false,
        raison: 'Le bonus réparation ne s’applique qu’à un appareil hors garantie : faites d’abord jouer la garantie.',
      },
      conseil: { action: 'garantie', texte: expect.stringContaining('jusqu’au 24 juin 2027') },
      // The smart-fix estimate for a Bosch washing machine, 1 year old, that « ne vidange plus » (the trained model).
      reparabilite: {
        probabilite: expect.any(Number),
        moyenne: expect.any(Number),
        type: 'Lave-linge',
        enregistrements: expect.any(Number),
      },
    });
    const { reparabilite } = res.json();
    const direct = t.app.services.smartfix.predict({
      product_category_id: 17,
      kind: 'lave-linge',
      brand: 'Bosch',
      product_age: 1,
      problem: 'Ne vidange plus',
    });
    expect(reparabilite).toEqual({
      probabilite: direct.repair_probability,
      moyenne: direct.category_rate,
      type: 'Lave-linge',
      enregistrements: direct.category_records,
    });
    expect(reparabilite.enregistrements).toBeGreaterThan(0);
  });

  it('says a laptop’s spare parts as an obligation that ended once the server’s clock is past it, and gives a 2012 washer none', async () => {
    const products = (await t.app.inject({ url: '/api/V1/references/refproducts', headers: me.headers })).json() as {
      id: number;
      slug: string;
    }[];
    const laptop = products.find((p) => p.slug === 'ordinateur-portable')!.id;
    const id = (await add({ prod_id: laptop, dt_achat: '2022-02-01' })).json().id as number;
    const texte = async (of: number) =>
      (await t.app.inject({ url: `${item(of)}/droits`, headers: me.headers })).json().pieces.texte as string;
    expect(await texte(id)).toBe('Disponibles au moins jusqu’en 2027 (estimation).');
    try {
      t.clock.set('2028-01-10T10:00:00Z');
      // Two years on, the session of 2026 is long over: signed in again on that day.
      const signin = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { username: 'droits@exemple.fr', password: 'Secret1!ok' },
      });
      const later = { authorization: `Bearer ${signin.json().accessToken}` };
      const read = await t.app.inject({ url: `${item(id)}/droits`, headers: later });
      expect(read.json().pieces.texte).toBe(
        'L’obligation de disponibilité a pris fin en 2027 (estimation)\u00a0: le fabricant ou un réparateur peut encore en avoir.',
      );
    } finally {
      t.clock.set('2026-11-24T10:00:00Z');
    }
    // The EU rule binds washers placed on the market from 1 March 2021: one of 2012 never had a duration.
    const old = (await add({ dt_achat: '2012-06-15' })).json().id as number;
    expect(await texte(old)).toBe('Pas de durée minimale pour un appareil de cet âge.');
  });

  it('answers 404 for another household’s appliance and 401 without a session', async () => {
    const id = (await add({ dt_achat: '2024-01-01' })).json().id as number;
    expect((await t.app.inject({ url: `${item(id)}/droits`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${item(id)}/droits` })).statusCode).toBe(401);
  });

  it('reminds 60 and 7 days before the legal guarantee ends, each once', async () => {
    const user = await signedInUser(t, 'rappel-garantie@exemple.fr');
    const u = await multipart({ name: 'Cuisine' });
    const kitchen = (
      await t.app.inject({
        method: 'POST',
        url: `${users(user.id)}/foyers/univers`,
        headers: { ...user.headers, ...u.headers },
        payload: u.payload,
      })
    ).json().univer_id;
    const body = await multipart({ data: JSON.stringify({ prod_id: washer, marque: 'Miele', modele: 'WWD', dt_achat: '2024-12-30' }) });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${users(user.id)}/foyers/univers/${kitchen}/appliances`,
          headers: { ...user.headers, ...body.headers },
          payload: body.payload,
        })
      ).statusCode,
    ).toBe(201);
    // Two more of the same household, read together: one ending in 39 days, one in 7 months (no reminder yet).
    for (const more of [
      { marque: 'Bosch', modele: 'Série 4', dt_achat: '2025-01-02' },
      { marque: 'Candy', modele: 'CS', dt_achat: '2025-06-20' },
    ]) {
      const b = await multipart({ data: JSON.stringify({ prod_id: washer, ...more }) });
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `${users(user.id)}/foyers/univers/${kitchen}/appliances`,
            headers: { ...user.headers, ...b.headers },
            payload: b.payload,
          })
        ).statusCode,
      ).toBe(201);
    }
    // Read through the service: the clock moves past the access token's 15 minutes.
    const garanties = async () => (await t.app.services.notifications.list(user.id)).filter((n) => n.type === 'GARANTIE');

    t.clock.set('2026-11-24T10:00:00Z'); // 36 days before 30 December 2026
    // Two ticks at once (the scheduler's and another): whichever ends first, the reminders exist by then.
    const ticks = [t.app.services.notifications.tick(), t.app.services.notifications.tick()];
    await Promise.race(ticks);
    expect(await garanties()).toHaveLength(2);
    await Promise.all(ticks);
    expect((await garanties()).map((n) => n.title).sort()).toEqual([
      'Garantie : Lave-linge Bosch, fin le 2 janvier 2027',
      'Garantie : Lave-linge Miele, fin le 30 décembre 2026',
    ]);
    expect((await garanties()).map((n) => n.message)).toContainEqual(
      expect.stringContaining('Plus que 36 jours de garantie légale de conformité pour Lave-linge Miele'),
    );
    t.clock.set('2026-11-26T10:00:00Z');
    await t.app.services.notifications.tick();
    expect(await garanties()).toHaveLength(2);
    t.clock.set('2026-12-25T10:00:00Z'); // 5 days before the Miele's end, 8 before the Bosch's
    await t.app.services.notifications.tick();
    const after = await garanties();
    expect(after).toHaveLength(3);
    expect(after.map((n) => n.message)).toContainEqual(
      expect.stringContaining('Plus que 5 jours de garantie légale de conformité pour Lave-linge Miele'),
    );
    t.clock.set('2026-11-24T10:00:00Z');
  });

  it('puts the end of each running guarantee in the calendar feed as a whole day, reminded 60 and 7 days before', async () => {
    const user = await signedInUser(t, 'agenda-garantie@exemple.fr');
    const u = await multipart({ name: 'Cuisine' });
    const kitchen = (
      await t.app.inject({
        method: 'POST',
        url: `${users(user.id)}/foyers/univers`,
        headers: { ...user.headers, ...u.headers },
        payload: u.payload,
      })
    ).json().univer_id;
    const body = await multipart({
      data: JSON.stringify({
        prod_id: washer,
        marque: 'Miele',
        modele: 'WWD',
        dt_achat: '2025-03-10',
        garantie_commerciale_fin: '2029-03-10',
      }),
    });
    const id = (
      await t.app.inject({
        method: 'POST',
        url: `${users(user.id)}/foyers/univers/${kitchen}/appliances`,
        headers: { ...user.headers, ...body.headers },
        payload: body.payload,
      })
    ).json().id;
    const { url } = (await t.app.inject({ url: `${users(user.id)}/calendar-feed`, headers: user.headers })).json();
    const res = await t.app.inject({ url: new URL(url).pathname });
    expect(res.statusCode).toBe(200);
    const vevents = new ICAL.Component(ICAL.parse(res.body)).getAllSubcomponents('vevent');
    const ends = vevents.map((v) => ({
      event: new ICAL.Event(v),
      alarms: v.getAllSubcomponents('valarm').map((a) => String(a.getFirstPropertyValue('trigger'))),
    }));
    expect(ends.map((e) => [e.event.uid, e.event.summary, e.event.startDate.toString(), e.event.startDate.isDate])).toEqual([
      [`garantie-${id}-legale@ecofoyer`, 'Fin de la garantie légale de conformité : Lave-linge Miele', '2027-03-10', true],
      [`garantie-${id}-commerciale@ecofoyer`, 'Fin de la garantie commerciale : Lave-linge Miele', '2029-03-10', true],
    ]);
    for (const e of ends) expect(e.alarms).toEqual(['-P60D', '-P7D']);
    expect(ends[0]!.event.description).toContain('le vendeur doit réparer ou remplacer l’appareil gratuitement');
  });

  it('sums up the household: how many appliances are still under a guarantee, and the nearest end', async () => {
    const user = await signedInUser(t, 'resume-garantie@exemple.fr');
    const u = await multipart({ name: 'Salon' });
    const room = (
      await t.app.inject({
        method: 'POST',
        url: `${users(user.id)}/foyers/univers`,
        headers: { ...user.headers, ...u.headers },
        payload: u.payload,
      })
    ).json().univer_id;
    const add = async (data: Record<string, unknown>) => {
      const body = await multipart({ data: JSON.stringify({ prod_id: washer, marque: 'Bosch', modele: 'X', ...data }) });
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `${users(user.id)}/foyers/univers/${room}/appliances`,
            headers: { ...user.headers, ...body.headers },
            payload: body.payload,
          })
        ).statusCode,
      ).toBe(201);
    };
    const resume = async () => (await t.app.inject({ url: `${users(user.id)}/droits/resume`, headers: user.headers })).json();
    expect(await resume()).toEqual({ sousGarantie: 0, prochaineFin: null });
    await add({ dt_achat: '2026-01-15' }); // legal guarantee to 15 January 2028
    await add({ dt_achat: '2025-02-01', name: 'Vieux lave-linge' }); // to 1 February 2027
    await add({ dt_achat: '2019-05-01' }); // over
    expect(await resume()).toEqual({
      sousGarantie: 2,
      prochaineFin: { applianceId: expect.any(Number), nom: 'Vieux lave-linge', fin: '2027-02-01' },
    });
    const other = await signedInUser(t, 'autre-resume@exemple.fr');
    expect((await t.app.inject({ url: `${users(user.id)}/droits/resume`, headers: other.headers })).statusCode).toBe(403);
  });
});
