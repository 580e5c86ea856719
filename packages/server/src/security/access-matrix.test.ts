import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, PDF, PNG } from '../../test/multipart.ts';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app.ts';
import { type ApiRoute, routeTable } from '../../test/security/route-table.ts';
import { type Household, pushService, seedHousehold, signUpAndIn } from '../../test/security/seed.ts';

/**
 * Access control matrix, generated from the route table: user B, signed in, calls every
 * route with user A's ids. A `{userId}` of A's answers 403, an `{id}` of A's (with B's own userId)
 * 404, and no answer carries anything of A's. A route with no case below fails the first test,
 * so a route added later must come with its ownership case (or a reason to be public).
 */

let t: TestApp;
let routes: ApiRoute[];
let push: Awaited<ReturnType<typeof pushService>>;
let A: Household;
let B: Awaited<ReturnType<typeof signedInUser>>;
let bUniverse: number;
let bAppliance: number;
let cases: Record<string, Case>;
/** Lower-cased strings of A's that no answer to B may contain. */
let secrets: string[];

interface Probe {
  method: string;
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
  expect: number;
}
type Case =
  /** Needs no session; the reason says why that is right. */
  | { public: string; probe?: Probe }
  /** Touches owned data: every probe carries A's ids and must be refused. */
  | { owned: Probe[] }
  /** Needs a session but reads or writes nothing of another user's: B gets its own answer. */
  | { signedIn: string; probes: Probe[] };

const users = (id: number) => `/api/V1/profils/users/${id}`;
const item = (id: number) => `/api/V1/profils/users/foyers/univers/appliances/${id}`;
const TAG = 'Zéphyrin';

beforeAll(async () => {
  push = await pushService();
  t = await createTestApp({ PUSH_ALLOW_HTTP: 'true' });
  routes = await routeTable(t);
  const alice = await signUpAndIn(t, {
    email: 'alienor.zephyrin@exemple.fr',
    firstname: 'Aliénor',
    lastname: TAG,
    adresse: `7 impasse ${TAG}`,
    telephone: '0611223344',
  });
  A = await seedHousehold(t, alice, TAG, push.endpoint('zephyrin-abonnement'));
  B = await signedInUser(t, 'bob@exemple.fr');
  const u = await multipart({ name: 'Salon de B' });
  bUniverse = (
    await t.app.inject({
      method: 'POST',
      url: `${users(B.id)}/foyers/univers`,
      headers: { ...B.headers, ...u.headers },
      payload: u.payload,
    })
  ).json().univer_id;
  const a = await multipart({ data: JSON.stringify({ prod_id: A.productId, marque: 'Brandt', modele: 'B1' }) });
  bAppliance = (
    await t.app.inject({
      method: 'POST',
      url: `${users(B.id)}/foyers/univers/${bUniverse}/appliances`,
      headers: { ...B.headers, ...a.headers },
      payload: a.payload,
    })
  ).json().id;

  secrets = [
    'zephyrin',
    TAG.toLowerCase(),
    '0611223344',
    A.badgePublicUuid,
    A.calendarToken.toLowerCase(),
    A.user.refreshToken.toLowerCase(),
    A.user.accessToken.toLowerCase(),
    ...Object.values(A.fileUrls).map((url) => /[0-9a-f-]{36}/.exec(url)![0]),
  ];
  cases = await buildCases();
});
afterAll(async () => {
  await t.app.close();
  push.server.close();
});

async function buildCases(): Promise<Record<string, Case>> {
  const [universeForm, applianceForm, pdfForm, pngForm] = await Promise.all([
    multipart({ name: 'Pièce volée' }),
    multipart({ data: JSON.stringify({ prod_id: A.productId, marque: 'Intrus', modele: 'X' }) }),
    multipart({ file: { filename: 'f.pdf', data: PDF } }),
    multipart({ file: { filename: 'f.png', data: PNG } }),
  ]);
  const form = (f: typeof pdfForm) => ({ payload: f.payload, headers: f.headers });
  const a = A.user.id;
  const b = B.id;
  const event = { title: 'Entretien', dt_realisation: '2026-12-24T09:00:00Z' };
  const publicCase = (reason: string, probe?: Probe): Case => ({ public: reason, probe });
  const aSession = ((await t.app.inject({ url: '/api/auth/sessions', headers: A.user.headers })).json() as { id: string }[])[0]!.id;
  const aLabel = (
    (
      await t.app.inject({
        method: 'POST',
        url: `${users(a)}/etiquettes`,
        headers: A.user.headers,
        payload: { applianceIds: [A.applianceId] },
      })
    ).json() as { code: string }[]
  )[0]!.code;
  // A recall of A's appliance, recorded as the daily RappelConso run would.
  const aRecall = (
    await t.db
      .insertInto('appliance_recalls')
      .values({
        foyer_id: a,
        appliance_id: A.applianceId,
        sheet_id: '2026-11-0142',
        title: `Lave-linge ${TAG}`,
        risk: 'Risque d’incendie.',
        what_to_do: 'Ne plus utiliser le produit.',
        link: 'https://rappel.conso.gouv.fr/fiche-rappel/18427/interne',
        published_at: new Date('2026-11-18T10:12:00Z'),
        matched_at: new Date('2026-11-21T09:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const A_DOSSIER = (
    (await t.app.inject({ method: 'POST', url: `${users(a)}/dossier`, headers: A.user.headers, payload: { factures: false } })).json() as {
      id: string;
    }
  ).id;
  await t.app.services.dossier.idle();
  const aShare = (
    (
      await t.app.inject({ method: 'POST', url: `${users(a)}/dossier/partages`, headers: A.user.headers, payload: { jours: 7 } })
    ).json() as { id: string }
  ).id;

  // A claim of A's about its breakdown, with a step and a document.
  const aClaim = (
    await t.app.inject({
      method: 'POST',
      url: `${users(a)}/demarches`,
      headers: A.user.headers,
      payload: { applianceId: A.applianceId, eventId: A.panneEventId, voie: 'garantie-legale', defaut: `Panne ${TAG}` },
    })
  ).json() as { id: number };
  await t.app.inject({
    method: 'POST',
    url: `${users(a)}/demarches/${aClaim.id}/etapes`,
    headers: A.user.headers,
    payload: { type: 'envoyee', date: '2026-11-21', note: `Envoyée par ${TAG}` },
  });
  const aPiece = (
    (
      await t.app.inject({
        method: 'POST',
        url: `${users(a)}/demarches/${aClaim.id}/pieces`,
        headers: { ...A.user.headers, ...pdfForm.headers },
        payload: pdfForm.payload,
      })
    ).json() as { pieces: { id: number }[] }
  ).pieces[0]!.id;
  const claim = { applianceId: A.applianceId, voie: 'garantie-legale', defaut: 'Volée' };

  return {
    'POST /api/auth/signup': publicCase('creating an account'),
    'POST /api/auth/signin': publicCase('signing in (rate limited per address and account)'),
    'POST /api/auth/refreshtoken': publicCase('the refresh token in the body is the credential (tokens.test.ts)'),
    'POST /api/auth/signout': publicCase('the refresh token in the body is the credential (tokens.test.ts)'),
    'POST /api/auth/signin/totp': publicCase('the signed challenge of a right password is the credential, then the code (totp.test.ts)'),
    'GET /api/auth/totp': {
      signedIn: 'the caller’s own two-factor state',
      probes: [{ method: 'GET', url: '/api/auth/totp', expect: 200 }],
    },
    'POST /api/auth/totp/setup': {
      signedIn: 'the caller’s own second factor, behind its password',
      probes: [{ method: 'POST', url: '/api/auth/totp/setup', payload: { currentPassword: 'faux' }, expect: 403 }],
    },
    'POST /api/auth/totp/enable': {
      signedIn: 'the caller’s own second factor',
      probes: [{ method: 'POST', url: '/api/auth/totp/enable', payload: { code: '000000' }, expect: 403 }],
    },
    'POST /api/auth/totp/disable': {
      signedIn: 'the caller’s own second factor, behind its password',
      probes: [{ method: 'POST', url: '/api/auth/totp/disable', payload: { currentPassword: 'faux', code: '000000' }, expect: 403 }],
    },
    'POST /api/auth/email/confirm': publicCase('the token mailed to the new address is the credential (email-change.test.ts)'),
    'POST /api/auth/demo': publicCase('a new demo household of the caller’s own, limited like sign-up (demo.test.ts)'),
    'POST /api/auth/forgotpassword': publicCase('same answer for any address, the link goes to the owner’s mailbox'),
    'POST /api/auth/resetpassword': publicCase('the mailed token in the body is the credential'),
    'POST /api/auth/resetpassword/check': publicCase('the mailed token in the body is the credential; answers only whether it can be used'),
    'GET /api/legal': publicCase('who runs the instance, as the legal pages say it'),
    'GET /api/health': publicCase('load balancer probe: status only'),
    'GET /api/V1/files/*': publicCase('the signature in the query is the permission (<img src>), checked below'),
    'GET /api/V1/calendar/:file': publicCase('calendar apps cannot send a bearer: the token in the address is the secret, revocable'),
    'GET /api/V1/push/public-key': publicCase('the VAPID public key browsers subscribe with'),
    'GET /api/V1/public/badges/:publicUuid': publicCase('the share page of a badge: the first name only', {
      method: 'GET',
      url: `/api/V1/public/badges/${A.badgePublicUuid}`,
      expect: 200,
    }),

    'GET /api/auth/sessions': {
      signedIn: 'the caller’s own devices only',
      probes: [{ method: 'GET', url: '/api/auth/sessions', expect: 200 }],
    },
    'DELETE /api/auth/sessions/:sessionId': { owned: [{ method: 'DELETE', url: `/api/auth/sessions/${aSession}`, expect: 404 }] },
    'DELETE /api/auth/sessions': {
      signedIn: 'ends the caller’s other devices only',
      probes: [{ method: 'DELETE', url: '/api/auth/sessions', expect: 200 }],
    },
    'GET /api/auth/user/:userId/export': { owned: [{ method: 'GET', url: `/api/auth/user/${a}/export`, expect: 403 }] },
    'DELETE /api/auth/user/:userId': {
      owned: [{ method: 'DELETE', url: `/api/auth/user/${a}`, payload: { currentPassword: 'Secret1!ok' }, expect: 403 }],
    },
    'PUT /api/auth/user/:userId': {
      owned: [
        {
          method: 'PUT',
          url: `/api/auth/user/${a}`,
          payload: { firstname: 'Pirate', lastname: 'Pirate', email: 'pirate@exemple.fr' },
          expect: 403,
        },
      ],
    },

    'GET /api/V1/board/user': { signedIn: 'role board', probes: [{ method: 'GET', url: '/api/V1/board/user', expect: 200 }] },
    'GET /api/V1/board/freemium': { signedIn: 'role board', probes: [{ method: 'GET', url: '/api/V1/board/freemium', expect: 200 }] },
    'GET /api/V1/board/assure': {
      signedIn: 'role board (B is not insured)',
      probes: [{ method: 'GET', url: '/api/V1/board/assure', expect: 403 }],
    },
    'GET /api/V1/references/refproducts': {
      signedIn: 'reference data',
      probes: [{ method: 'GET', url: '/api/V1/references/refproducts', expect: 200 }],
    },
    'GET /api/V1/references/refunivers': {
      signedIn: 'reference data',
      probes: [{ method: 'GET', url: '/api/V1/references/refunivers', expect: 200 }],
    },
    'GET /api/maintenancecard': {
      signedIn: 'reference data',
      probes: [{ method: 'GET', url: `/api/maintenancecard?productid=${A.productId}`, expect: 200 }],
    },
    'GET /api/V1/smartfix/categories': {
      signedIn: 'reference data',
      probes: [{ method: 'GET', url: '/api/V1/smartfix/categories', expect: 200 }],
    },
    'POST /api/V1/smartfix/predict': {
      signedIn: 'a model answer from the body only',
      probes: [
        { method: 'POST', url: '/api/V1/smartfix/predict', payload: { product_category_id: 1, problem: 'ne chauffe plus' }, expect: 200 },
      ],
    },
    'POST /api/V1/assistant/chat': {
      signedIn: 'an answer from the body only',
      probes: [{ method: 'POST', url: '/api/V1/assistant/chat', payload: { user_prompt: 'Mon lave-linge fuit' }, expect: 200 }],
    },
    'POST /api/V1/assistant/securite': {
      signedIn: 'reads the body only: an emergency, a bypass request or neither',
      probes: [{ method: 'POST', url: '/api/V1/assistant/securite', payload: { texte: 'Mon lave-linge fuit' }, expect: 200 }],
    },
    // Lookups and the tariff hold nothing of anyone's; the services are off in tests (test-app.ts): 503 (identification.test.ts).
    'GET /api/V1/identification/eprel/:numero': {
      signedIn: 'a lookup in EPREL, saves nothing',
      probes: [{ method: 'GET', url: '/api/V1/identification/eprel/1480123', expect: 503 }],
    },
    'GET /api/V1/identification/ean/:ean': {
      signedIn: 'a lookup in Open Products Facts, saves nothing',
      probes: [{ method: 'GET', url: '/api/V1/identification/ean/3540012345678', expect: 503 }],
    },
    'GET /api/V1/energie/tarif': {
      signedIn: 'the configured electricity price',
      probes: [{ method: 'GET', url: '/api/V1/energie/tarif', expect: 200 }],
    },
    'POST /api/V1/files/public': {
      signedIn: 'a temporary upload of B’s own',
      probes: [{ method: 'POST', url: '/api/V1/files/public', ...form(pngForm), expect: 201 }],
    },
    'POST /api/devices': {
      signedIn: 'a device of B’s own, in no universe',
      probes: [{ method: 'POST', url: '/api/devices', payload: { marque: 'Intrus', modele: 'X' }, expect: 201 }],
    },

    'GET /api/V1/profils/users/:userId/foyers/univers': { owned: [{ method: 'GET', url: `${users(a)}/foyers/univers`, expect: 403 }] },
    'POST /api/V1/profils/users/:userId/foyers/univers': {
      owned: [{ method: 'POST', url: `${users(a)}/foyers/univers`, ...form(universeForm), expect: 403 }],
    },
    'GET /api/V1/profils/users/:userId/foyers/customunivers': {
      owned: [{ method: 'GET', url: `${users(a)}/foyers/customunivers`, expect: 403 }],
    },
    'GET /api/V1/profils/users/:userId/foyers/univers/:id': {
      owned: [
        { method: 'GET', url: `${users(a)}/foyers/univers/${A.universeId}`, expect: 403 },
        { method: 'GET', url: `${users(b)}/foyers/univers/${A.universeId}`, expect: 404 },
      ],
    },
    'PUT /api/V1/profils/users/:userId/foyers/univers/:id': {
      owned: [
        { method: 'PUT', url: `${users(a)}/foyers/univers/${A.universeId}`, ...form(universeForm), expect: 403 },
        { method: 'PUT', url: `${users(b)}/foyers/univers/${A.universeId}`, ...form(universeForm), expect: 404 },
      ],
    },
    'DELETE /api/V1/profils/users/:userId/foyers/univers/:id': {
      owned: [
        { method: 'DELETE', url: `${users(a)}/foyers/univers/${A.universeId}`, expect: 403 },
        { method: 'DELETE', url: `${users(b)}/foyers/univers/${A.universeId}`, expect: 404 },
      ],
    },
    'GET /api/V1/profils/users/:userId/appliances/count': { owned: [{ method: 'GET', url: `${users(a)}/appliances/count`, expect: 403 }] },
    'GET /api/V1/profils/users/:userId/appliances': { owned: [{ method: 'GET', url: `${users(a)}/appliances`, expect: 403 }] },
    'GET /api/V1/profils/users/:userId/foyers/univers/:id/appliances': {
      owned: [
        { method: 'GET', url: `${users(a)}/foyers/univers/${A.universeId}/appliances`, expect: 403 },
        { method: 'GET', url: `${users(b)}/foyers/univers/${A.universeId}/appliances`, expect: 404 },
      ],
    },
    'POST /api/V1/profils/users/:userId/foyers/univers/:id/appliances': {
      owned: [
        { method: 'POST', url: `${users(a)}/foyers/univers/${A.universeId}/appliances`, ...form(applianceForm), expect: 403 },
        { method: 'POST', url: `${users(b)}/foyers/univers/${A.universeId}/appliances`, ...form(applianceForm), expect: 404 },
      ],
    },
    'GET /api/V1/profils/users/foyers/univers/appliances/:id': { owned: [{ method: 'GET', url: item(A.applianceId), expect: 404 }] },
    'GET /api/V1/profils/users/foyers/univers/appliances/:id/droits': {
      owned: [{ method: 'GET', url: `${item(A.applianceId)}/droits`, expect: 404 }],
    },
    'GET /api/V1/profils/users/foyers/univers/appliances/:id/demarche': {
      owned: [{ method: 'GET', url: `${item(A.applianceId)}/demarche`, expect: 404 }],
    },
    'DELETE /api/V1/profils/users/foyers/univers/appliances/:id': { owned: [{ method: 'DELETE', url: item(A.applianceId), expect: 404 }] },
    'PUT /api/V1/profils/users/foyers/univers/appliances/:id/text': {
      owned: [
        { method: 'PUT', url: `${item(A.applianceId)}/text`, payload: { name: 'Volé', marque: 'X', modele: 'Y' }, expect: 404 },
        // B's own appliance moved into A's universe.
        {
          method: 'PUT',
          url: `${item(bAppliance)}/text`,
          payload: { name: 'Volé', marque: 'X', modele: 'Y', univer_id: A.universeId },
          expect: 404,
        },
      ],
    },
    'PUT /api/V1/profils/users/foyers/univers/appliances/:id/facture': {
      owned: [{ method: 'PUT', url: `${item(A.applianceId)}/facture`, ...form(pdfForm), expect: 404 }],
    },
    'PUT /api/V1/profils/users/foyers/univers/appliances/:id/notice': {
      owned: [{ method: 'PUT', url: `${item(A.applianceId)}/notice`, ...form(pdfForm), expect: 404 }],
    },
    'PUT /api/V1/profils/users/foyers/univers/appliances/:id/image': {
      owned: [{ method: 'PUT', url: `${item(A.applianceId)}/image`, ...form(pngForm), expect: 404 }],
    },

    'GET /api/V1/profils/users/:userId/events': { owned: [{ method: 'GET', url: `${users(a)}/events`, expect: 403 }] },
    'GET /api/V1/profils/users/:userId/events/counts': { owned: [{ method: 'GET', url: `${users(a)}/events/counts`, expect: 403 }] },
    'GET /api/V1/profils/users/:userId/export/appareils.csv': {
      owned: [{ method: 'GET', url: `${users(a)}/export/appareils.csv`, expect: 403 }],
    },
    'GET /api/V1/profils/users/:userId/export/entretiens.csv': {
      owned: [{ method: 'GET', url: `${users(a)}/export/entretiens.csv`, expect: 403 }],
    },
    'GET /api/V1/profils/users/:userId/etiquettes': { owned: [{ method: 'GET', url: `${users(a)}/etiquettes`, expect: 403 }] },
    'GET /api/V1/profils/users/:userId/rappels': { owned: [{ method: 'GET', url: `${users(a)}/rappels`, expect: 403 }] },
    'POST /api/V1/profils/users/:userId/rappels/:id/traite': {
      owned: [
        { method: 'POST', url: `${users(a)}/rappels/${aRecall}/traite`, expect: 403 },
        { method: 'POST', url: `${users(b)}/rappels/${aRecall}/traite`, expect: 404 },
      ],
    },
    'POST /api/V1/profils/users/:userId/etiquettes': {
      owned: [
        { method: 'POST', url: `${users(a)}/etiquettes`, payload: { applianceIds: [A.applianceId] }, expect: 403 },
        { method: 'POST', url: `${users(b)}/etiquettes`, payload: { applianceIds: [A.applianceId] }, expect: 400 },
      ],
    },
    'DELETE /api/V1/profils/users/:userId/etiquettes/:code': {
      owned: [
        { method: 'DELETE', url: `${users(a)}/etiquettes/${aLabel}`, expect: 403 },
        { method: 'DELETE', url: `${users(b)}/etiquettes/${aLabel}`, expect: 404 },
      ],
    },
    'GET /api/V1/profils/users/:userId/etiquettes/planche.pdf': {
      owned: [
        { method: 'GET', url: `${users(a)}/etiquettes/planche.pdf?ids=${A.applianceId}`, expect: 403 },
        { method: 'GET', url: `${users(b)}/etiquettes/planche.pdf?ids=${A.applianceId}`, expect: 400 },
      ],
    },
    // A scanned label of another foyer: said to be another foyer's (the way to be invited), its appliance never shown.
    'GET /api/V1/etiquettes/:code': { owned: [{ method: 'GET', url: `/api/V1/etiquettes/${aLabel}`, expect: 403 }] },
    'POST /api/V1/profils/users/:userId/import/appareils': {
      owned: [
        {
          method: 'POST',
          url: `${users(a)}/import/appareils`,
          payload: { contenu: 'Type d’appareil;Marque;Modèle', appliquer: true },
          expect: 403,
        },
      ],
    },
    'GET /api/V1/profils/users/:userId/import/appareils/dernier': {
      owned: [{ method: 'GET', url: `${users(a)}/import/appareils/dernier`, expect: 403 }],
    },
    'POST /api/V1/profils/users/:userId/dossier': {
      owned: [{ method: 'POST', url: `${users(a)}/dossier`, payload: { factures: true }, expect: 403 }],
    },
    'GET /api/V1/profils/users/:userId/dossier': { owned: [{ method: 'GET', url: `${users(a)}/dossier`, expect: 403 }] },
    'GET /api/V1/profils/users/:userId/dossier/:id': {
      owned: [
        { method: 'GET', url: `${users(a)}/dossier/${A_DOSSIER}`, expect: 403 },
        { method: 'GET', url: `${users(b)}/dossier/${A_DOSSIER}`, expect: 404 },
      ],
    },
    'GET /api/V1/profils/users/:userId/dossier/:id/fichier': {
      owned: [
        { method: 'GET', url: `${users(a)}/dossier/${A_DOSSIER}/fichier`, expect: 403 },
        { method: 'GET', url: `${users(b)}/dossier/${A_DOSSIER}/fichier`, expect: 404 },
      ],
    },
    'GET /api/V1/profils/users/:userId/dossier/partages': { owned: [{ method: 'GET', url: `${users(a)}/dossier/partages`, expect: 403 }] },
    'POST /api/V1/profils/users/:userId/dossier/partages': {
      owned: [{ method: 'POST', url: `${users(a)}/dossier/partages`, payload: { jours: 30 }, expect: 403 }],
    },
    'DELETE /api/V1/profils/users/:userId/dossier/partages/:id': {
      owned: [
        { method: 'DELETE', url: `${users(a)}/dossier/partages/${aShare}`, expect: 403 },
        { method: 'DELETE', url: `${users(b)}/dossier/partages/${aShare}`, expect: 404 },
      ],
    },
    'POST /api/V1/profils/users/:userId/events': {
      owned: [
        { method: 'POST', url: `${users(a)}/events`, payload: event, expect: 403 },
        { method: 'POST', url: `${users(b)}/events`, payload: { ...event, applianceId: A.applianceId }, expect: 404 },
      ],
    },
    'POST /api/V1/profils/users/:userId/events/period': {
      owned: [
        { method: 'POST', url: `${users(a)}/events/period`, payload: { ...event, frequency: 'yearly' }, expect: 403 },
        {
          method: 'POST',
          url: `${users(b)}/events/period`,
          payload: { ...event, frequency: 'yearly', applianceId: A.applianceId },
          expect: 404,
        },
      ],
    },
    'GET /api/V1/profils/users/:userId/appliances/:id/events': {
      owned: [
        { method: 'GET', url: `${users(a)}/appliances/${A.applianceId}/events`, expect: 403 },
        { method: 'GET', url: `${users(b)}/appliances/${A.applianceId}/events`, expect: 404 },
      ],
    },
    'PUT /api/V1/profils/users/:userId/events/:id': {
      owned: [A.eventId, A.seriesEventId, A.panneEventId].flatMap((id) => [
        { method: 'PUT', url: `${users(a)}/events/${id}`, payload: { done: true, note: 'Volé' }, expect: 403 },
        { method: 'PUT', url: `${users(b)}/events/${id}`, payload: { done: true, note: 'Volé' }, expect: 404 },
      ]),
    },
    'DELETE /api/V1/profils/users/:userId/events/:id': {
      owned: [A.eventId, A.seriesEventId, A.panneEventId].flatMap((id) => [
        { method: 'DELETE', url: `${users(a)}/events/${id}`, expect: 403 },
        { method: 'DELETE', url: `${users(b)}/events/${id}`, expect: 404 },
      ]),
    },
    'GET /api/V1/profils/users/:userId/demarches': {
      owned: [
        { method: 'GET', url: `${users(a)}/demarches`, expect: 403 },
        { method: 'GET', url: `${users(b)}/demarches?applianceId=${A.applianceId}`, expect: 404 },
      ],
    },
    'POST /api/V1/profils/users/:userId/demarches': {
      owned: [
        { method: 'POST', url: `${users(a)}/demarches`, payload: claim, expect: 403 },
        { method: 'POST', url: `${users(b)}/demarches`, payload: claim, expect: 404 },
        // B's own appliance with A's breakdown: not B's to name.
        {
          method: 'POST',
          url: `${users(b)}/demarches`,
          payload: { ...claim, applianceId: bAppliance, eventId: A.panneEventId },
          expect: 400,
        },
      ],
    },
    'GET /api/V1/profils/users/:userId/demarches/:id': {
      owned: [
        { method: 'GET', url: `${users(a)}/demarches/${aClaim.id}`, expect: 403 },
        { method: 'GET', url: `${users(b)}/demarches/${aClaim.id}`, expect: 404 },
      ],
    },
    'POST /api/V1/profils/users/:userId/demarches/:id/etapes': {
      owned: [
        { method: 'POST', url: `${users(a)}/demarches/${aClaim.id}/etapes`, payload: { type: 'relance', date: '2026-11-21' }, expect: 403 },
        { method: 'POST', url: `${users(b)}/demarches/${aClaim.id}/etapes`, payload: { type: 'relance', date: '2026-11-21' }, expect: 404 },
      ],
    },
    'DELETE /api/V1/profils/users/:userId/demarches/:id': {
      owned: [
        { method: 'DELETE', url: `${users(a)}/demarches/${aClaim.id}`, expect: 403 },
        { method: 'DELETE', url: `${users(b)}/demarches/${aClaim.id}`, expect: 404 },
      ],
    },
    'POST /api/V1/profils/users/:userId/demarches/:id/pieces': {
      owned: [
        { method: 'POST', url: `${users(a)}/demarches/${aClaim.id}/pieces`, ...form(pdfForm), expect: 403 },
        { method: 'POST', url: `${users(b)}/demarches/${aClaim.id}/pieces`, ...form(pdfForm), expect: 404 },
      ],
    },
    'DELETE /api/V1/profils/users/:userId/demarches/:id/pieces/:pieceId': {
      owned: [
        { method: 'DELETE', url: `${users(a)}/demarches/${aClaim.id}/pieces/${aPiece}`, expect: 403 },
        { method: 'DELETE', url: `${users(b)}/demarches/${aClaim.id}/pieces/${aPiece}`, expect: 404 },
      ],
    },
    'GET /api/V1/profils/users/:userId/calendar-feed': { owned: [{ method: 'GET', url: `${users(a)}/calendar-feed`, expect: 403 }] },
    'DELETE /api/V1/profils/users/:userId/calendar-feed': { owned: [{ method: 'DELETE', url: `${users(a)}/calendar-feed`, expect: 403 }] },

    'GET /api/V1/profils/users/:userId/preferences/notifications': {
      owned: [{ method: 'GET', url: `${users(a)}/preferences/notifications`, expect: 403 }],
    },
    'PUT /api/V1/profils/users/:userId/preferences/notifications': {
      owned: [
        {
          method: 'PUT',
          url: `${users(a)}/preferences/notifications`,
          payload: { app: false, push: false, email: false, emailMode: 'hebdo' },
          expect: 403,
        },
      ],
    },
    'GET /api/V1/profils/users/:userId/foyer': { owned: [{ method: 'GET', url: `${users(a)}/foyer`, expect: 403 }] },
    'PUT /api/V1/profils/users/:userId/foyer': {
      owned: [{ method: 'PUT', url: `${users(a)}/foyer`, payload: { nom: 'Pris' }, expect: 403 }],
    },
    'PUT /api/V1/profils/users/:userId/foyer/membres/:memberId': {
      owned: [
        { method: 'PUT', url: `${users(a)}/foyer/membres/${a}`, payload: { role: 'lecteur' }, expect: 403 },
        // B, owner of its own foyer, names A in it: A is no member of B's foyer.
        { method: 'PUT', url: `${users(B.id)}/foyer/membres/${a}`, payload: { role: 'lecteur' }, expect: 404 },
      ],
    },
    'DELETE /api/V1/profils/users/:userId/foyer/membres/:memberId': {
      owned: [
        { method: 'DELETE', url: `${users(a)}/foyer/membres/${a}`, expect: 403 },
        { method: 'DELETE', url: `${users(B.id)}/foyer/membres/${a}`, expect: 404 },
      ],
    },
    'POST /api/V1/profils/users/:userId/foyer/transfert': {
      owned: [
        { method: 'POST', url: `${users(a)}/foyer/transfert`, payload: { memberId: b, currentPassword: 'Secret1!ok' }, expect: 403 },
        // B holds its own foyer: A is no member of it, so nothing is handed to A.
        { method: 'POST', url: `${users(B.id)}/foyer/transfert`, payload: { memberId: a, currentPassword: 'Secret1!ok' }, expect: 404 },
      ],
    },
    'POST /api/V1/profils/users/:userId/foyer/invitations/:id/confirmation': {
      owned: [
        { method: 'POST', url: `${users(a)}/foyer/invitations/1/confirmation`, expect: 403 },
        { method: 'POST', url: `${users(B.id)}/foyer/invitations/1/confirmation`, expect: 404 },
      ],
    },
    'POST /api/V1/profils/users/:userId/foyer/invitations': {
      owned: [
        {
          method: 'POST',
          url: `${users(a)}/foyer/invitations`,
          payload: { email: 'intrus@exemple.fr', role: 'proprietaire' },
          expect: 403,
        },
      ],
    },
    'DELETE /api/V1/profils/users/:userId/foyer/invitations/:id': {
      owned: [
        { method: 'DELETE', url: `${users(a)}/foyer/invitations/1`, expect: 403 },
        { method: 'DELETE', url: `${users(B.id)}/foyer/invitations/1`, expect: 404 },
      ],
    },
    'POST /api/V1/notifs/desabonnement': publicCase(
      'the one-click unsubscribe of a mail (RFC 8058): the signature in the address is the credential (reminder-mails.test.ts)',
      {
        method: 'POST',
        url: `/api/V1/notifs/desabonnement?u=${a}&sig=${'x'.repeat(32)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: Buffer.from('List-Unsubscribe=One-Click'),
        expect: 400,
      },
    ),
    'GET /api/V1/notifs/desabonnement': publicCase('sends a person who follows the link to the page that asks first; changes nothing', {
      method: 'GET',
      url: `/api/V1/notifs/desabonnement?u=${a}&sig=${'x'.repeat(32)}`,
      expect: 303,
    }),
    'GET /api/V1/partages/:jeton': publicCase(
      'a read-only link to a dossier: the HMAC-signed token is the credential, revocable; it never shows an address',
      {
        method: 'GET',
        url: `/api/V1/partages/${aShare}.${'x'.repeat(32)}`,
        expect: 404,
      },
    ),
    'GET /api/V1/partages/:jeton/appareils/:applianceId/:fichier': publicCase(
      'a photo or invoice of a read-only link, checked against the link each time',
      {
        method: 'GET',
        url: `/api/V1/partages/${aShare}.${'x'.repeat(32)}/appareils/${A.applianceId}/photo`,
        expect: 404,
      },
    ),
    'GET /api/V1/foyer/invitations/:token': publicCase(
      'the invitation page before sign-in: the mailed random token is the credential, and it shows the foyer’s name, the inviter’s first name and the role only',
      {
        method: 'GET',
        url: '/api/V1/foyer/invitations/jeton-inconnu',
        expect: 404,
      },
    ),
    'POST /api/V1/foyer/invitations/:token/accept': {
      signedIn: 'the token mailed to the invited address is the permission: an unknown one joins nothing',
      probes: [{ method: 'POST', url: '/api/V1/foyer/invitations/jeton-inconnu/accept', payload: { fusion: true }, expect: 404 }],
    },
    'GET /api/V1/profils/users/:userId/notifs/count': { owned: [{ method: 'GET', url: `${users(a)}/notifs/count`, expect: 403 }] },
    'GET /api/V1/profils/users/:userId/notifs': { owned: [{ method: 'GET', url: `${users(a)}/notifs`, expect: 403 }] },
    'PUT /api/V1/profils/users/:userId/notifs/:notifId': {
      owned: [
        { method: 'PUT', url: `${users(a)}/notifs/${A.notificationId}`, payload: { status: 'read' }, expect: 403 },
        { method: 'PUT', url: `${users(b)}/notifs/${A.notificationId}`, payload: { status: 'read' }, expect: 404 },
      ],
    },
    'POST /api/V1/profils/users/:userId/push/subscriptions': {
      owned: [
        {
          method: 'POST',
          url: `${users(a)}/push/subscriptions`,
          payload: { endpoint: push.endpoint('intrus'), keys: { p256dh: 'x'.repeat(20), auth: 'y'.repeat(10) } },
          expect: 403,
        },
        // A's endpoint on B's own path: the subscription stays A's (no push takeover).
        {
          method: 'POST',
          url: `${users(b)}/push/subscriptions`,
          payload: { endpoint: A.pushEndpoint, keys: { p256dh: 'x'.repeat(20), auth: 'y'.repeat(10) } },
          expect: 409,
        },
      ],
    },

    'GET /api/V1/profils/users/:userId/badges': { owned: [{ method: 'GET', url: `${users(a)}/badges`, expect: 403 }] },
    'GET /api/V1/profils/users/:userId/droits/resume': { owned: [{ method: 'GET', url: `${users(a)}/droits/resume`, expect: 403 }] },
    'GET /api/V1/profils/users/:userId/badges/a-gagner': { owned: [{ method: 'GET', url: `${users(a)}/badges/a-gagner`, expect: 403 }] },
    'GET /api/V1/profils/users/:userId/badges/:badgeId': {
      owned: [
        { method: 'GET', url: `${users(a)}/badges/${A.badgeId}`, expect: 403 },
        { method: 'GET', url: `${users(b)}/badges/${A.badgeId}`, expect: 404 },
      ],
    },
    'POST /api/V1/profils/users/:userId/actions': {
      owned: [{ method: 'POST', url: `${users(a)}/actions`, payload: { action: 'carbon_simulation' }, expect: 403 }],
    },

    'GET /api/V1/profils/users/:userId/audit': { owned: [{ method: 'GET', url: `${users(a)}/audit`, expect: 403 }] },
    'GET /api/V1/profils/users/:userId/appliances/history': {
      owned: [{ method: 'GET', url: `${users(a)}/appliances/history`, expect: 403 }],
    },
    'POST /api/V1/profils/users/:userId/appliances/:id/second-life': {
      owned: [A.applianceId, A.secondLifeApplianceId].flatMap((id) => [
        { method: 'POST', url: `${users(a)}/appliances/${id}/second-life`, payload: { outcome: 'sold' }, expect: 403 },
        { method: 'POST', url: `${users(b)}/appliances/${id}/second-life`, payload: { outcome: 'sold' }, expect: 404 },
      ]),
    },

    'POST /api/V1/mia/question': {
      owned: [
        { method: 'POST', url: '/api/V1/mia/question', payload: { userQuestion: 'Il fuit', applianceId: A.applianceId }, expect: 404 },
      ],
    },
    // A file URL of another user's is "unreadable" (400), exactly as an expired or unknown one.
    'POST /api/ai/images': {
      owned: [A.fileUrls.temporary, A.fileUrls.picture].map((urlImage) => ({
        method: 'POST',
        url: '/api/ai/images',
        payload: { urlImage },
        expect: 400,
      })),
    },
    // Saving into A's universe with B's own readable plate needs the OCR: ai.test.ts covers it.
    'POST /api/ai/appliance/searchandsave': {
      owned: [
        {
          method: 'POST',
          url: '/api/ai/appliance/searchandsave',
          payload: { urlImage: A.fileUrls.temporary, userId: a, univerId: A.universeId, refProdId: A.productId },
          expect: 403,
        },
        {
          method: 'POST',
          url: '/api/ai/appliance/searchandsave',
          payload: { urlImage: A.fileUrls.temporary, userId: b, univerId: A.universeId, refProdId: A.productId },
          expect: 400,
        },
      ],
    },
  };
}

/** The case of a route; HEAD shares its GET's, the docs and the built web app are public by rule. */
function caseOf(route: ApiRoute): Case | undefined {
  if (route.url === '/api/docs' || route.url.startsWith('/api/docs/')) return { public: 'the OpenAPI document and its UI' };
  // @fastify/static registers one route per file of the built web app (when WEB_DIST exists).
  if (!route.url.startsWith('/api/') && existsSync(path.join(t.config.webDist, route.url)))
    return { public: 'a static file of the built web app' };
  const own = cases[route.key];
  if (own || route.method !== 'HEAD') return own;
  const get = cases[`GET ${route.url}`];
  if (!get) return undefined;
  const asHead = (p: Probe): Probe => ({ ...p, method: 'HEAD' });
  if ('owned' in get) return { owned: get.owned.map(asHead) };
  if ('signedIn' in get) return { ...get, probes: get.probes.map(asHead) };
  return { ...get, probe: get.probe && asHead(get.probe) };
}

const probesOf = (c: Case): Probe[] => ('owned' in c ? c.owned : 'signedIn' in c ? c.probes : c.probe ? [c.probe] : []);

/** A checksum of everything A owns, table by table. */
async function aliceRows(): Promise<Record<string, string>> {
  const id = A.user.id;
  const tables = [
    'universes',
    'appliances',
    'events',
    'notifications',
    'push_subscriptions',
    'user_badges',
    'user_actions',
    'calendar_feeds',
    'temp_files',
    'refresh_tokens',
  ];
  const out: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await sql<{
      sum: string | null;
    }>`select md5(string_agg(t::text, '|' order by t::text)) as sum from ${sql.table(table)} t where user_id = ${id}`.execute(t.db);
    out[table] = rows[0]?.sum ?? '';
  }
  // The household's claims, keyed by its foyer (A's own id: A founded it).
  for (const table of ['claims', 'claim_steps', 'claim_attachments']) {
    const { rows } = await sql<{
      sum: string | null;
    }>`select md5(string_agg(t::text, '|' order by t::text)) as sum from ${sql.table(table)} t where foyer_id = ${id}`.execute(t.db);
    out[table] = rows[0]?.sum ?? '';
  }
  const { rows } = await sql<{ sum: string }>`select md5(u::text) as sum from users u where id = ${id}`.execute(t.db);
  out.users = rows[0]!.sum;
  return out;
}

describe('access control matrix (generated from the route table)', () => {
  it('has a case for every route of the table, and no case for a route that is gone', () => {
    const missing = routes.filter((r) => !caseOf(r)).map((r) => r.key);
    expect(missing, `routes with no access case (add one to access-matrix.test.ts): ${missing.join(', ')}`).toEqual([]);
    const keys = new Set(routes.map((r) => r.key));
    const stale = Object.keys(cases).filter((k) => !keys.has(k));
    expect(stale, 'cases of routes that no longer exist').toEqual([]);
    // The OpenAPI document tells clients which routes need the bearer: it must match.
    const mismatched = routes.filter((r) => !r.hidden && r.declaredSecure === 'public' in caseOf(r)!).map((r) => r.key);
    expect(mismatched, 'routes whose OpenAPI security disagrees with their case').toEqual([]);
    // The route's own declaration (config.access, checked before its body is read) says the same.
    const undeclared = routes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && (r.access === 'public') !== 'public' in caseOf(r)!)
      .map((r) => `${r.key} (${r.access})`);
    expect(undeclared, 'routes whose declared access disagrees with their case').toEqual([]);
  });

  it('answers 401 without a token on every route that is not public', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const c = caseOf(route);
      if (!c || 'public' in c) continue;
      const probe = probesOf(c)[0]!;
      const res = await t.app.inject({ method: probe.method as 'GET', url: probe.url, payload: probe.payload, headers: probe.headers });
      if (res.statusCode !== 401) failures.push(`${route.key} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses B every one of A’s resources (403 for A’s userId, 404 for A’s ids), leaks nothing and changes nothing of A’s', async () => {
    const before = await aliceRows();
    const pushed = push.received.length;
    const failures: string[] = [];
    let probes = 0;
    for (const route of routes) {
      const c = caseOf(route);
      if (!c) continue;
      for (const probe of probesOf(c)) {
        probes += 1;
        const res = await t.app.inject({
          method: probe.method as 'GET',
          url: probe.url,
          payload: probe.payload,
          headers: { ...B.headers, ...probe.headers },
        });
        const where = `${route.key} (${probe.method} ${probe.url})`;
        if (res.statusCode !== probe.expect)
          failures.push(`${where}: ${res.statusCode} instead of ${probe.expect} ${res.body.slice(0, 200)}`);
        const body = res.body.toLowerCase();
        const leaked = secrets.filter((s) => body.includes(s));
        if (leaked.length > 0) failures.push(`${where} leaks ${leaked.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(60);
    expect(await aliceRows()).toEqual(before);
    expect(push.received.length, 'no notification of A’s was pushed').toBe(pushed);
  });

  it('serves A’s files only with their exact signature', async () => {
    const urls = Object.values(A.fileUrls);
    const sigOf = (url: string) => new URL(url, 'http://x').searchParams.get('sig')!;
    for (const [i, url] of urls.entries()) {
      const ok = await t.app.inject({ url });
      expect(ok.statusCode, url).toBe(200);
      const sig = sigOf(url);
      const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
      const other = urls[(i + 1) % urls.length]!;
      const [key, query] = url.split('?') as [string, string];
      const exp = Number(new URLSearchParams(query).get('exp'));
      const tampered = [
        url.replace(`sig=${sig}`, `sig=${flipped}`),
        url.replace(`sig=${sig}`, `sig=${sig.slice(0, -1)}`),
        url.replace(`sig=${sig}`, `sig=${sig}A`),
        url.replace(`sig=${sig}`, `sig=${sigOf(other)}`), // another file's signature
        `${other.split('?')[0]}?${query}`, // this signature on another key
        url.replace(`exp=${exp}`, `exp=${exp + 3600}`), // a longer life
        url.replace(`sig=${sig}`, `sig=${sig.toLowerCase()}`),
      ].filter((u) => u !== url);
      for (const bad of tampered) {
        const res = await t.app.inject({ url: bad });
        expect(res.statusCode, bad).toBe(403);
        expect(res.json().code).toBe('FILE_LINK_INVALID');
      }
      expect((await t.app.inject({ url: key })).statusCode, 'no signature').toBe(400);
      expect((await t.app.inject({ url: `${key}?exp=${exp}` })).statusCode, 'no signature').toBe(400);
      expect((await t.app.inject({ url: `${key}?exp=${exp}&sig=` })).statusCode, 'empty signature').toBe(400);
    }
  });
});
