import { createECDH, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { API_MSG, type FoyerRole, INVENTORY_CSV_COLUMNS, MSG } from '@ecofoyer/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinFoyer } from '../../test/foyer.ts';
import { multipart, PDF, PNG } from '../../test/multipart.ts';
import { plateImage } from '../../test/plate-image.ts';
import { type ApiRoute, routeTable } from '../../test/security/route-table.ts';
import type { RouteAccess } from '../lib/route-access.ts';
import { type Household, pushService, seedHousehold, signUpAndIn } from '../../test/security/seed.ts';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app.ts';

/**
 * Role matrix, generated from the route table like access-matrix.test.ts: A founds a
 * foyer holding one of everything, and people join it as `proprietaire`, `membre` or `lecteur`.
 * Every route that reads the household's data must answer each role with the foyer's data; every
 * route that writes it must let a membre write and refuse a lecteur (403 FOYER_READ_ONLY) without
 * changing anything; managing the foyer is for owners only. A route with no case below fails the
 * first test, so a route added later must say how the roles stand with it. The non-member (B) is
 * access-matrix.test.ts's; here, someone who leaves the foyer or is removed from it must be one again.
 */

let t: TestApp;
let routes: ApiRoute[];
let push: Awaited<ReturnType<typeof pushService>>;
let A: Household;
let cases: Record<string, Case>;

interface Actor {
  id: number;
  email: string;
  headers: Record<string, string>;
}
interface Probe {
  method: string;
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
}
/** The items a write acts on: the founder's, and spare ones made for the writes that destroy. */
interface Targets {
  universeId: number;
  applianceId: number;
  eventId: number;
  spareUniverseId: number;
  spareApplianceId: number;
  spareEventId: number;
  givenApplianceId: number;
  plateUrl: string;
  /** A claim about A's appliance with a document, and a spare claim, for the writes that destroy. */
  claimId: number;
  spareClaimId: number;
  sparePieceId: number;
}
/** A member of the foyer and an open invitation of it, for the owner's routes. */
interface ManageTargets {
  member: Actor;
  invitationId: number;
}
type Case =
  /** Needs no session (access-matrix.test.ts says why): a role changes nothing. */
  | { public: string }
  /** Not the household's (the caller's own, or reference data): the reason says why; the probe, when safe to send, must work for a lecteur too. */
  | { personal: string; probe?: (who: Actor) => Promise<Probe>; expect?: number }
  /** Reads the household's data: every role gets the founder's answer (or what `check` says, when it differs by design). */
  | {
      read: (who: Actor) => Promise<Probe>;
      check?: (res: LightMyRequestResponse, who: Actor) => string | undefined;
      /** What a non-member gets for an item of the foyer: 404 unless the route says why not. */
      stranger?: number;
    }
  /** Writes the household's data: a membre gets `expect`, a lecteur 403 FOYER_READ_ONLY. */
  | { write: (who: Actor, on: Targets) => Promise<Probe>; expect: number; destroys?: true }
  /**
   * Manages the foyer: an owner gets `expect` (then `effect` holds), anyone else 403 FOYER_OWNER_ONLY.
   * `declared`: the route's access when it is not `foyer:owner` (a member leaves through it too).
   */
  | {
      manage: (who: Actor, on: ManageTargets) => Probe;
      expect: number;
      effect?: (on: ManageTargets, owner: Actor) => Promise<void>;
      declared?: RouteAccess;
    }
  /** Only the holder of the foyer: they get `expect` (then `after` checks it, undoing what it did); anyone else 403 FOYER_HOLDER_ONLY. */
  | { hold: (who: Actor, on: HoldTargets) => Probe; expect: number; after?: (on: HoldTargets) => Promise<void> };

/** A co-owner to hand the foyer to, and an invitation as propriétaire a co-owner made, waiting for the holder. */
interface HoldTargets {
  coOwner: Actor;
  invitationId: number;
}

/** What each kind of case must be declared as (lib/route-access.ts): the declaration is what the server enforces. */
const DECLARED: Record<'public' | 'personal' | 'read' | 'write' | 'manage' | 'hold', RouteAccess> = {
  public: 'public',
  personal: 'signed-in',
  read: 'foyer:read',
  write: 'foyer:write',
  manage: 'foyer:owner',
  hold: 'foyer:founder',
};

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
  await foundersRecall();
  cases = buildCases();
});
afterAll(async () => {
  await t.app.close();
  push.server.close();
});

const send = (who: Actor, p: Probe) =>
  t.app.inject({ method: p.method as 'GET', url: p.url, payload: p.payload, headers: { ...who.headers, ...p.headers } });
const form = async (parts: Parameters<typeof multipart>[0]) => {
  const body = await multipart(parts);
  return { payload: body.payload, headers: body.headers };
};
const at = (method: string, url: string, payload?: object) => async (): Promise<Probe> => ({ method, url, payload });

let joined = 0;
/** A new account put in A's foyer with `role`: each test has its own, so none depends on another's. */
async function joiner(role: FoyerRole): Promise<Actor> {
  joined += 1;
  const email = `${role}-${joined}@exemple.fr`;
  const who = await signedInUser(t, email);
  await joinFoyer(t, who, A.user.id, role);
  return { ...who, email };
}
const founder = (): Actor => A.user;
/** A dossier of the foyer, built by its founder once, for the routes that read one. */
let dossierId: Promise<string> | undefined;
const foundersDossier = () =>
  (dossierId ??= (async () => {
    const res = await send(founder(), { method: 'POST', url: `${users(A.user.id)}/dossier`, payload: { factures: false } });
    await t.app.services.dossier.idle();
    return (res.json() as { id: string }).id;
  })());

/** A claim of the foyer's about A's appliance, opened by its founder once, for the routes that read one. */
let claimId: Promise<number> | undefined;
const foundersClaim = () =>
  (claimId ??= send(founder(), {
    method: 'POST',
    url: `${users(A.user.id)}/demarches`,
    payload: { applianceId: A.applianceId, voie: 'garantie-legale', defaut: `Panne ${TAG}` },
  }).then((res) => (res.json() as { id: number }).id));

/** The founder's QR label of A's appliance (made again when a write revoked it), for the routes that read one. */
const foundersLabel = async () =>
  (
    (
      await send(founder(), { method: 'POST', url: `${users(A.user.id)}/etiquettes`, payload: { applianceIds: [A.applianceId] } })
    ).json() as { code: string }[]
  )[0]!.code;

/** An open recall of A's appliance, recorded as the daily RappelConso run would. */
let recallId: Promise<number> | undefined;
const foundersRecall = () =>
  (recallId ??= t.db
    .insertInto('appliance_recalls')
    .values({
      foyer_id: A.user.id,
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
    .then((r) => r.id));

const ids = (res: LightMyRequestResponse, key: string) => (res.json() as Record<string, number>[]).map((row) => row[key]);
const foyerOf = async (who: Actor) =>
  (await send(who, { method: 'GET', url: `${users(who.id)}/foyer` })).json() as {
    id: number;
    nom: string;
    responsable: number | null;
    membres: { userId: number; role: string }[];
    invitations: { id: number; email: string; aConfirmer: boolean }[];
  };

function buildCases(): Record<string, Case> {
  const event = { title: 'Purge du radiateur', dt_realisation: '2026-12-24T09:00:00Z' };
  const signedIn = (reason: string, method: string, url: string, expect: number, payload?: object): Case => ({
    personal: reason,
    probe: at(method, url, payload),
    expect,
  });
  const own = (reason: string, probe: (who: Actor) => Probe | Promise<Probe>, expect: number): Case => ({
    personal: reason,
    probe: async (who) => probe(who),
    expect,
  });
  const read = (url: (who: Actor) => string): Case => ({ read: async (who) => ({ method: 'GET', url: url(who) }) });

  return {
    'POST /api/auth/signup': { public: 'creating an account' },
    'POST /api/auth/signin': { public: 'signing in' },
    'POST /api/auth/refreshtoken': { public: 'the refresh token in the body is the credential' },
    'POST /api/auth/signout': { public: 'the refresh token in the body is the credential' },
    'POST /api/auth/signin/totp': { public: 'the signed challenge, then the code' },
    'POST /api/auth/email/confirm': { public: 'the token mailed to the new address' },
    'POST /api/auth/demo': { public: 'a new demo household of the caller’s own' },
    'POST /api/auth/forgotpassword': { public: 'the link goes to the owner’s mailbox' },
    'POST /api/auth/resetpassword': { public: 'the mailed token in the body' },
    'POST /api/auth/resetpassword/check': { public: 'the mailed token in the body; answers only whether it can be used' },
    'GET /api/legal': { public: 'who runs the instance' },
    'GET /api/health': { public: 'load balancer probe' },
    'GET /api/V1/files/*': { public: 'the signature in the query is the permission' },
    'GET /api/V1/calendar/:file': { public: 'the token in the address is the secret' },
    'GET /api/V1/push/public-key': { public: 'the VAPID public key' },
    'GET /api/V1/public/badges/:publicUuid': { public: 'the share page of a badge' },
    'GET /api/V1/foyer/invitations/:token': { public: 'the invitation page: the mailed token is the credential' },
    'GET /api/V1/partages/:jeton': { public: 'a read-only link to the dossier: the signed token is the credential, revocable' },
    'GET /api/V1/partages/:jeton/appareils/:applianceId/:fichier': {
      public: 'a photo or invoice of a read-only link, checked against the link each time',
    },
    'POST /api/V1/notifs/desabonnement': { public: 'the one-click unsubscribe of a mail: the signature in the address is the credential' },
    'GET /api/V1/notifs/desabonnement': { public: 'a redirection to the page that asks first' },

    // The account, its sign-in and its devices are a person's, not the foyer's.
    'GET /api/auth/totp': signedIn('the caller’s own second factor', 'GET', '/api/auth/totp', 200),
    'POST /api/auth/totp/setup': { personal: 'the caller’s own second factor, behind its password (totp.test.ts)' },
    'POST /api/auth/totp/enable': { personal: 'the caller’s own second factor (totp.test.ts)' },
    'POST /api/auth/totp/disable': { personal: 'the caller’s own second factor, behind its password (totp.test.ts)' },
    'GET /api/auth/sessions': signedIn('the caller’s own devices', 'GET', '/api/auth/sessions', 200),
    'DELETE /api/auth/sessions/:sessionId': { personal: 'one of the caller’s own devices (sessions are tested in tokens.test.ts)' },
    'DELETE /api/auth/sessions': signedIn('the caller’s other devices', 'DELETE', '/api/auth/sessions', 200),
    'GET /api/auth/user/:userId/export': own(
      'the caller’s own data (RGPD)',
      (who) => ({ method: 'GET', url: `/api/auth/user/${who.id}/export` }),
      200,
    ),
    'DELETE /api/auth/user/:userId': { personal: 'the caller’s own account, behind its password (account.test.ts)' },
    'PUT /api/auth/user/:userId': own(
      'the caller’s own name and address',
      (who) => ({ method: 'PUT', url: `/api/auth/user/${who.id}`, payload: { firstname: 'Camille', lastname: 'Relue', email: who.email } }),
      200,
    ),
    'GET /api/V1/profils/users/:userId/notifs/count': own(
      'the caller’s own notifications',
      (who) => ({ method: 'GET', url: `${users(who.id)}/notifs/count` }),
      200,
    ),
    'GET /api/V1/profils/users/:userId/notifs': own(
      'the caller’s own notifications',
      (who) => ({ method: 'GET', url: `${users(who.id)}/notifs` }),
      200,
    ),
    'PUT /api/V1/profils/users/:userId/notifs/:notifId': {
      personal: 'marking one of the caller’s own notifications read (notifications.test.ts)',
    },
    // Each member chooses how their own reminders reach them: a lecteur too.
    'GET /api/V1/profils/users/:userId/preferences/notifications': own(
      'the caller’s own reminder channels',
      (who) => ({ method: 'GET', url: `${users(who.id)}/preferences/notifications` }),
      200,
    ),
    'PUT /api/V1/profils/users/:userId/preferences/notifications': own(
      'the caller’s own reminder channels',
      (who) => ({
        method: 'PUT',
        url: `${users(who.id)}/preferences/notifications`,
        payload: { app: true, push: false, email: true, emailMode: 'hebdo' },
      }),
      200,
    ),
    'POST /api/V1/profils/users/:userId/push/subscriptions': own(
      'the caller’s own browser',
      (who) => {
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
        return { method: 'POST', url: `${users(who.id)}/push/subscriptions`, payload: { endpoint: push.endpoint(`role-${who.id}`), keys } };
      },
      201,
    ),
    'GET /api/V1/profils/users/:userId/badges': own(
      'the caller’s own badges',
      (who) => ({ method: 'GET', url: `${users(who.id)}/badges` }),
      200,
    ),
    'GET /api/V1/profils/users/:userId/badges/a-gagner': own(
      'the caller’s own badges',
      (who) => ({ method: 'GET', url: `${users(who.id)}/badges/a-gagner` }),
      200,
    ),
    'GET /api/V1/profils/users/:userId/badges/:badgeId': { personal: 'one of the caller’s own badges (badges.test.ts)' },
    'POST /api/V1/profils/users/:userId/actions': own(
      'what the caller did, for its own badges',
      (who) => ({ method: 'POST', url: `${users(who.id)}/actions`, payload: { action: 'carbon_simulation' } }),
      201,
    ),
    'GET /api/V1/profils/users/:userId/audit': own(
      'the caller’s own security log',
      (who) => ({ method: 'GET', url: `${users(who.id)}/audit` }),
      200,
    ),
    'POST /api/V1/foyer/invitations/:token/accept': signedIn(
      'joining a foyer by the token mailed to the caller (foyer-invitations.test.ts)',
      'POST',
      '/api/V1/foyer/invitations/jeton-inconnu/accept',
      404,
      { fusion: false },
    ),

    // No household data: reference data, boards, answers made from the body only, the caller's own uploads.
    'GET /api/V1/board/user': signedIn('role board', 'GET', '/api/V1/board/user', 200),
    'GET /api/V1/board/freemium': signedIn('role board', 'GET', '/api/V1/board/freemium', 200),
    'GET /api/V1/board/assure': { personal: 'role board of the insured (access-matrix.test.ts)' },
    'GET /api/V1/references/refproducts': signedIn('reference data', 'GET', '/api/V1/references/refproducts', 200),
    'GET /api/V1/references/refunivers': signedIn('reference data', 'GET', '/api/V1/references/refunivers', 200),
    'GET /api/maintenancecard': {
      personal: 'reference data',
      probe: async () => ({ method: 'GET', url: `/api/maintenancecard?productid=${A.productId}` }),
      expect: 200,
    },
    'GET /api/V1/smartfix/categories': signedIn('reference data', 'GET', '/api/V1/smartfix/categories', 200),
    'POST /api/V1/smartfix/predict': signedIn('a model answer from the body only', 'POST', '/api/V1/smartfix/predict', 200, {
      product_category_id: 1,
      problem: 'ne chauffe plus',
    }),
    'POST /api/V1/assistant/chat': signedIn('an answer from the body only', 'POST', '/api/V1/assistant/chat', 200, {
      user_prompt: 'Mon lave-linge fuit',
    }),
    'POST /api/V1/assistant/securite': signedIn(
      'reads the body only: an emergency, a bypass request or neither',
      'POST',
      '/api/V1/assistant/securite',
      200,
      { texte: 'Mon lave-linge fuit' },
    ),
    'POST /api/V1/files/public': {
      personal: 'a temporary upload of the caller’s own',
      probe: async () => ({ method: 'POST', url: '/api/V1/files/public', ...(await form({ file: { filename: 'f.png', data: PNG } })) }),
      expect: 201,
    },
    'POST /api/ai/images': { personal: 'reads a plate the caller uploaded, saves nothing (ai.test.ts; the OCR is run below by the save)' },
    // Lookups: the same answer for everyone, nothing of the household; the services are off in tests (test-app.ts): 503 (identification.test.ts).
    'GET /api/V1/identification/eprel/:numero': signedIn(
      'a lookup in EPREL, saves nothing',
      'GET',
      '/api/V1/identification/eprel/1480123',
      503,
    ),
    'GET /api/V1/identification/ean/:ean': signedIn(
      'a lookup in Open Products Facts, saves nothing',
      'GET',
      '/api/V1/identification/ean/3540012345678',
      503,
    ),
    'GET /api/V1/energie/tarif': signedIn('the configured electricity price', 'GET', '/api/V1/energie/tarif', 200),

    // The household's data, read.
    'GET /api/V1/profils/users/:userId/foyers/univers': read((who) => `${users(who.id)}/foyers/univers`),
    'GET /api/V1/profils/users/:userId/foyers/customunivers': read((who) => `${users(who.id)}/foyers/customunivers`),
    'GET /api/V1/profils/users/:userId/foyers/univers/:id': read((who) => `${users(who.id)}/foyers/univers/${A.universeId}`),
    'GET /api/V1/profils/users/:userId/appliances/count': read((who) => `${users(who.id)}/appliances/count`),
    'GET /api/V1/profils/users/:userId/appliances': read((who) => `${users(who.id)}/appliances`),
    'GET /api/V1/profils/users/:userId/foyers/univers/:id/appliances': read(
      (who) => `${users(who.id)}/foyers/univers/${A.universeId}/appliances`,
    ),
    'GET /api/V1/profils/users/foyers/univers/appliances/:id': read(() => item(A.applianceId)),
    'GET /api/V1/profils/users/foyers/univers/appliances/:id/droits': read(() => `${item(A.applianceId)}/droits`),
    'GET /api/V1/profils/users/foyers/univers/appliances/:id/demarche': read(() => `${item(A.applianceId)}/demarche`),
    'GET /api/V1/profils/users/:userId/droits/resume': read((who) => `${users(who.id)}/droits/resume`),
    'GET /api/V1/profils/users/:userId/events': read((who) => `${users(who.id)}/events`),
    'GET /api/V1/profils/users/:userId/events/counts': read((who) => `${users(who.id)}/events/counts`),
    'GET /api/V1/profils/users/:userId/appliances/:id/events': read((who) => `${users(who.id)}/appliances/${A.applianceId}/events`),
    // Each member's own calendar address: the same household, a token of their own.
    'GET /api/V1/profils/users/:userId/calendar-feed': {
      read: async (who) => ({ method: 'GET', url: `${users(who.id)}/calendar-feed` }),
      check: (res) => (/\/api\/V1\/calendar\/[\w-]+\.ics$/.test((res.json() as { url: string }).url) ? undefined : res.body),
    },
    // A member revokes their own address, a lecteur too (the next GET makes a new one).
    'DELETE /api/V1/profils/users/:userId/calendar-feed': {
      read: async (who) => ({ method: 'DELETE', url: `${users(who.id)}/calendar-feed` }),
      check: (res) => (res.statusCode === 204 ? undefined : res.body),
    },
    'GET /api/V1/profils/users/:userId/export/appareils.csv': read((who) => `${users(who.id)}/export/appareils.csv`),
    'GET /api/V1/profils/users/:userId/export/entretiens.csv': read((who) => `${users(who.id)}/export/entretiens.csv`),
    // The household's last import, whoever made it: every member follows it, a lecteur too.
    'GET /api/V1/profils/users/:userId/import/appareils/dernier': read((who) => `${users(who.id)}/import/appareils/dernier`),
    // The insurer's dossier reads the household and changes nothing: a lecteur builds it too (a POST that only reads).
    'POST /api/V1/profils/users/:userId/dossier': {
      read: async (who) => ({ method: 'POST', url: `${users(who.id)}/dossier`, payload: { factures: false } }),
      check: (res) => (['en-cours', 'pret'].includes((res.json() as { statut: string }).statut) ? undefined : `not a dossier: ${res.body}`),
    },
    'GET /api/V1/profils/users/:userId/dossier': {
      read: async (who) => ({ method: 'GET', url: `${users(who.id)}/dossier` }),
      check: (res) => (Array.isArray(res.json()) ? undefined : res.body),
    },
    'GET /api/V1/profils/users/:userId/dossier/:id': {
      read: async (who) => ({ method: 'GET', url: `${users(who.id)}/dossier/${await foundersDossier()}` }),
      check: (res) => ((res.json() as { statut: string }).statut === 'pret' ? undefined : res.body),
    },
    'GET /api/V1/profils/users/:userId/dossier/:id/fichier': {
      read: async (who) => ({ method: 'GET', url: `${users(who.id)}/dossier/${await foundersDossier()}/fichier` }),
      check: (res) => (res.headers['content-type'] === 'application/pdf' ? undefined : `${res.statusCode} ${res.headers['content-type']}`),
    },
    'GET /api/V1/profils/users/:userId/dossier/partages': read((who) => `${users(who.id)}/dossier/partages`),
    'GET /api/V1/profils/users/:userId/etiquettes': read((who) => `${users(who.id)}/etiquettes`),
    'GET /api/V1/profils/users/:userId/rappels': read((who) => `${users(who.id)}/rappels`),
    'GET /api/V1/profils/users/:userId/etiquettes/planche.pdf': {
      read: async (who) => {
        await foundersLabel();
        return { method: 'GET', url: `${users(who.id)}/etiquettes/planche.pdf?ids=${A.applianceId}` };
      },
      check: (res) => (res.headers['content-type'] === 'application/pdf' ? undefined : `${res.statusCode} ${res.body.slice(0, 200)}`),
    },
    // A scanned label opens the appliance for any member; a non-member is told it is another foyer's (403), not that it does not exist.
    'GET /api/V1/etiquettes/:code': {
      read: async () => ({ method: 'GET', url: `/api/V1/etiquettes/${await foundersLabel()}` }),
      stranger: 403,
    },
    'GET /api/V1/profils/users/:userId/appliances/history': read((who) => `${users(who.id)}/appliances/history`),
    // A question reads the appliance it is about: a POST that only reads (declared `foyer:read`).
    'POST /api/V1/mia/question': {
      read: at('POST', '/api/V1/mia/question', { userQuestion: 'Mon lave-linge fuit', applianceId: A.applianceId }),
    },
    'GET /api/V1/profils/users/:userId/foyer': {
      read: async (who) => ({ method: 'GET', url: `${users(who.id)}/foyer` }),
      // The same foyer and members for all; its open invitations are shown to owners only.
      check: (res, who) => {
        const foyer = res.json() as { id: number; membres: { userId: number; role: string }[]; invitations: unknown[] };
        const me = foyer.membres.find((m) => m.userId === who.id);
        if (foyer.id !== A.user.id || !foyer.membres.some((m) => m.userId === A.user.id) || !me)
          return `not A’s foyer with the caller in it: ${res.body}`;
        if (me.role !== 'proprietaire' && foyer.invitations.length > 0) return `invitations shown to a ${me.role}: ${res.body}`;
        return undefined;
      },
    },

    // The household's data, written: on the founder's items, except what is destroyed.
    'POST /api/V1/profils/users/:userId/foyers/univers': {
      write: async (who) => ({ method: 'POST', url: `${users(who.id)}/foyers/univers`, ...(await form({ name: 'Buanderie partagée' })) }),
      expect: 201,
    },
    'PUT /api/V1/profils/users/:userId/foyers/univers/:id': {
      write: async (who, on) => ({
        method: 'PUT',
        url: `${users(who.id)}/foyers/univers/${on.universeId}`,
        ...(await form({ name: `Atelier ${TAG}`, description: 'Étagère rangée' })),
      }),
      expect: 200,
    },
    'DELETE /api/V1/profils/users/:userId/foyers/univers/:id': {
      write: writeTo('DELETE', (who, on) => `${users(who.id)}/foyers/univers/${on.spareUniverseId}`),
      expect: 204,
      destroys: true,
    },
    'POST /api/V1/profils/users/:userId/foyers/univers/:id/appliances': {
      write: async (who, on) => ({
        method: 'POST',
        url: `${users(who.id)}/foyers/univers/${on.universeId}/appliances`,
        ...(await form({ data: JSON.stringify({ prod_id: A.productId, name: 'Sèche-linge partagé', marque: 'Miele', modele: 'T1' }) })),
      }),
      expect: 201,
    },
    'PUT /api/V1/profils/users/foyers/univers/appliances/:id/text': {
      write: writeTo('PUT', (_, on) => `${item(on.applianceId)}/text`, {
        name: `Lave-linge ${TAG}`,
        marque: `Marque ${TAG}`,
        modele: `Modèle ${TAG}`,
        note: 'Joint changé',
      }),
      expect: 200,
    },
    'PUT /api/V1/profils/users/foyers/univers/appliances/:id/facture': {
      write: async (_, on) => ({
        method: 'PUT',
        url: `${item(on.applianceId)}/facture`,
        ...(await form({ file: { filename: 'facture.pdf', data: PDF } })),
      }),
      expect: 200,
    },
    'PUT /api/V1/profils/users/foyers/univers/appliances/:id/notice': {
      write: async (_, on) => ({
        method: 'PUT',
        url: `${item(on.applianceId)}/notice`,
        ...(await form({ file: { filename: 'notice.pdf', data: PDF } })),
      }),
      expect: 200,
    },
    'PUT /api/V1/profils/users/foyers/univers/appliances/:id/image': {
      write: async (_, on) => ({
        method: 'PUT',
        url: `${item(on.applianceId)}/image`,
        ...(await form({ file: { filename: 'photo.png', data: PNG } })),
      }),
      expect: 200,
    },
    'DELETE /api/V1/profils/users/foyers/univers/appliances/:id': {
      write: writeTo('DELETE', (_, on) => item(on.spareApplianceId)),
      expect: 204,
      destroys: true,
    },
    'POST /api/devices': { write: writeTo('POST', () => '/api/devices', { marque: 'Brandt', modele: 'D1' }), expect: 201 },
    'POST /api/V1/profils/users/:userId/events': {
      write: writeTo(
        'POST',
        (who) => `${users(who.id)}/events`,
        (on) => ({ ...event, applianceId: on.applianceId }),
      ),
      expect: 201,
    },
    'POST /api/V1/profils/users/:userId/events/period': {
      write: writeTo(
        'POST',
        (who) => `${users(who.id)}/events/period`,
        (on) => ({ ...event, applianceId: on.applianceId, frequency: 'yearly' }),
      ),
      expect: 201,
    },
    'PUT /api/V1/profils/users/:userId/events/:id': {
      write: writeTo('PUT', (who, on) => `${users(who.id)}/events/${on.eventId}`, { note: 'Vu ce matin' }),
      expect: 200,
    },
    'DELETE /api/V1/profils/users/:userId/events/:id': {
      write: writeTo('DELETE', (who, on) => `${users(who.id)}/events/${on.spareEventId}`),
      expect: 204,
      destroys: true,
    },
    'GET /api/V1/profils/users/:userId/demarches': read((who) => `${users(who.id)}/demarches`),
    'GET /api/V1/profils/users/:userId/demarches/:id': {
      read: async (who) => ({ method: 'GET', url: `${users(who.id)}/demarches/${await foundersClaim()}` }),
    },
    'POST /api/V1/profils/users/:userId/demarches': {
      write: writeTo(
        'POST',
        (who) => `${users(who.id)}/demarches`,
        (on) => ({ applianceId: on.applianceId, voie: 'garantie-legale', defaut: 'Ne démarre plus' }),
      ),
      expect: 201,
    },
    'POST /api/V1/profils/users/:userId/demarches/:id/etapes': {
      write: writeTo('POST', (who, on) => `${users(who.id)}/demarches/${on.claimId}/etapes`, { type: 'envoyee', date: '2026-11-21' }),
      expect: 201,
    },
    'POST /api/V1/profils/users/:userId/demarches/:id/pieces': {
      write: async (who, on) => ({
        method: 'POST',
        url: `${users(who.id)}/demarches/${on.claimId}/pieces`,
        ...(await form({ file: { filename: 'devis.pdf', data: PDF } })),
      }),
      expect: 201,
    },
    'DELETE /api/V1/profils/users/:userId/demarches/:id/pieces/:pieceId': {
      write: writeTo('DELETE', (who, on) => `${users(who.id)}/demarches/${on.claimId}/pieces/${on.sparePieceId}`),
      expect: 204,
      destroys: true,
    },
    'DELETE /api/V1/profils/users/:userId/demarches/:id': {
      write: writeTo('DELETE', (who, on) => `${users(who.id)}/demarches/${on.spareClaimId}`),
      expect: 204,
      destroys: true,
    },
    'POST /api/V1/profils/users/:userId/import/appareils': {
      write: writeTo('POST', (who) => `${users(who.id)}/import/appareils`, {
        contenu: `${INVENTORY_CSV_COLUMNS.slice(0, 5).join(';')}\nAtelier ${TAG};Lave-linge;Lave-linge importé;Candy;CS1\n`,
        appliquer: true,
      }),
      expect: 200,
    },
    'POST /api/V1/profils/users/:userId/dossier/partages': {
      write: writeTo('POST', (who) => `${users(who.id)}/dossier/partages`, { jours: 7 }),
      expect: 201,
    },
    'DELETE /api/V1/profils/users/:userId/dossier/partages/:id': {
      write: async (who) => ({
        method: 'DELETE',
        url: `${users(who.id)}/dossier/partages/${(await send(founder(), { method: 'POST', url: `${users(A.user.id)}/dossier/partages`, payload: { jours: 30 } })).json().id}`,
      }),
      expect: 204,
      destroys: true,
    },
    // Marks the founder's recall handled for the whole foyer (done again: 204, no change).
    'POST /api/V1/profils/users/:userId/rappels/:id/traite': {
      write: async (who) => ({ method: 'POST', url: `${users(who.id)}/rappels/${await foundersRecall()}/traite` }),
      expect: 204,
    },
    'POST /api/V1/profils/users/:userId/etiquettes': {
      write: writeTo(
        'POST',
        (who) => `${users(who.id)}/etiquettes`,
        (on) => ({ applianceIds: [on.applianceId] }),
      ),
      expect: 200,
    },
    // Revokes the founder's label of A's appliance: the reads make it again.
    'DELETE /api/V1/profils/users/:userId/etiquettes/:code': {
      write: async (who) => ({ method: 'DELETE', url: `${users(who.id)}/etiquettes/${await foundersLabel()}` }),
      expect: 204,
    },
    'POST /api/V1/profils/users/:userId/appliances/:id/second-life': {
      write: writeTo('POST', (who, on) => `${users(who.id)}/appliances/${on.givenApplianceId}/second-life`, { outcome: 'recycled' }),
      expect: 200,
      destroys: true,
    },
    // Reading the plate costs the OCR: a membre's save is the one real run of it here.
    'POST /api/ai/appliance/searchandsave': {
      write: writeTo(
        'POST',
        () => '/api/ai/appliance/searchandsave',
        (on, who) => ({ urlImage: on.plateUrl, userId: who.id, univerId: on.universeId, refProdId: A.productId }),
      ),
      expect: 201,
    },

    // Managing the foyer: its owners only. `{userId}` is the caller's; the foyer, theirs.
    'PUT /api/V1/profils/users/:userId/foyer': {
      manage: (who) => ({ method: 'PUT', url: `${users(who.id)}/foyer`, payload: { nom: `Maison de ${TAG}` } }),
      expect: 200,
      effect: async (_on, owner) => {
        expect((await foyerOf(founder())).nom).toBe(`Maison de ${TAG}`);
        // Empty, the foyer takes its founder's name back.
        expect((await send(owner, { method: 'PUT', url: `${users(owner.id)}/foyer`, payload: { nom: '  ' } })).json().nom).toBe(
          'Foyer de Aliénor',
        );
      },
    },
    'PUT /api/V1/profils/users/:userId/foyer/membres/:memberId': {
      manage: (who, on) => ({ method: 'PUT', url: `${users(who.id)}/foyer/membres/${on.member.id}`, payload: { role: 'lecteur' } }),
      expect: 200,
      effect: async ({ member }, owner) => {
        expect((await foyerOf(founder())).membres.find((m) => m.userId === member.id)?.role).toBe('lecteur');
        const refused = await send(member, { method: 'POST', url: `${users(member.id)}/events`, payload: event });
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json().code).toBe('FOYER_READ_ONLY');
        const back = await send(owner, {
          method: 'PUT',
          url: `${users(owner.id)}/foyer/membres/${member.id}`,
          payload: { role: 'membre' },
        });
        expect(back.statusCode, back.body).toBe(200);
        expect((await send(member, { method: 'POST', url: `${users(member.id)}/events`, payload: event })).statusCode).toBe(201);
      },
    },
    'POST /api/V1/profils/users/:userId/foyer/invitations': {
      manage: (who) => ({
        method: 'POST',
        url: `${users(who.id)}/foyer/invitations`,
        payload: { email: `invitation-de-${who.id}@exemple.fr`, role: 'membre' },
      }),
      expect: 201,
      effect: async (_, owner) => {
        expect((await foyerOf(founder())).invitations.map((i) => i.email)).toContain(`invitation-de-${owner.id}@exemple.fr`);
      },
    },
    'DELETE /api/V1/profils/users/:userId/foyer/invitations/:id': {
      manage: (who, on) => ({ method: 'DELETE', url: `${users(who.id)}/foyer/invitations/${on.invitationId}` }),
      expect: 204,
      effect: async (on) => {
        expect((await foyerOf(founder())).invitations.map((i) => i.id)).not.toContain(on.invitationId);
      },
    },
    'DELETE /api/V1/profils/users/:userId/foyer/membres/:memberId': {
      manage: (who, on) => ({ method: 'DELETE', url: `${users(who.id)}/foyer/membres/${on.member.id}` }),
      expect: 204,
      declared: 'foyer:read',
      effect: async ({ member }) => {
        expect((await foyerOf(founder())).membres.map((m) => m.userId)).not.toContain(member.id);
        expect((await foyerOf(member)).id, 'back in their own foyer').toBe(member.id);
        expect(ids(await send(member, { method: 'GET', url: `${users(member.id)}/appliances` }), 'id')).not.toContain(A.applianceId);
      },
    },

    // Only the holder: handing the foyer over (with their password), and letting a co-owner's invitation as propriétaire go.
    'POST /api/V1/profils/users/:userId/foyer/transfert': {
      hold: (who, on) => ({
        method: 'POST',
        url: `${users(who.id)}/foyer/transfert`,
        payload: { memberId: on.coOwner.id, currentPassword: 'Secret1!ok' },
      }),
      expect: 200,
      after: async ({ coOwner }) => {
        expect((await foyerOf(founder())).responsable).toBe(coOwner.id);
        const back = await send(coOwner, {
          method: 'POST',
          url: `${users(coOwner.id)}/foyer/transfert`,
          payload: { memberId: A.user.id, currentPassword: 'Secret1!ok' },
        });
        expect(back.statusCode, back.body).toBe(200);
        expect((await foyerOf(founder())).responsable).toBe(A.user.id);
      },
    },
    'POST /api/V1/profils/users/:userId/foyer/invitations/:id/confirmation': {
      hold: (who, on) => ({ method: 'POST', url: `${users(who.id)}/foyer/invitations/${on.invitationId}/confirmation` }),
      expect: 200,
      after: async ({ invitationId }) => {
        expect((await foyerOf(founder())).invitations.find((i) => i.id === invitationId)).toMatchObject({ aConfirmer: false });
      },
    },
  };
}

/** A write's probe: its URL and body from the caller and the targets (a body may be fixed or computed). */
function writeTo(method: string, url: (who: Actor, on: Targets) => string, payload?: object | ((on: Targets, who: Actor) => object)) {
  return async (who: Actor, on: Targets): Promise<Probe> => ({
    method,
    url: url(who, on),
    payload: typeof payload === 'function' ? payload(on, who) : payload,
  });
}

/** The case of a route; HEAD shares its GET's, the docs and the built web app are public by rule. */
function caseOf(route: ApiRoute): Case | undefined {
  if (route.url === '/api/docs' || route.url.startsWith('/api/docs/')) return { public: 'the OpenAPI document and its UI' };
  if (!route.url.startsWith('/api/') && existsSync(path.join(t.config.webDist, route.url)))
    return { public: 'a static file of the built web app' };
  const own = cases[route.key];
  if (own || route.method !== 'HEAD') return own;
  const get = cases[`GET ${route.url}`];
  if (!get) return undefined;
  if ('read' in get) return { read: async (who) => ({ ...(await get.read(who)), method: 'HEAD' }), stranger: get.stranger };
  if ('personal' in get)
    return {
      personal: get.personal,
      probe: get.probe && (async (who) => ({ ...(await get.probe!(who)), method: 'HEAD' })),
      expect: get.expect,
    };
  return get;
}

function casesOf<K extends 'read' | 'write' | 'manage' | 'personal' | 'hold'>(kind: K): [ApiRoute, Extract<Case, Record<K, unknown>>][] {
  return routes.flatMap((route) => {
    const c = caseOf(route);
    return c && kind in c ? [[route, c as Extract<Case, Record<K, unknown>>]] : [];
  });
}

/** Every household read as `who`: below 400, and the founder's own answer (same foyer, same data). */
async function readsLikeTheFounder(who: Actor): Promise<{ failures: string[]; count: number }> {
  const failures: string[] = [];
  const reads = casesOf('read');
  for (const [route, c] of reads) {
    const res = await send(who, await c.read(who));
    const where = `${route.key} as ${who.email}`;
    if (res.statusCode >= 400) {
      failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      continue;
    }
    if (c.check) {
      const wrong = c.check(res, who);
      if (wrong) failures.push(`${where}: ${wrong}`);
      continue;
    }
    const theirs = await send(founder(), await c.read(founder()));
    if (res.statusCode !== theirs.statusCode || res.body !== theirs.body) {
      failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)} — A gets ${theirs.statusCode} ${theirs.body.slice(0, 200)}`);
    }
  }
  return { failures, count: reads.length };
}

/** A checksum of the foyer's rows (its data keyed by A's id, the foyer, its members and invitations) and A's own. */
async function foyerRows(): Promise<Record<string, string>> {
  const id = A.user.id;
  const keyed: [string, string][] = [
    ...[
      'universes',
      'appliances',
      'appliance_recalls',
      'events',
      'notifications',
      'push_subscriptions',
      'user_badges',
      'user_actions',
      'calendar_feeds',
      'temp_files',
      'refresh_tokens',
    ].map((table): [string, string] => [table, 'user_id']),
    ['claims', 'foyer_id'],
    ['claim_steps', 'foyer_id'],
    ['claim_attachments', 'foyer_id'],
    ['foyers', 'id'],
    ['foyer_members', 'foyer_id'],
    ['foyer_invitations', 'foyer_id'],
    ['users', 'id'],
  ];
  const out: Record<string, string> = {};
  for (const [table, column] of keyed) {
    const { rows } = await sql<{
      sum: string | null;
    }>`select md5(string_agg(t::text, '|' order by t::text)) as sum from ${sql.table(table)} t where ${sql.ref(`t.${column}`)} = ${id}`.execute(
      t.db,
    );
    out[table] = rows[0]?.sum ?? '';
  }
  return out;
}

/**
 * The founder's items, and spare ones `m` makes in the foyer for the writes that destroy: the seeded
 * ones stay for the other tests, even when a write that should be refused is not.
 */
async function targets(m: Actor): Promise<Targets> {
  const created = async (p: Probe) => {
    const res = await send(m, p);
    expect(res.statusCode, `${p.method} ${p.url}: ${res.body}`).toBe(201);
    return res.json();
  };
  const appliance = async (name: string) =>
    (
      await created({
        method: 'POST',
        url: `${users(m.id)}/foyers/univers/${A.universeId}/appliances`,
        ...(await form({ data: JSON.stringify({ prod_id: A.productId, name, marque: 'Vedette', modele: 'V2' }) })),
      })
    ).id as number;
  const spareUniverse = await created({
    method: 'POST',
    url: `${users(m.id)}/foyers/univers`,
    ...(await form({ name: 'Débarras à vider' })),
  });
  const spareEvent = await created({
    method: 'POST',
    url: `${users(m.id)}/events`,
    payload: { title: 'Rendez-vous annulé', dt_realisation: '2026-12-02T09:00:00Z' },
  });
  const plate = await created({
    method: 'POST',
    url: '/api/V1/files/public',
    ...(await form({
      file: {
        filename: 'plaque.png',
        data: await plateImage(['BOSCH', 'Mod./Model: WAT28449FF', '220-240 V ~ 50 Hz  2300 W']),
        type: 'image/png',
      },
    })),
  });
  const claim = () =>
    created({
      method: 'POST',
      url: `${users(m.id)}/demarches`,
      payload: { applianceId: A.applianceId, voie: 'garantie-commerciale', defaut: 'Porte bloquée' },
    });
  const kept = await claim();
  const withPiece = await created({
    method: 'POST',
    url: `${users(m.id)}/demarches/${kept.id}/pieces`,
    ...(await form({ file: { filename: 'lettre.pdf', data: PDF } })),
  });
  return {
    claimId: kept.id,
    spareClaimId: (await claim()).id,
    sparePieceId: withPiece.pieces[0].id,
    universeId: A.universeId,
    applianceId: A.applianceId,
    eventId: A.eventId,
    spareUniverseId: spareUniverse.univer_id,
    spareApplianceId: await appliance('Congélateur à jeter'),
    spareEventId: spareEvent.id,
    givenApplianceId: await appliance('Four à recycler'),
    plateUrl: plate.data.fileUrl,
  };
}

/**
 * What a stranger gets (access-matrix.test.ts's B): the foyer's `{userId}` 403, its items 404, and
 * no answer carrying anything of A's.
 */
async function getsNothingOfTheFoyer(who: Actor): Promise<string[]> {
  // The feed's token and the files' keys as they are now: the membre test renews some of them.
  const now = await Promise.all(
    ['calendar-feed', 'appliances', 'foyers/univers'].map(
      async (what) => (await send(founder(), { method: 'GET', url: `${users(A.user.id)}/${what}` })).body,
    ),
  );
  const secrets = [
    'zephyrin',
    TAG.toLowerCase(),
    /calendar\/([\w-]+)\.ics/.exec(now[0]!)![1]!.toLowerCase(),
    ...Array.from(now.join(' ').matchAll(/[0-9a-f]{8}-[0-9a-f-]{27}/g), ([key]) => key),
  ];
  expect(secrets.length, 'the files’ keys were found').toBeGreaterThan(5);
  const failures: string[] = [];
  for (const [route, c] of casesOf('read')) {
    const where = `${route.key} as ${who.email}`;
    const res = await send(who, await c.read(who));
    const leaked = secrets.filter((s) => res.body.toLowerCase().includes(s));
    if (leaked.length > 0) failures.push(`${where} leaks ${leaked.join(', ')}`);
    if (route.url.includes(':userId')) {
      const foyers = await send(who, await c.read({ ...who, id: A.user.id }));
      if (foyers.statusCode !== 403) failures.push(`${where} with A’s userId: ${foyers.statusCode} instead of 403`);
    } else if (res.statusCode !== (c.stranger ?? 404)) {
      failures.push(`${where} (A’s item): ${res.statusCode} instead of ${c.stranger ?? 404}`);
    }
  }
  return failures;
}

describe('role matrix of the household (generated from the route table)', () => {
  it('has a case for every route of the table, and no case for a route that is gone', () => {
    const missing = routes.filter((r) => !caseOf(r)).map((r) => r.key);
    expect(missing, `routes with no role case (add one to role-matrix.test.ts): ${missing.join(', ')}`).toEqual([]);
    const keys = new Set(routes.map((r) => r.key));
    expect(
      Object.keys(cases).filter((k) => !keys.has(k)),
      'cases of routes that no longer exist',
    ).toEqual([]);
    // Everything under a user's path touches either the household or the person: never public.
    const open = routes.filter((r) => r.url.startsWith('/api/V1/profils/users/') && 'public' in caseOf(r)!).map((r) => r.key);
    expect(open).toEqual([]);
  });

  it('finds each route declared (config.access) as its case says: the declaration is what the server enforces before reading a body', () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const c = caseOf(route);
      if (!c || !route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
      const kind = (Object.keys(DECLARED) as (keyof typeof DECLARED)[]).find((k) => k in c)!;
      const expected = ('declared' in c && c.declared) || DECLARED[kind];
      if (route.access !== expected) wrong.push(`${route.key}: declared ${route.access}, its case is ${kind} (${expected})`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a lecteur read all of the household’s data, as the founder sees it', async () => {
    const L = await joiner('lecteur');
    const { failures, count } = await readsLikeTheFounder(L);
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(30);
    expect(ids(await send(L, { method: 'GET', url: `${users(L.id)}/appliances` }), 'id')).toContain(A.applianceId);
    expect(ids(await send(L, { method: 'GET', url: `${users(L.id)}/foyers/univers` }), 'univer_id')).toContain(A.universeId);
    expect(ids(await send(L, { method: 'GET', url: `${users(L.id)}/events` }), 'id')).toContain(A.eventId);
  });

  it('refuses a lecteur every household write (403 FOYER_READ_ONLY) and changes nothing of the foyer', async () => {
    const L = await joiner('lecteur');
    const on = await targets(founder());
    // The foyer has its feed, as seeded (the membre test renews it): the lecteur's probes must not make one.
    expect((await send(founder(), { method: 'GET', url: `${users(A.user.id)}/calendar-feed` })).statusCode).toBe(200);
    const before = await foyerRows();
    const pushed = push.received.length;
    const failures: string[] = [];
    const writes = casesOf('write');
    for (const [route, c] of writes) {
      const res = await send(L, await c.write(L, on));
      const body = res.headers['content-type']?.toString().includes('json') ? (res.json() as { code?: string; message?: string }) : {};
      if (res.statusCode !== 403 || body.code !== 'FOYER_READ_ONLY' || body.message !== MSG.foyerReadOnly)
        failures.push(`${route.key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(writes.length).toBeGreaterThan(15);
    expect(await foyerRows()).toEqual(before);
    expect(push.received.length, 'nothing was pushed').toBe(pushed);
  });

  it('lets a membre and a co-owner read all of the household’s data, as the founder sees it', async () => {
    for (const who of [await joiner('membre'), await joiner('proprietaire')]) {
      const { failures } = await readsLikeTheFounder(who);
      expect(failures).toEqual([]);
      expect(ids(await send(who, { method: 'GET', url: `${users(who.id)}/appliances` }), 'id')).toContain(A.applianceId);
    }
  });

  it('lets a membre make every household write into the foyer (what it destroys, it made)', async () => {
    const M = await joiner('membre');
    const on = await targets(M);
    const failures: string[] = [];
    const made: Record<string, { id?: number; univer_id?: number }> = {};
    // Destruction last, on the membre's own items: no write depends on another's order.
    const writes = casesOf('write').sort(([, x], [, y]) => Number(x.destroys ?? false) - Number(y.destroys ?? false));
    for (const [route, c] of writes) {
      const res = await send(M, await c.write(M, on));
      if (res.statusCode !== c.expect) failures.push(`${route.key}: ${res.statusCode} instead of ${c.expect} ${res.body.slice(0, 200)}`);
      else if (res.statusCode !== 204) made[route.key] = res.json();
    }
    // The feed the membre revoked: the foyer gets a new one, as if nobody had.
    expect((await send(M, { method: 'GET', url: `${users(M.id)}/calendar-feed` })).statusCode).toBe(200);
    expect(failures).toEqual([]);

    // Made in the foyer, not in the membre's own: the founder sees it, and no longer what was destroyed.
    const appliances = ids(await send(founder(), { method: 'GET', url: `${users(A.user.id)}/appliances` }), 'id');
    for (const key of [
      'POST /api/V1/profils/users/:userId/foyers/univers/:id/appliances',
      'POST /api/devices',
      'POST /api/ai/appliance/searchandsave',
    ])
      expect(appliances, key).toContain(made[key]?.id);
    expect(appliances).not.toContain(on.spareApplianceId);
    expect(appliances).not.toContain(on.givenApplianceId);
    const universes = ids(await send(founder(), { method: 'GET', url: `${users(A.user.id)}/foyers/univers` }), 'univer_id');
    expect(universes).toContain(made['POST /api/V1/profils/users/:userId/foyers/univers']?.univer_id);
    expect(universes).not.toContain(on.spareUniverseId);
    const events = ids(await send(founder(), { method: 'GET', url: `${users(A.user.id)}/events` }), 'id');
    expect(events).toContain(made['POST /api/V1/profils/users/:userId/events']?.id);
    expect(events).not.toContain(on.spareEventId);
    expect(ids(await send(founder(), { method: 'GET', url: `${users(A.user.id)}/appliances/history` }), 'id')).toContain(
      on.givenApplianceId,
    );
  }, 120_000);

  it('leaves a lecteur what is its own: personal routes are not read-only', async () => {
    const L = await joiner('lecteur');
    const failures: string[] = [];
    const personal = casesOf('personal').filter(([, c]) => c.probe);
    for (const [route, c] of personal) {
      const res = await send(L, await c.probe!(L));
      if (res.statusCode !== c.expect) failures.push(`${route.key}: ${res.statusCode} instead of ${c.expect} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(personal.length).toBeGreaterThan(15);
  });

  it('lets a co-owner manage the foyer: renamed, a role changed and back, an invitation sent and one cancelled, a member removed', async () => {
    const O = await joiner('proprietaire');
    const X = await joiner('membre');
    const invited = await send(founder(), {
      method: 'POST',
      url: `${users(A.user.id)}/foyer/invitations`,
      payload: { email: 'invitation-a-annuler@exemple.fr', role: 'lecteur' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const on = { member: X, invitationId: invited.json().id as number };
    // Removing the member last: the role change needs them in the foyer.
    const manage = casesOf('manage').sort(
      ([x], [y]) => Number(x.method === 'DELETE' && x.url.includes('membres')) - Number(y.method === 'DELETE' && y.url.includes('membres')),
    );
    expect(manage.length).toBe(5);
    for (const [route, c] of manage) {
      const res = await send(O, c.manage(O, on));
      expect(res.statusCode, `${route.key}: ${res.body}`).toBe(c.expect);
      await c.effect?.(on, O);
    }
  });

  it('refuses foyer management to a membre and a lecteur (403 FOYER_OWNER_ONLY) and changes nothing', async () => {
    const M = await joiner('membre');
    const L = await joiner('lecteur');
    const X = await joiner('membre');
    const invited = await send(founder(), {
      method: 'POST',
      url: `${users(A.user.id)}/foyer/invitations`,
      payload: { email: 'invitation-gardee@exemple.fr', role: 'membre' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const on = { member: X, invitationId: invited.json().id as number };
    const before = await foyerRows();
    const failures: string[] = [];
    for (const who of [M, L]) {
      for (const [route, c] of casesOf('manage')) {
        const res = await send(who, c.manage(who, on));
        const body = res.json() as { code?: string; message?: string };
        if (res.statusCode !== 403 || body.code !== 'FOYER_OWNER_ONLY' || body.message !== API_MSG.foyerOwnerOnly)
          failures.push(`${route.key} as ${who.email}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await foyerRows()).toEqual(before);
  });

  it('leaves what only the holder may do to the holder: a co-owner, a membre and a lecteur get 403 FOYER_HOLDER_ONLY and change nothing', async () => {
    const O = await joiner('proprietaire');
    const M = await joiner('membre');
    const L = await joiner('lecteur');
    const on = await holdTargets(O);
    const before = await foyerRows();
    const failures: string[] = [];
    for (const who of [O, M, L]) {
      for (const [route, c] of casesOf('hold')) {
        const res = await send(who, c.hold(who, on));
        const body = res.json() as { code?: string; message?: string };
        if (res.statusCode !== 403 || body.code !== 'FOYER_HOLDER_ONLY' || body.message !== API_MSG.foyerHolderOnly)
          failures.push(`${route.key} as ${who.email}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(casesOf('hold').length).toBe(2);
    expect(await foyerRows()).toEqual(before);
  });

  it('lets the holder do what only they may: hand the foyer over (and take it back), let a co-owner’s invitation go', async () => {
    const on = await holdTargets(await joiner('proprietaire'));
    for (const [route, c] of casesOf('hold')) {
      const res = await send(founder(), c.hold(founder(), on));
      expect(res.statusCode, `${route.key}: ${res.body}`).toBe(c.expect);
      await c.after?.(on);
    }
  });

  it('lets a membre and a lecteur leave the foyer themselves, after which they get none of its data (like a stranger)', async () => {
    const M = await joiner('membre');
    const L = await joiner('lecteur');
    for (const who of [M, L]) {
      expect(ids(await send(who, { method: 'GET', url: `${users(who.id)}/appliances` }), 'id'), 'a member first').toContain(A.applianceId);
      const left = await send(who, { method: 'DELETE', url: `${users(who.id)}/foyer/membres/${who.id}` });
      expect(left.statusCode, left.body).toBe(204);
      expect((await foyerOf(who)).id, 'back in their own foyer').toBe(who.id);
    }
    const members = (await foyerOf(founder())).membres.map((m) => m.userId);
    expect(members).not.toContain(M.id);
    expect(members).not.toContain(L.id);
    expect([...(await getsNothingOfTheFoyer(M)), ...(await getsNothingOfTheFoyer(L))]).toEqual([]);
  });

  it('once an owner removes them, a former membre and lecteur get none of the foyer’s data: 403 for its userId, 404 for its items', async () => {
    const M = await joiner('membre');
    const L = await joiner('lecteur');
    for (const who of [M, L]) {
      expect((await send(who, { method: 'GET', url: item(A.applianceId) })).statusCode, 'a member first').toBe(200);
      const removed = await send(founder(), { method: 'DELETE', url: `${users(A.user.id)}/foyer/membres/${who.id}` });
      expect(removed.statusCode, removed.body).toBe(204);
    }
    expect([...(await getsNothingOfTheFoyer(M)), ...(await getsNothingOfTheFoyer(L))]).toEqual([]);
  });

  it('lets a removed co-owner change nothing of the foyer, on any route: every write, management and holder probe', async () => {
    const O = await joiner('proprietaire');
    const X = await joiner('membre');
    const on = await targets(founder());
    const manageOn = {
      member: X,
      invitationId: (
        await send(founder(), {
          method: 'POST',
          url: `${users(A.user.id)}/foyer/invitations`,
          payload: { email: 'ancien-coproprio@exemple.fr', role: 'membre' },
        })
      ).json().id as number,
    };
    const holdOn = await holdTargets(O);
    expect((await send(founder(), { method: 'DELETE', url: `${users(A.user.id)}/foyer/membres/${O.id}` })).statusCode).toBe(204);
    expect(await getsNothingOfTheFoyer(O)).toEqual([]);
    const before = await foyerRows();
    const probes: Probe[] = [
      ...(await Promise.all(casesOf('write').map(([, c]) => c.write(O, on)))),
      ...casesOf('manage').map(([, c]) => c.manage(O, manageOn)),
      ...casesOf('hold').map(([, c]) => c.hold(O, holdOn)),
    ];
    const failures: string[] = [];
    for (const probe of probes) {
      // With the foyer's userId: refused outright; with their own, it acts on their own foyer only.
      if (probe.url.includes(users(O.id))) {
        const theirs = await send(O, { ...probe, url: probe.url.replace(users(O.id), users(A.user.id)) });
        if (theirs.statusCode !== 403) failures.push(`${probe.method} ${probe.url} with A’s userId: ${theirs.statusCode}`);
      }
      await send(O, probe);
    }
    expect(failures).toEqual([]);
    expect(await foyerRows()).toEqual(before);
  }, 120_000);
});

/** A co-owner's invitation as propriétaire, waiting for the holder; and the co-owner, to hand the foyer to. */
async function holdTargets(coOwner: Actor): Promise<HoldTargets> {
  const res = await send(coOwner, {
    method: 'POST',
    url: `${users(coOwner.id)}/foyer/invitations`,
    payload: { email: `proprietaire-en-attente-${coOwner.id}@exemple.fr`, role: 'proprietaire' },
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().aConfirmer).toBe(true);
  return { coOwner, invitationId: res.json().id as number };
}
