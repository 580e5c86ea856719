import { API_MSG, CLAIM_MSG, type Claim, MSG, TEXT_MAX } from '@ecofoyer/contracts';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinFoyer } from '../../../test/foyer.ts';
import { pdfPages } from '../../../test/pdf-text.ts';
import { HTML, multipart, PDF, PNG } from '../../../test/multipart.ts';
import { createTestApp, signedInUser, storedFiles, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let me: User;
let member: User;
let reader: User;
let stranger: User;
let laundry: number;
let washer: number;
const users = (id: number) => `/api/V1/profils/users/${id}`;
const item = (id: number) => `/api/V1/profils/users/foyers/univers/appliances/${id}`;

beforeAll(async () => {
  // The clock moves by weeks: everyone signs in again each time (`at`), more often than a person would.
  t = await createTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '1000', RATE_LIMIT_SIGNIN_PER_ACCOUNT: '1000' });
  me = await signedInUser(t, 'demarche@exemple.fr');
  member = await signedInUser(t, 'demarche-membre@exemple.fr');
  reader = await signedInUser(t, 'demarche-lecteur@exemple.fr');
  stranger = await signedInUser(t, 'demarche-voisin@exemple.fr');
  await joinFoyer(t, member, me.id, 'membre');
  await joinFoyer(t, reader, me.id, 'lecteur');
  await t.db.updateTable('users').set({ firstname: 'Margot' }).where('id', '=', member.id).execute();
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

async function appliance(name: string, data: Record<string, unknown> = {}, who: User = me, universe = laundry): Promise<number> {
  const body = await multipart({ data: JSON.stringify({ prod_id: washer, name, marque: 'Bosch', modele: 'Série 6', ...data }) });
  const res = await t.app.inject({
    method: 'POST',
    url: `${users(who.id)}/foyers/univers/${universe}/appliances`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/**
 * Moves the clock, and signs everyone in again at that time: a session's access token lasts 15
 * minutes of the clock (a month later it has expired).
 */
async function at(iso: string): Promise<void> {
  const moved = Math.abs(Date.parse(iso) - t.clock.now().getTime()) > 10 * 60_000;
  t.clock.set(iso);
  if (!moved) return;
  for (const [who, email] of [
    [me, 'demarche@exemple.fr'],
    [member, 'demarche-membre@exemple.fr'],
    [reader, 'demarche-lecteur@exemple.fr'],
    [stranger, 'demarche-voisin@exemple.fr'],
  ] as const) {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: email, password: 'Secret1!ok' } });
    expect(res.statusCode, res.body).toBe(200);
    who.headers.authorization = `Bearer ${res.json().accessToken}`;
  }
}

const send = (who: User, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: `${users(who.id)}${path}`, headers: who.headers, ...(payload ? { payload } : {}) });

async function open(payload: Record<string, unknown>): Promise<Claim> {
  const res = await send(me, 'POST', '/demarches', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function step(id: number, payload: Record<string, unknown>, who: User = me): Promise<Claim> {
  const res = await send(who, 'POST', `/demarches/${id}/etapes`, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const droits = async (applianceId: number) => (await t.app.inject({ url: `${item(applianceId)}/droits`, headers: me.headers })).json();
const breakdownOf = async (applianceId: number, eventId: number) =>
  ((await send(me, 'GET', `/appliances/${applianceId}/events`)).json() as { id: number }[]).find((e) => e.id === eventId) as Record<
    string,
    unknown
  >;
const claimReminders = (claimId: number) =>
  t.db
    .selectFrom('notifications')
    .select(['user_id', 'status', 'title', 'message'])
    .where('claim_id', '=', claimId)
    .orderBy('user_id')
    .execute();
/** How many rows the claims' tables hold: a refused request changes none. */
const counts = async () => ({
  claims: (await t.db.selectFrom('claims').select('id').execute()).length,
  steps: (await t.db.selectFrom('claim_steps').select('id').execute()).length,
  documents: (await t.db.selectFrom('claim_attachments').select('id').execute()).length,
  events: (await t.db.selectFrom('events').select('id').execute()).length,
});

describe('« Ma démarche »: a claim followed to its end', () => {
  it('goes from a breakdown to its repair under the legal guarantee: sent, reminded once past 30 days, answered, the guarantee 6 months longer', async () => {
    await at('2026-11-21T09:00:00Z');
    const id = await appliance('Lave-linge du bas', { dt_achat: '2026-03-10', vendeur: 'Boulanger Lyon' });
    const resume = async () => (await send(me, 'GET', '/droits/resume')).json();
    expect(await resume()).toMatchObject({ prochaineFin: { applianceId: id, fin: '2028-03-10' } });

    const created = await open({ applianceId: id, voie: 'garantie-legale', defaut: 'Ne chauffe plus' });
    expect(created).toMatchObject({
      applianceId: id,
      applianceName: 'Lave-linge du bas',
      voie: 'garantie-legale',
      destinataire: 'Boulanger Lyon',
      defaut: 'Ne chauffe plus',
      statut: 'preparee',
      issue: null,
      echeance: null,
      etapes: [],
      pieces: [],
    });
    // The breakdown is recorded as the assistant records one, dated today.
    expect(await breakdownOf(id, created.eventId)).toMatchObject({
      type: 'PANNE',
      title: 'Panne\u00a0: Ne chauffe plus',
      status: 'NEW',
      dt_realisation: '2026-11-21T09:00:00.000Z',
      sous_garantie: false,
    });

    const sent = await step(created.id, { type: 'envoyee', date: '2026-11-21', note: 'Lettre recommandée' });
    expect(sent).toMatchObject({
      statut: 'envoyee',
      echeance: '2026-12-21',
      etapes: [{ type: 'envoyee', date: '2026-11-21', note: 'Lettre recommandée', issue: null, auteur: 'Camille' }],
    });
    // Not due yet: nothing.
    await t.app.services.notifications.tick();
    expect(await claimReminders(created.id)).toEqual([]);

    // 31 days later, no answer: one reminder for each member who looks after the appliances, none for the lecteur.
    await at('2026-12-22T09:00:00Z');
    await t.app.services.notifications.tick();
    const reminders = await claimReminders(created.id);
    expect(reminders.map((r) => r.user_id)).toEqual([me.id, member.id].sort((a, b) => a - b));
    expect(reminders[0]).toMatchObject({
      status: 'ACTIF',
      title: 'Sans réponse\u00a0: Lave-linge du bas',
      message:
        'Boulanger Lyon n’a pas répondu à votre demande pour Lave-linge du bas depuis 30 jours\u00a0: relancez-le ou passez à l’étape suivante.',
    });
    const listed = (await send(me, 'GET', '/notifs')).json() as { claimId: number | null; applianceId: number | null }[];
    expect(listed.filter((n) => n.claimId === created.id)).toEqual([expect.objectContaining({ applianceId: id })]);
    expect(((await send(reader, 'GET', '/notifs')).json() as { claimId: number | null }[]).some((n) => n.claimId !== null)).toBe(false);
    // Mailed at once (the default choice), its button opening the claim.
    const mails = (await t.outbox()).map((m) => m.replace(/=\r?\n/g, '')).filter((m) => m.includes(`/demarches/${created.id}`));
    expect(mails).toHaveLength(2);

    // A later tick (two hours on) makes none again.
    await at('2026-12-22T11:00:00Z');
    await t.app.services.notifications.tick();
    expect(await claimReminders(created.id)).toHaveLength(2);

    // A reminder to the seller gives it 15 days more; an answer ends the wait.
    expect((await step(created.id, { type: 'relance', date: '2026-12-22' }, member)).echeance).toBe('2027-01-06');
    await at('2026-12-28T09:00:00Z');
    const answered = await step(created.id, { type: 'reponse', date: '2026-12-28', note: 'Réparation acceptée' });
    expect(answered.echeance).toBeNull();
    expect(answered.etapes.map((s) => [s.type, s.auteur])).toEqual([
      ['envoyee', 'Camille'],
      ['relance', 'Margot'],
      ['reponse', 'Camille'],
    ]);
    expect((await droits(id)).legale.fin).toBe('2028-03-10');

    await at('2027-01-08T09:00:00Z');
    const over = await step(created.id, { type: 'issue', date: '2027-01-07', issue: 'reparee' });
    expect(over).toMatchObject({ statut: 'terminee', issue: 'reparee', echeance: null });
    // Article L217-13: repaired under the legal guarantee, 6 months more — at once, the home's cached summary too.
    const rights = await droits(id);
    expect(rights.legale).toMatchObject({ fin: '2028-09-10', active: true });
    expect(rights.legale.prolongations).toEqual([expect.objectContaining({ mois: 6 })]);
    expect(await resume()).toMatchObject({ prochaineFin: { applianceId: id, fin: '2028-09-10' } });
    const breakdown = await breakdownOf(id, created.eventId);
    expect(breakdown).toMatchObject({ status: 'DONE', sous_garantie: true, remplace: false });
    expect(String(breakdown.done_at).slice(0, 10)).toBe('2027-01-07');
    expect(breakdown.note).toBe('Réparé le 7 janvier 2027 (démarche terminée).');

    // Over: no step more.
    const late = await send(me, 'POST', `/demarches/${created.id}/etapes`, { type: 'reponse', date: '2027-01-08' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CLAIM_MSG.claimClosed);
    const read = (await send(me, 'GET', `/demarches/${created.id}`)).json() as Claim;
    expect(read.etapes.map((s) => s.type)).toEqual(['envoyee', 'relance', 'reponse', 'issue']);
  });

  it('replaced by the seller under the legal guarantee: a new 2-year guarantee from the breakdown', async () => {
    await at('2026-11-21T09:00:00Z');
    const id = await appliance('Lave-linge ancien', { dt_achat: '2025-06-01', vendeur: 'Darty' });
    expect((await droits(id)).legale.fin).toBe('2027-06-01');
    const claim = await open({ applianceId: id, voie: 'garantie-legale', defaut: 'Tambour bloqué', destinataire: 'Darty Lyon' });
    expect(claim.destinataire).toBe('Darty Lyon');
    await step(claim.id, { type: 'envoyee', date: '2026-11-21' });
    await step(claim.id, { type: 'issue', date: '2026-11-21', issue: 'remplacee', note: 'Échange standard' });
    expect((await droits(id)).legale.fin).toBe('2028-11-21');
    expect(await breakdownOf(id, claim.eventId)).toMatchObject({ status: 'DONE', remplace: true, sous_garantie: true });
  });

  it('refused: the breakdown stays as it was, the guarantee too', async () => {
    await at('2026-11-21T09:00:00Z');
    const id = await appliance('Lave-linge refusé', { dt_achat: '2025-06-01' });
    const event = await send(me, 'POST', '/events', {
      title: 'Fuite',
      dt_realisation: '2026-11-20T09:00:00Z',
      applianceId: id,
      type: 'PANNE',
      note: 'Flaque sous la porte',
    });
    const before = await breakdownOf(id, event.json().id);
    const claim = await open({ applianceId: id, eventId: event.json().id, voie: 'garantie-legale', defaut: 'Fuite' });
    // No seller known: nobody named.
    expect(claim).toMatchObject({ eventId: event.json().id, destinataire: null });
    await step(claim.id, { type: 'envoyee', date: '2026-11-20' });
    expect(await step(claim.id, { type: 'issue', date: '2026-11-21', issue: 'refusee' })).toMatchObject({
      statut: 'terminee',
      issue: 'refusee',
    });
    expect(await breakdownOf(id, event.json().id)).toEqual(before);
    expect((await droits(id)).legale.fin).toBe('2027-06-01');
  });

  it('refunded: the breakdown is done, its note says so, the guarantee unchanged; a claim on a route of no seller names nobody', async () => {
    await at('2026-11-21T09:00:00Z');
    const id = await appliance('Sèche-linge', { dt_achat: '2025-06-01', vendeur: 'Boulanger' });
    const claim = await open({ applianceId: id, voie: 'reparateur-bonus', defaut: 'Courroie cassée' });
    expect(claim.destinataire).toBeNull();
    // A route that waits for nobody has no due day.
    expect((await step(claim.id, { type: 'envoyee', date: '2026-11-02' })).echeance).toBeNull();
    await step(claim.id, { type: 'issue', date: '2026-11-21', issue: 'remboursee' });
    expect(await breakdownOf(id, claim.eventId)).toMatchObject({
      status: 'DONE',
      sous_garantie: false,
      note: 'Remboursé le 21 novembre 2026 (démarche terminée).',
    });
    expect((await droits(id)).legale.fin).toBe('2027-06-01');
  });

  it('lists the household’s claims newest first, an appliance’s alone when asked', async () => {
    await at('2026-11-22T09:00:00Z');
    const a = await appliance('Premier');
    const b = await appliance('Second');
    const first = await open({ applianceId: a, voie: 'vices-caches', defaut: 'Moteur' });
    await at('2026-11-22T10:00:00Z');
    const second = await open({ applianceId: b, voie: 'seconde-vie', defaut: 'Trop vieux' });
    const all = (await send(me, 'GET', '/demarches')).json() as Claim[];
    expect(all.slice(0, 2).map((c) => c.id)).toEqual([second.id, first.id]);
    const ofA = (await send(member, 'GET', `/demarches?applianceId=${a}`)).json() as Claim[];
    expect(ofA.map((c) => c.id)).toEqual([first.id]);
  });

  it('ends once when two outcomes are sent at the same time: one is written, the other refused (409)', async () => {
    await at('2026-11-21T09:00:00Z');
    const id = await appliance('Concurrence', { dt_achat: '2026-01-10' });
    const claim = await open({ applianceId: id, voie: 'garantie-legale', defaut: 'Panne' });
    const [one, two] = await Promise.all([
      send(me, 'POST', `/demarches/${claim.id}/etapes`, { type: 'issue', date: '2026-11-21', issue: 'reparee' }),
      send(member, 'POST', `/demarches/${claim.id}/etapes`, { type: 'issue', date: '2026-11-21', issue: 'remplacee' }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    const read = (await send(me, 'GET', `/demarches/${claim.id}`)).json() as Claim;
    expect(read.etapes.filter((s) => s.type === 'issue')).toHaveLength(1);
    const winner = (one.statusCode === 201 ? one : two).json() as Claim;
    expect(read.issue).toBe(winner.issue);
    expect(await breakdownOf(id, claim.eventId)).toMatchObject({ remplace: winner.issue === 'remplacee' });
  });
});

describe('the claims’ refusals', () => {
  it('refuses a bad input with its French message and writes nothing', async () => {
    await at('2026-11-21T09:00:00Z');
    const id = await appliance('Refus');
    const other = await appliance('Autre');
    const otherBreakdown = (
      await send(me, 'POST', '/events', { title: 'Panne', dt_realisation: '2026-11-20T09:00:00Z', applianceId: other, type: 'PANNE' })
    ).json().id as number;
    const maintenance = (
      await send(me, 'POST', '/events', { title: 'Filtre', dt_realisation: '2026-11-20T09:00:00Z', applianceId: id })
    ).json().id as number;
    const claim = await open({ applianceId: id, voie: 'garantie-legale', defaut: 'Bruit' });
    const before = await counts();
    const refusals: [string, Record<string, unknown>, string][] = [
      [`/demarches/${claim.id}/etapes`, { type: 'envoyee', date: '2026-11-22' }, CLAIM_MSG.claimDateInvalid],
      [`/demarches/${claim.id}/etapes`, { type: 'envoyee', date: '2026-02-30' }, CLAIM_MSG.claimDateInvalid],
      [`/demarches/${claim.id}/etapes`, { type: 'envoyee', date: '21/11/2026' }, CLAIM_MSG.claimDateInvalid],
      [`/demarches/${claim.id}/etapes`, { type: 'courrier', date: '2026-11-21' }, CLAIM_MSG.claimStepInvalid],
      [`/demarches/${claim.id}/etapes`, { type: 'issue', date: '2026-11-21' }, CLAIM_MSG.claimOutcomeRequired],
      [`/demarches/${claim.id}/etapes`, { type: 'reponse', date: '2026-11-21', issue: 'reparee' }, CLAIM_MSG.claimOutcomeRequired],
      [`/demarches/${claim.id}/etapes`, { type: 'reponse', date: '2026-11-21', note: 'x'.repeat(30_000) }, MSG.textTooLong(TEXT_MAX)],
      ['/demarches', { applianceId: id, voie: 'garantie-legale', defaut: 'Bruit', eventId: otherBreakdown }, CLAIM_MSG.claimEventMismatch],
      ['/demarches', { applianceId: id, voie: 'garantie-legale', defaut: 'Bruit', eventId: maintenance }, CLAIM_MSG.claimEventMismatch],
      ['/demarches', { applianceId: id, voie: 'avocat', defaut: 'Bruit' }, CLAIM_MSG.claimRouteInvalid],
      ['/demarches', { applianceId: id, voie: 'garantie-legale', defaut: '   ' }, CLAIM_MSG.claimDefectRequired],
    ];
    for (const [path, payload, message] of refusals) {
      const res = await send(me, 'POST', path, payload);
      expect(res.statusCode, `${path} ${JSON.stringify(payload).slice(0, 80)}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // The future date is said on its field.
    const future = await send(me, 'POST', `/demarches/${claim.id}/etapes`, { type: 'envoyee', date: '2026-11-22' });
    expect(future.json().errors).toEqual([{ path: 'body.date', message: CLAIM_MSG.claimDateInvalid }]);
    expect(await counts()).toEqual(before);
    expect(((await send(me, 'GET', `/demarches/${claim.id}`)).json() as Claim).etapes).toEqual([]);
  });

  it('lets a lecteur read the claims and refuses them every write (403)', async () => {
    await at('2026-11-21T09:00:00Z');
    const id = await appliance('Lecture');
    const claim = await open({ applianceId: id, voie: 'garantie-legale', defaut: 'Bruit' });
    const form = await multipart({ file: { filename: 'devis.pdf', data: PDF } });
    await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/demarches/${claim.id}/pieces`,
      headers: { ...me.headers, ...form.headers },
      payload: form.payload,
    });
    const piece = ((await send(me, 'GET', `/demarches/${claim.id}`)).json() as Claim).pieces[0]!.id;
    expect((await send(reader, 'GET', '/demarches')).statusCode).toBe(200);
    expect((await send(reader, 'GET', `/demarches/${claim.id}`)).json()).toMatchObject({ id: claim.id, pieces: [{ id: piece }] });
    const before = await counts();
    const writes = [
      send(reader, 'POST', '/demarches', { applianceId: id, voie: 'garantie-legale', defaut: 'Bruit' }),
      send(reader, 'POST', `/demarches/${claim.id}/etapes`, { type: 'envoyee', date: '2026-11-21' }),
      send(reader, 'DELETE', `/demarches/${claim.id}`),
      send(reader, 'DELETE', `/demarches/${claim.id}/pieces/${piece}`),
      t.app.inject({
        method: 'POST',
        url: `${users(reader.id)}/demarches/${claim.id}/pieces`,
        headers: { ...reader.headers, ...form.headers },
        payload: form.payload,
      }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.foyerReadOnly);
    }
    expect(await counts()).toEqual(before);
  });

  it('is another household’s to read and write only by it: 404 on every route, nothing changed', async () => {
    await at('2026-11-21T09:00:00Z');
    const id = await appliance('Privé');
    const claim = await open({ applianceId: id, voie: 'garantie-legale', defaut: 'Bruit' });
    const form = await multipart({ file: { filename: 'devis.pdf', data: PDF } });
    const withPiece = (
      await t.app.inject({
        method: 'POST',
        url: `${users(me.id)}/demarches/${claim.id}/pieces`,
        headers: { ...me.headers, ...form.headers },
        payload: form.payload,
      })
    ).json() as Claim;
    const piece = withPiece.pieces[0]!.id;
    const before = await counts();
    const strangerUniverse = await (async () => {
      const u = await multipart({ name: 'Chez moi' });
      return (
        await t.app.inject({
          method: 'POST',
          url: `${users(stranger.id)}/foyers/univers`,
          headers: { ...stranger.headers, ...u.headers },
          payload: u.payload,
        })
      ).json().univer_id as number;
    })();
    const own = await appliance('À moi', {}, stranger, strangerUniverse);
    const tries = [
      send(stranger, 'GET', `/demarches/${claim.id}`),
      send(stranger, 'GET', `/demarches?applianceId=${id}`),
      send(stranger, 'POST', '/demarches', { applianceId: id, voie: 'garantie-legale', defaut: 'Bruit' }),
      send(stranger, 'POST', `/demarches/${claim.id}/etapes`, { type: 'envoyee', date: '2026-11-21' }),
      send(stranger, 'DELETE', `/demarches/${claim.id}`),
      send(stranger, 'DELETE', `/demarches/${claim.id}/pieces/${piece}`),
      t.app.inject({
        method: 'POST',
        url: `${users(stranger.id)}/demarches/${claim.id}/pieces`,
        headers: { ...stranger.headers, ...form.headers },
        payload: form.payload,
      }),
    ];
    for (const res of await Promise.all(tries)) expect(res.statusCode, res.body).toBe(404);
    expect((await send(stranger, 'GET', `/demarches/${claim.id}`)).json().message).toBe(CLAIM_MSG.claimNotFound);
    // Their own appliance with my breakdown: the breakdown is not theirs to name.
    const mine = await send(stranger, 'POST', '/demarches', {
      applianceId: own,
      voie: 'garantie-legale',
      defaut: 'Bruit',
      eventId: claim.eventId,
    });
    expect(mine.statusCode).toBe(400);
    expect(mine.json().message).toBe(CLAIM_MSG.claimEventMismatch);
    expect((await send(stranger, 'GET', '/demarches')).json()).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});

describe('the documents of a claim', () => {
  it('keeps a PDF or an image checked as an invoice is, served by a signed address, and refuses a disguised file leaving nothing', async () => {
    await at('2026-11-21T09:00:00Z');
    const id = await appliance('Documents');
    const claim = await open({ applianceId: id, voie: 'garantie-legale', defaut: 'Bruit' });
    const upload = async (filename: string, data: Buffer, type = 'application/pdf') => {
      const form = await multipart({ file: { filename, data, type } });
      return t.app.inject({
        method: 'POST',
        url: `${users(member.id)}/demarches/${claim.id}/pieces`,
        headers: { ...member.headers, ...form.headers },
        payload: form.payload,
      });
    };
    const pdf = await upload('réponse du vendeur.pdf', PDF);
    expect(pdf.statusCode, pdf.body).toBe(201);
    const photo = await upload('ticket.png', PNG, 'image/png');
    const pieces = (photo.json() as Claim).pieces;
    expect(pieces.map((p) => p.nom)).toEqual(['réponse du vendeur.pdf', 'ticket.png']);
    const served = await t.app.inject({ url: pieces[0]!.fileUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
    const files = storedFiles(t);
    const before = await counts();

    const disguised = await upload('devis.pdf', HTML);
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().message).toBe(CLAIM_MSG.fileNotClaimDocument);
    const empty = await multipart({ note: 'rien' });
    const none = await t.app.inject({
      method: 'POST',
      url: `${users(member.id)}/demarches/${claim.id}/pieces`,
      headers: { ...member.headers, ...empty.headers },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(API_MSG.fileMissing);
    expect(storedFiles(t)).toEqual(files);
    expect(await counts()).toEqual(before);

    // Removed one by one, with their files.
    expect((await send(me, 'DELETE', `/demarches/${claim.id}/pieces/${pieces[1]!.id}`)).statusCode).toBe(204);
    expect(storedFiles(t)).toHaveLength(files.length - 1);
    expect((await send(me, 'DELETE', `/demarches/${claim.id}/pieces/${pieces[1]!.id}`)).statusCode).toBe(404);
    const audit = await t.db.selectFrom('audit_log').select('action').where('user_id', '=', me.id).execute();
    expect(audit.map((a) => a.action)).toContain('claim_attachment_deleted');
  });

  it('deletes a claim with its steps and documents, the breakdown kept; an appliance deleted takes its claims and their files', async () => {
    await at('2026-11-21T09:00:00Z');
    const id = await appliance('Supprimé');
    const claim = await open({ applianceId: id, voie: 'garantie-legale', defaut: 'Bruit' });
    await step(claim.id, { type: 'envoyee', date: '2026-11-21' });
    const form = await multipart({ file: { filename: 'devis.pdf', data: PDF } });
    const attach = (claimId: number) =>
      t.app.inject({
        method: 'POST',
        url: `${users(me.id)}/demarches/${claimId}/pieces`,
        headers: { ...me.headers, ...form.headers },
        payload: form.payload,
      });
    expect((await attach(claim.id)).statusCode).toBe(201);
    const files = storedFiles(t).length;
    expect((await send(me, 'DELETE', `/demarches/${claim.id}`)).statusCode).toBe(204);
    expect((await send(me, 'GET', `/demarches/${claim.id}`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('claim_steps').select('id').where('claim_id', '=', claim.id).execute()).toEqual([]);
    expect(storedFiles(t)).toHaveLength(files - 1);
    expect(await breakdownOf(id, claim.eventId)).toMatchObject({ type: 'PANNE' });
    expect((await t.db.selectFrom('audit_log').select('action').where('user_id', '=', me.id).execute()).map((a) => a.action)).toContain(
      'claim_deleted',
    );

    const again = await open({ applianceId: id, eventId: claim.eventId, voie: 'garantie-legale', defaut: 'Bruit' });
    expect((await attach(again.id)).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: item(id), headers: me.headers })).statusCode).toBe(204);
    expect(await t.db.selectFrom('claims').select('id').where('appliance_id', '=', id).execute()).toEqual([]);
    expect(storedFiles(t)).toHaveLength(files - 1);
  });
});

describe('the claims in the household’s papers', () => {
  it('are in the RGPD export: the claim, its steps and its documents’ names and files', async () => {
    await at('2026-11-21T09:00:00Z');
    const id = await appliance('Exporté');
    const claim = await open({ applianceId: id, voie: 'garantie-commerciale', defaut: 'Écran noir' });
    await step(claim.id, { type: 'envoyee', date: '2026-11-21', note: 'Par courriel' });
    const form = await multipart({ file: { filename: 'garantie.pdf', data: PDF } });
    await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/demarches/${claim.id}/pieces`,
      headers: { ...me.headers, ...form.headers },
      payload: form.payload,
    });
    const res = await t.app.inject({ url: `/api/auth/user/${me.id}/export`, headers: me.headers });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const entries = new Map(Object.entries(zip).map(([name, bytes]) => [name, Buffer.from(bytes)]));
    const data = JSON.parse(entries.get('mes-donnees.json')!.toString('utf8'));
    expect(data.tables.claims).toEqual(expect.arrayContaining([expect.objectContaining({ id: claim.id, defaut: 'Écran noir' })]));
    expect(data.tables.claim_steps).toEqual(
      expect.arrayContaining([expect.objectContaining({ claim_id: claim.id, note: 'Par courriel' })]),
    );
    const document = (data.tables.claim_attachments as { claim_id: number; name: string; file_key: string }[]).find(
      (a) => a.claim_id === claim.id,
    )!;
    expect(document.name).toBe('garantie.pdf');
    expect(entries.get(`fichiers/${document.file_key}`)?.equals(PDF)).toBe(true);
  });

  it('are in the « Dossier d’inventaire »: each appliance’s claims, with their route, steps and outcome', async () => {
    await at('2026-11-21T09:00:00Z');
    const id = await appliance('Lave-linge du dossier', { dt_achat: '2026-02-01', vendeur: 'Boulanger Lyon' });
    const claim = await open({ applianceId: id, voie: 'garantie-legale', defaut: 'Essorage bruyant' });
    await step(claim.id, { type: 'envoyee', date: '2026-11-03' });
    await step(claim.id, { type: 'issue', date: '2026-11-20', issue: 'remplacee' });
    const job = (await send(me, 'POST', '/dossier', { factures: false })).json() as { id: string };
    await t.app.services.dossier.idle();
    const file = await send(me, 'GET', `/dossier/${job.id}/fichier`);
    expect(file.statusCode).toBe(200);
    const text = (await pdfPages(file.rawPayload)).join('\n');
    expect(text).toContain('Lave-linge du dossier — Garantie légale de conformité');
    expect(text).toContain('Adressée à Boulanger Lyon');
    expect(text).toContain('3 novembre 2026 — Demande envoyée');
    expect(text).toContain('20 novembre 2026 — Démarche terminée : Remplacé');
  });
});

describe('the claims’ reminders', () => {
  it('reminds a request noted late, already past its 30 days, at the next tick — not an hour after the last pass', async () => {
    await at('2027-02-01T09:00:00Z');
    const id = await appliance('Sèche-linge du garage', { dt_achat: '2026-01-10', vendeur: 'Boulanger' });
    const claim = await open({ applianceId: id, voie: 'garantie-legale', defaut: 'Ne sèche plus' });
    await t.app.services.notifications.tick();
    expect(await claimReminders(claim.id)).toEqual([]);
    await at('2027-02-01T09:05:00Z');
    // Sent on 20 December, noted on 1 February: its 30 days ran out on 19 January.
    expect((await step(claim.id, { type: 'envoyee', date: '2026-12-20' })).echeance).toBe('2027-01-19');
    await t.app.services.notifications.tick();
    expect((await claimReminders(claim.id)).length).toBeGreaterThan(0);
  });
});
