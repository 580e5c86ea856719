import { asUserId, type FoyerId, type UserId } from '../lib/ids.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

const ASSETS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-assets');

/** The demo household: universes by reference slug, appliances by product slug (a realistic mix). */
const DEMO_UNIVERSES = [
  { ref: 'cuisine', description: 'Cuisine ouverte sur le séjour, côté cour.' },
  { ref: 'buanderie', description: 'Au sous-sol, à côté de la chaudière.' },
  { ref: 'salon', description: 'Le coin télé et la bibliothèque.' },
  { ref: 'bureau', description: 'Le bureau partagé pour le télétravail.' },
];

const DEMO_APPLIANCES: {
  universe: string;
  product: string;
  marque: string;
  modele: string;
  dt_achat: string | null;
  note?: string;
  classenergie?: 'A' | 'B' | 'C' | 'D' | 'E';
}[] = [
  {
    universe: 'buanderie',
    product: 'lave-linge',
    marque: 'Bosch',
    modele: 'Série 6 WGG24409FF',
    dt_achat: '2023-03-14',
    classenergie: 'A',
    note: 'Nettoyer le filtre tous les 3 mois.',
  },
  {
    universe: 'buanderie',
    product: 'seche-linge',
    marque: 'Electrolux',
    modele: 'EW8H4825SC',
    dt_achat: '2021-11-02',
    classenergie: 'A',
    note: 'Vider le bac à eau après chaque cycle.',
  },
  { universe: 'cuisine', product: 'refrigerateur', marque: 'Liebherr', modele: 'CNef 4835', dt_achat: '2019-06-21', classenergie: 'C' },
  {
    universe: 'cuisine',
    product: 'lave-vaisselle',
    marque: 'Siemens',
    modele: 'iQ300 SN23HI60AE',
    dt_achat: '2020-09-10',
    classenergie: 'D',
    note: 'Sel régénérant à recharger.',
  },
  { universe: 'cuisine', product: 'four', marque: 'Whirlpool', modele: 'AKZ9 6230 IX', dt_achat: '2018-04-03', classenergie: 'A' },
  { universe: 'cuisine', product: 'micro-ondes', marque: 'Samsung', modele: 'MS23K3513AK', dt_achat: null },
  {
    universe: 'cuisine',
    product: 'cafetiere-expresso',
    marque: "De'Longhi",
    modele: 'Dedica EC685',
    dt_achat: '2022-12-20',
    note: 'Détartrer tous les 2 mois.',
  },
  { universe: 'cuisine', product: 'bouilloire', marque: 'Moulinex', modele: 'Subito BY540D10', dt_achat: '2024-02-11' },
  {
    universe: 'cuisine',
    product: 'grille-pain',
    marque: 'Dualit',
    modele: 'Classic 2 fentes',
    dt_achat: '2017-05-30',
    note: 'Réparé en 2023 au Repair Café.',
  },
  { universe: 'salon', product: 'televiseur', marque: 'LG', modele: 'OLED55C3', dt_achat: '2023-07-08', classenergie: 'E' },
  {
    universe: 'salon',
    product: 'aspirateur',
    marque: 'Dyson',
    modele: 'V11 Absolute',
    dt_achat: '2022-03-15',
    note: 'Batterie qui faiblit.',
  },
  { universe: 'bureau', product: 'ordinateur-portable', marque: 'Lenovo', modele: 'ThinkPad T14 Gen 3', dt_achat: '2022-09-01' },
];

const asset = (name: string): Buffer | null => {
  const file = path.join(ASSETS, name);
  return existsSync(file) ? readFileSync(file) : null;
};

/**
 * Fills a visitor's new demo account (one household per click on DEMO, deleted after
 * 24 h) with the realistic household: universes, appliances with pictures, the washing machine's
 * invoice and manual, past and planned maintenance, a repaired breakdown, notifications, badges.
 */
export async function seedDemoHousehold(app: FastifyInstance, id: number): Promise<void> {
  const { universes, appliances, references, foyer } = app.services;
  const userId = asUserId(id);
  const { foyerId } = await foyer.membership(userId);

  const refUniverses = new Map((await references.universeRows()).map((u) => [u.slug, u]));
  const products = new Map((await references.productRows()).map((p) => [p.slug, p]));
  const created = new Map<string, number>();
  const applianceIds = new Map<string, number>();
  for (const u of DEMO_UNIVERSES) {
    const ref = refUniverses.get(u.ref);
    if (!ref) continue;
    const universe = await universes.create(foyerId, { name: ref.name, description: u.description, refUniverId: ref.id });
    created.set(u.ref, universe.univer_id);
  }
  for (const a of DEMO_APPLIANCES) {
    const universeId = created.get(a.universe);
    const product = products.get(a.product);
    if (!universeId || !product) continue;
    const appliance = await appliances.create(
      foyerId,
      universeId,
      {
        prod_id: product.id,
        marque: a.marque,
        modele: a.modele,
        dt_achat: a.dt_achat,
        note: a.note ?? null,
        classenergie: a.classenergie ?? null,
      },
      asset(`${a.product}.png`),
      userId,
    );
    applianceIds.set(a.product, appliance.id);
    if (a.product === 'lave-linge') {
      const invoice = asset('facture-lave-linge.pdf');
      const manual = asset('notice-lave-linge.pdf');
      if (invoice) await appliances.replaceFile(foyerId, appliance.id, 'invoice', invoice);
      if (manual) await appliances.replaceFile(foyerId, appliance.id, 'manual', manual);
    }
  }
  await seedDemoMaintenance(app, foyerId, userId, applianceIds);
}

const DAY = 86_400_000;

/** Past and planned maintenance, a monthly series, a repaired breakdown and the resulting notifications. */
async function seedDemoMaintenance(app: FastifyInstance, foyerId: FoyerId, userId: UserId, appliances: Map<string, number>): Promise<void> {
  const { events, notifications } = app.services;
  const { db } = app.deps;
  const now = app.deps.clock.now();
  const at = (days: number, hour = 9) => {
    const d = new Date(now.getTime() + days * DAY);
    d.setUTCHours(hour - 1, 0, 0, 0); // 9 h in Paris in winter
    return d;
  };
  const cards = new Map((await db.selectFrom('maintenance_cards').select(['id', 'slug', 'title']).execute()).map((c) => [c.slug, c]));
  const plan = async (slug: string, product: string, days: number, note: string | null = null) => {
    const card = cards.get(slug);
    const applianceId = appliances.get(product) ?? null;
    if (!card) return null;
    return events.create(
      foyerId,
      { title: card.title, dt_realisation: at(days), note, applianceId, maintenanceCardId: card.id, type: 'MAINTENANCE' },
      userId,
    );
  };
  const done = async (slug: string, product: string, days: number, note: string) => {
    const e = await plan(slug, product, days, note);
    if (e)
      await db
        .updateTable('events')
        .set({ status: 'DONE', done_at: at(days, 11) })
        .where('id', '=', e.id)
        .execute();
  };

  await done('lave-linge-filtre-vidange', 'lave-linge', -75, 'Une pièce de monnaie bloquait le filtre.');
  await done('refrigerateur-condenseur', 'refrigerateur', -40, 'Beaucoup de poussière derrière : à refaire au printemps.');
  await done('lave-vaisselle-filtre', 'lave-vaisselle', -20, 'Filtre rincé à l’eau chaude.');
  await done('aspirateur-bac-filtres', 'aspirateur', -9, 'Filtre lavé, séché 24 h avant remontage.');
  // Everything in the past is done: a demo shows no forgotten task as late.
  await plan('lave-vaisselle-sel-regenerant', 'lave-vaisselle', 3, 'Acheter du sel régénérant.');
  await plan('lave-linge-joint-hublot', 'lave-linge', 1);
  await plan('cafetiere-expresso-detartrage', 'cafetiere-expresso', 6, 'Détartrant du fabricant dans le placard.');
  await plan('lave-linge-detartrage', 'lave-linge', 24);
  const kettle = cards.get('bouilloire-detartrage');
  if (kettle) {
    await events.createSeries(
      foyerId,
      {
        title: kettle.title,
        dt_realisation: at(12),
        note: 'Eau calcaire à Lyon : tous les mois.',
        applianceId: appliances.get('bouilloire') ?? null,
        maintenanceCardId: kettle.id,
        type: 'MAINTENANCE',
      },
      'monthly',
      userId,
    );
  }
  const toaster = appliances.get('grille-pain') ?? null;
  const repaired = await events.create(
    foyerId,
    {
      title: 'Le grille-pain ne remontait plus',
      dt_realisation: at(-210, 15),
      note: 'Ressort du levier remplacé au Repair Café.',
      applianceId: toaster,
      maintenanceCardId: null,
      type: 'PANNE',
    },
    userId,
  );
  await db
    .updateTable('events')
    .set({ status: 'DONE', done_at: at(-210, 17) })
    .where('id', '=', repaired.id)
    .execute();

  // Tomorrow's maintenance give their notifications now; the badges earned and a welcome too.
  await notifications.tick();
  await app.services.badges.evaluate(userId);
  await notifications.challenge(
    userId,
    `welcome:${userId}`,
    'Bienvenue dans EcoFoyer !',
    'Votre foyer de démonstration est prêt : explorez vos appareils, votre calendrier et vos entretiens.',
  );
}
