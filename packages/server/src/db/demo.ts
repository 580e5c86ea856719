import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNT, ROLES } from '@ecofoyer/contracts';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../lib/passwords.ts';

const ASSETS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-assets');

/** The demo household: universes by reference slug, appliances by product slug (a realistic mix). */
const DEMO_UNIVERSES = [
  { ref: 'cuisine', description: 'Cuisine ouverte sur le séjour, côté cour.' },
  { ref: 'buanderie', description: 'Au sous-sol, à côté de la chaudière.' },
  { ref: 'salon', description: 'Le coin télé et la bibliothèque.' },
  { ref: 'bureau', description: 'Le bureau partagé pour le télétravail.' },
];

const DEMO_APPLIANCES: { universe: string; product: string; marque: string; modele: string; dt_achat: string | null; note?: string; classenergie?: 'A' | 'B' | 'C' | 'D' | 'E' }[] = [
  { universe: 'buanderie', product: 'lave-linge', marque: 'Bosch', modele: 'Série 6 WGG24409FF', dt_achat: '2023-03-14', classenergie: 'A', note: 'Nettoyer le filtre tous les 3 mois.' },
  { universe: 'buanderie', product: 'seche-linge', marque: 'Electrolux', modele: 'EW8H4825SC', dt_achat: '2021-11-02', classenergie: 'A', note: 'Vider le bac à eau après chaque cycle.' },
  { universe: 'cuisine', product: 'refrigerateur', marque: 'Liebherr', modele: 'CNef 4835', dt_achat: '2019-06-21', classenergie: 'C' },
  { universe: 'cuisine', product: 'lave-vaisselle', marque: 'Siemens', modele: 'iQ300 SN23HI60AE', dt_achat: '2020-09-10', classenergie: 'D', note: 'Sel régénérant à recharger.' },
  { universe: 'cuisine', product: 'four', marque: 'Whirlpool', modele: 'AKZ9 6230 IX', dt_achat: '2018-04-03', classenergie: 'A' },
  { universe: 'cuisine', product: 'micro-ondes', marque: 'Samsung', modele: 'MS23K3513AK', dt_achat: null },
  { universe: 'cuisine', product: 'cafetiere-expresso', marque: "De'Longhi", modele: 'Dedica EC685', dt_achat: '2022-12-20', note: 'Détartrer tous les 2 mois.' },
  { universe: 'cuisine', product: 'bouilloire', marque: 'Moulinex', modele: 'Subito BY540D10', dt_achat: '2024-02-11' },
  { universe: 'cuisine', product: 'grille-pain', marque: 'Dualit', modele: 'Classic 2 fentes', dt_achat: '2017-05-30', note: 'Réparé en 2023 au Repair Café.' },
  { universe: 'salon', product: 'televiseur', marque: 'LG', modele: 'OLED55C3', dt_achat: '2023-07-08', classenergie: 'E' },
  { universe: 'salon', product: 'aspirateur', marque: 'Dyson', modele: 'V11 Absolute', dt_achat: '2022-03-15', note: 'Batterie qui faiblit.' },
  { universe: 'bureau', product: 'ordinateur-portable', marque: 'Lenovo', modele: 'ThinkPad T14 Gen 3', dt_achat: '2022-09-01' },
];

const asset = (name: string): Buffer | null => {
  const file = path.join(ASSETS, name);
  return existsSync(file) ? readFileSync(file) : null;
};

/** The demo account (credentials built into the client, API.md "Demo"), created once. */
async function demoUser(app: FastifyInstance): Promise<number> {
  const { db } = app.deps;
  const existing = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNT.username).executeTakeFirst();
  if (existing) return existing.id;
  const now = new Date();
  const row = await db
    .insertInto('users')
    .values({
      username: DEMO_ACCOUNT.username,
      email: DEMO_ACCOUNT.username,
      firstname: 'Camille',
      lastname: 'Martin',
      adresse: '12 rue des Lilas, 69003 Lyon',
      telephone: '06 12 34 56 78',
      password_hash: await hashPassword(DEMO_ACCOUNT.password),
      roles: [ROLES.freemium],
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  app.log.info('compte de démonstration créé');
  return row?.id ?? demoUser(app);
}

/** Seeds the demo account and, when it has no universe yet, its household inventory. */
export async function seedDemo(app: FastifyInstance): Promise<number> {
  const userId = await demoUser(app);
  const { universes, appliances, references } = app.services;
  if ((await universes.listCustom(userId)).length > 0) return userId;

  const refUniverses = new Map((await references.universeRows()).map((u) => [u.slug, u]));
  const products = new Map((await references.productRows()).map((p) => [p.slug, p]));
  const created = new Map<string, number>();
  for (const u of DEMO_UNIVERSES) {
    const ref = refUniverses.get(u.ref);
    if (!ref) continue;
    const universe = await universes.create(userId, { name: ref.name, description: u.description, refUniverId: ref.id });
    created.set(u.ref, universe.univer_id);
  }
  for (const a of DEMO_APPLIANCES) {
    const universeId = created.get(a.universe);
    const product = products.get(a.product);
    if (!universeId || !product) continue;
    const appliance = await appliances.create(
      userId,
      universeId,
      { prod_id: product.id, marque: a.marque, modele: a.modele, dt_achat: a.dt_achat, note: a.note ?? null, classenergie: a.classenergie ?? null },
      asset(`${a.product}.png`),
    );
    if (a.product === 'lave-linge') {
      const invoice = asset('facture-lave-linge.pdf');
      const manual = asset('notice-lave-linge.pdf');
      if (invoice) await appliances.replaceFile(userId, appliance.id, 'invoice', invoice);
      if (manual) await appliances.replaceFile(userId, appliance.id, 'manual', manual);
    }
  }
  app.log.info({ appliances: DEMO_APPLIANCES.length }, 'inventaire de démonstration créé');
  return userId;
}
