import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMERGENCIES, EMERGENCY_PRECAUTION, emergencyText, MSG, SAFETY_BYPASS_REFUSAL } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

const ask = (t: TestApp, headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/V1/mia/question', headers, payload });
const chat = (t: TestApp, headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/V1/assistant/chat', headers, payload });

describe('assistant (embedded knowledge base)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('answers a French description with the summary and real tutorial links', async () => {
    const user = await signedInUser(t, 'mia@exemple.fr');
    const res = await ask(t, user.headers, {
      userQuestion: 'Ma machine à laver ne vide plus l’eau, il en reste au fond du tambour',
      productName: 'Lave-linge',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fault).toMatchObject({ id: 'lave-linge-ne-vidange-pas', title: 'Le lave-linge ne vidange pas' });
    expect(body.summary.PRECAUTION).toMatch(/Débranche\b/);
    expect(body.summary.CAUSE.length).toBeGreaterThan(0);
    expect(body.summary.INSTRUCTION.length).toBeGreaterThan(2);
    expect(body.reference_urls.length).toBeGreaterThan(0);
    for (const link of body.reference_urls) expect(link.url).toMatch(/^https:\/\//);
  });

  it('uses the device of the chat: the same words about another appliance give its fault', async () => {
    const user = await signedInUser(t, 'device@exemple.fr');
    const dishwasher = await ask(t, user.headers, { userQuestion: 'il ne chauffe plus du tout', productName: 'Lave-vaisselle' });
    expect(dishwasher.json().fault.id).toMatch(/^lave-vaisselle-/);
    const oven = await ask(t, user.headers, { userQuestion: 'il ne chauffe plus du tout', productName: 'Four' });
    expect(oven.json().fault.id).toMatch(/^four-/);
    // The chat's device is a hard constraint: words about another device get no sheet of it.
    const named = (await ask(t, user.headers, { userQuestion: 'mon frigo fait un bruit bizarre la nuit', productName: 'Four' })).json();
    expect(named.fault).toBeNull();
    expect(named.aucuneFiche.message).toContain('un autre appareil');
    // Without a device, the one the text names decides.
    expect((await ask(t, user.headers, { userQuestion: 'mon frigo fait un bruit bizarre la nuit' })).json().fault.id).toBe(
      'refrigerateur-bruit',
    );
  });

  it('answers an emergency before any search, on the question and on the chat, with the reviewed texts and no step', async () => {
    const user = await signedInUser(t, 'urgence@exemple.fr');
    const gas = (await ask(t, user.headers, { userQuestion: 'odeur de gaz quand j’allume le feu', productName: 'Cuisinière' })).json();
    expect(gas.urgence).toEqual(EMERGENCIES.gaz);
    expect(gas.urgence.numeros.map((n: { numero: string }) => n.numero)).toContain('0 800 47 33 33');
    expect(gas.summary).toEqual({ PRECAUTION: EMERGENCY_PRECAUTION, CAUSE: [], INSTRUCTION: [] });
    expect(gas.reference_urls).toEqual([]);
    expect(gas.fault).toBeNull();
    const kettle = (
      await chat(t, user.headers, {
        user_prompt: 'la bouilloire dégage de la fumée et une odeur de plastique brûlé',
        productName: 'Bouilloire',
      })
    ).json();
    expect(kettle.urgence.type).toBe('fumee');
    expect(kettle.answer).toContain(EMERGENCIES.fumee.titre);
    expect(kettle.answer).not.toMatch(/vinaigre|détartr/i);
    // A follow-up is checked too, even inside a diagnosis.
    const followUp = (
      await chat(t, user.headers, {
        user_prompt: 'et maintenant ça sent le gaz',
        productName: 'Cuisinière',
        suite: { faultId: 'plaque-de-cuisson-ne-chauffe-plus', cause: 0 },
      })
    ).json();
    expect(followUp.urgence.type).toBe('gaz');
  });

  it('answers the chosen device’s own breakdown, and « pas de fiche » for a device without a sheet or a message about something else (review items 5 and 6)', async () => {
    const user = await signedInUser(t, 'propre-appareil@exemple.fr');
    // The title the chat saves in the repair history is the drain sheet's, not the spin's.
    const drain = (await ask(t, user.headers, { userQuestion: 'mon lave-linge ne vide plus l’eau', productName: 'Lave-linge' })).json();
    expect(drain.fault).toMatchObject({ id: 'lave-linge-ne-vidange-pas', title: 'Le lave-linge ne vidange pas' });
    // A bike is no scooter: no puncture sheet of another device, but « pas de fiche » and its ways out.
    for (const reply of [
      (await ask(t, user.headers, { userQuestion: 'mon pneu est crevé', productName: 'Vélo électrique' })).json(),
      (await chat(t, user.headers, { user_prompt: 'mon pneu est crevé', productName: 'Vélo électrique' })).json(),
    ]) {
      expect(reply.fault ?? null).toBeNull();
      expect(reply.aucuneFiche.message).toMatch(/^Je n’ai pas de fiche pour ton appareil \(Vélo électrique\)/);
      expect(reply.aucuneFiche.suggestions).toHaveLength(3);
    }
    // A device the knowledge base does not know is named back, not asked for again.
    const pizza = (await ask(t, user.headers, { userQuestion: 'il ne chauffe plus', productName: 'Four à pizza' })).json();
    expect(pizza.fault).toBeNull();
    expect(pizza.aucuneFiche.message).toMatch(/^Je n’ai pas de fiche pour ton appareil \(Four à pizza\)/);
    // The device's name is no evidence of a breakdown.
    const back = (
      await ask(t, user.headers, { userQuestion: 'j’ai mal au dos depuis que j’ai porté la machine', productName: 'Lave-linge' })
    ).json();
    expect(back.fault).toBeNull();
    expect(back.aucuneFiche.message).toMatch(/^Je n’ai pas de fiche pour ton appareil \(Lave-linge\)/);
    const tv = (await chat(t, user.headers, { user_prompt: 'quel programme regarder ce soir', productName: 'Téléviseur' })).json();
    expect(tv.fault ?? null).toBeNull();
    expect(tv.answer).toMatch(/^Je n’ai pas de fiche pour ton appareil \(Téléviseur\)/);
  });

  it('keeps to the device: a vacuum question never gets a coffee-machine sheet', async () => {
    const user = await signedInUser(t, 'aspi@exemple.fr');
    const res = (await ask(t, user.headers, { userQuestion: 'l’aspirateur n’aspire presque plus', productName: 'Aspirateur' })).json();
    expect(res.fault.id).toMatch(/^aspirateur-/);
    for (const alt of res.alternatives) expect(alt.id).toMatch(/^aspirateur-/);
  });

  it('says plainly when it has no sheet, with the ways out, instead of guessing', async () => {
    const user = await signedInUser(t, 'abstient@exemple.fr');
    const res = (
      await chat(t, user.headers, { user_prompt: 'mon lave-linge a été livré avec la mauvaise couleur', productName: 'Lave-linge' })
    ).json();
    expect(res.aucuneFiche.message).toMatch(/^Je n’ai pas de fiche pour ton appareil \(Lave-linge\)/);
    expect(res.aucuneFiche.suggestions.join(' ')).toMatch(/réparateur.*autrement.*fabricant/s);
    expect(res.answer).not.toMatch(/probablement/);
    expect(res.fault).toBeNull();
  });

  it('refines the current diagnosis on a follow-up instead of searching again, ruling out only what was checked', async () => {
    const user = await signedInUser(t, 'suite@exemple.fr');
    const first = (await chat(t, user.headers, { user_prompt: 'ma machine à laver ne vidange plus', productName: 'Lave-linge' })).json();
    expect(first.suite).toEqual({ faultId: 'lave-linge-ne-vidange-pas', cause: 0 });
    const next = (
      await chat(t, user.headers, { user_prompt: 'et si le filtre est propre ?', productName: 'Lave-linge', suite: first.suite })
    ).json();
    expect(next.fault.id).toBe('lave-linge-ne-vidange-pas');
    expect(next.suite).toEqual({ faultId: 'lave-linge-ne-vidange-pas', cause: 1, ecartees: [0] });
    expect(next.answer).toMatch(
      /^D’accord, on écarte «\sFiltre de vidange bouché[^»]*». Piste suivante pour «\s[^»]+»\s: Tuyau d'évacuation/,
    );
    const last = (
      await chat(t, user.headers, { user_prompt: 'le tuyau est bon aussi', productName: 'Lave-linge', suite: next.suite })
    ).json();
    expect(last.suite).toEqual({ faultId: 'lave-linge-ne-vidange-pas', cause: 2, ecartees: [0, 1] });
    expect(last.answer).toMatch(/Pompe/);
    expect(last.answer).toContain('Si ce n’est pas ça non plus');
    const done = (await chat(t, user.headers, { user_prompt: 'toujours pareil', productName: 'Lave-linge', suite: last.suite })).json();
    expect(done.aucuneFiche.message).toContain('Tu as écarté toutes les causes');
    // A sheet of another device is never the current diagnosis.
    const foreign = (
      await chat(t, user.headers, {
        user_prompt: 'toujours pareil',
        productName: 'Lave-linge',
        suite: { faultId: 'telephone-portable-ne-charge-plus', cause: 0 },
      })
    ).json();
    expect(foreign.fault ?? null).toBeNull();
  });

  it('checking a later cause first rules out that one only: the more common one before it stays the next lead', async () => {
    const user = await signedInUser(t, 'suite-ordre@exemple.fr');
    const first = (await chat(t, user.headers, { user_prompt: 'ma machine à laver ne vidange plus', productName: 'Lave-linge' })).json();
    const pump = (
      await chat(t, user.headers, {
        user_prompt: 'j’ai vérifié la pompe de vidange, elle tourne',
        productName: 'Lave-linge',
        suite: first.suite,
      })
    ).json();
    expect(pump.suite).toEqual({ faultId: 'lave-linge-ne-vidange-pas', cause: 0, ecartees: [2] });
    expect(pump.answer).toMatch(/on écarte «\sPompe de vidange[^»]*». Piste suivante pour «\s[^»]+»\s: Filtre de vidange/);
    expect(pump.answer).not.toContain('Si ce n’est pas ça non plus');
    // Asking about a cause proposes it, and rules out nothing.
    const asked = (
      await chat(t, user.headers, { user_prompt: 'et le tuyau, il pourrait être bouché ?', productName: 'Lave-linge', suite: pump.suite })
    ).json();
    expect(asked.suite).toEqual({ faultId: 'lave-linge-ne-vidange-pas', cause: 1, ecartees: [2] });
    expect(asked.answer).toMatch(/cette piste est possible\s: Tuyau d'évacuation/);
    // « Bien remis en place » says a part was checked: it is ruled out, not proposed again.
    const hob = (
      await chat(t, user.headers, { user_prompt: 'l’allumage clique mais aucune flamme ne prend', productName: 'Cuisinière' })
    ).json();
    const cap = (
      await chat(t, user.headers, {
        user_prompt: 'et si le chapeau du brûleur est bien remis en place ?',
        productName: 'Cuisinière',
        suite: hob.suite,
      })
    ).json();
    expect(cap.suite).toMatchObject({ cause: 1, ecartees: [0] });
    expect(cap.answer).toMatch(/^D’accord, on écarte «\sChapeau ou tête de brûleur/);
  });

  it('reads the appliance of the user, and not another household’s', async () => {
    const user = await signedInUser(t, 'owner@exemple.fr');
    const other = await signedInUser(t, 'intrus@exemple.fr');
    const form = await multipart({ name: 'Cuisine' });
    const universe = (
      await t.app.inject({
        method: 'POST',
        url: `/api/V1/profils/users/${user.id}/foyers/univers`,
        headers: { ...user.headers, ...form.headers },
        payload: form.payload,
      })
    ).json().univer_id;
    const products = (await t.app.inject({ url: '/api/V1/references/refproducts', headers: user.headers })).json() as {
      id: number;
      prodName: string;
    }[];
    const fridge = products.find((p) => p.prodName === 'Réfrigérateur')!.id;
    const data = await multipart({ data: JSON.stringify({ prod_id: fridge, marque: 'Liebherr', modele: 'K1' }) });
    const appliance = (
      await t.app.inject({
        method: 'POST',
        url: `/api/V1/profils/users/${user.id}/foyers/univers/${universe}/appliances`,
        headers: { ...user.headers, ...data.headers },
        payload: data.payload,
      })
    ).json().id;
    const mine = await ask(t, user.headers, {
      userQuestion: 'il y a de l’eau qui coule au fond, sous le bac à légumes',
      applianceId: appliance,
    });
    expect(mine.json().fault.id).toBe('refrigerateur-eau-au-fond');
    expect((await ask(t, other.headers, { userQuestion: 'il y a de l’eau au fond', applianceId: appliance })).statusCode).toBe(404);
  });

  it('returns an empty answer when nothing matches, and refuses bad input', async () => {
    const user = await signedInUser(t, 'vide@exemple.fr');
    const nothing = await ask(t, user.headers, { userQuestion: 'xylophone quantique zzz' });
    expect(nothing.json()).toMatchObject({
      reference_urls: [],
      summary: { PRECAUTION: '', CAUSE: [], INSTRUCTION: [] },
      fault: null,
      alternatives: [],
    });
    expect(nothing.json().aucuneFiche.suggestions.length).toBe(3);
    // Neither a device picked nor one named: the assistant asks which, rather than guess across all.
    expect(nothing.json().aucuneFiche.message).toMatch(/^Dis-moi de quel appareil il s’agit/);
    // A device's name alone is not a diagnosis.
    expect((await ask(t, user.headers, { userQuestion: 'lave-linge' })).json().fault).toBeNull();
    expect((await chat(t, user.headers, { user_prompt: 'xylophone quantique zzz' })).json().aucuneFiche).toBeDefined();

    const empty = await ask(t, user.headers, { userQuestion: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.assistantQuestionRequired);
    expect((await ask(t, user.headers, { userQuestion: 'a'.repeat(501) })).statusCode).toBe(400);
    expect((await chat(t, user.headers, {})).statusCode).toBe(400);
    expect((await ask(t, {}, { userQuestion: 'mon four ne chauffe plus' })).statusCode).toBe(401);
    expect((await chat(t, {}, { user_prompt: 'mon four ne chauffe plus' })).statusCode).toBe(401);
  });

  it('chat gives the embedded reply: the likely fault, causes, precaution and when to call a professional', async () => {
    const user = await signedInUser(t, 'chat@exemple.fr');
    const res = await chat(t, user.headers, {
      user_prompt: 'mon micro-ondes ne chauffe plus, le plat ressort froid',
      productName: 'Micro-ondes',
    });
    expect(res.statusCode).toBe(200);
    const { answer } = res.json();
    expect(answer).toMatch(/^La fiche qui correspond le mieux à ta description\s: «\s.+\s»\./);
    expect(answer).toContain('Causes possibles, de la plus fréquente');
    expect(answer).toContain('Précaution : ');
  });
});

describe('assistant with an OpenAI-compatible endpoint', () => {
  let llm: Server;
  let mode: 'ok' | 'error' | 'slow' | 'empty' = 'ok';
  const received: { model: string; messages: { role: string; content: string }[]; auth?: string }[] = [];
  let t: TestApp;

  beforeAll(async () => {
    llm = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        if (req.url !== '/v1/chat/completions') {
          res.writeHead(404).end();
          return;
        }
        received.push({ ...JSON.parse(raw), auth: req.headers.authorization });
        if (mode === 'error') res.writeHead(500).end('{"error":"boom"}');
        else if (mode === 'slow') setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 2000);
        else {
          const content = mode === 'empty' ? '' : 'Reformulé par le modèle : nettoie le filtre de vidange.';
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
        }
      });
    });
    await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
    const { port } = llm.address() as AddressInfo;
    t = await createTestApp({
      LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
      LLM_MODEL: 'petit-modele',
      LLM_API_KEY: 'cle-secrete',
      LLM_TIMEOUT_MS: '300',
    });
  });
  afterAll(async () => {
    await t.app.close();
    llm.closeAllConnections();
    await new Promise((resolve) => llm.close(resolve));
  });

  it('phrases the answer from the retrieved entries, and falls back to the embedded answer on error, timeout or empty reply', async () => {
    const user = await signedInUser(t, 'llm@exemple.fr');
    const prompt = { user_prompt: 'ma machine à laver ne vidange plus', productName: 'Lave-linge' };

    mode = 'ok';
    expect((await chat(t, user.headers, prompt)).json().answer).toBe('Reformulé par le modèle : nettoie le filtre de vidange.');
    const sent = received.at(-1)!;
    expect(sent.model).toBe('petit-modele');
    expect(sent.auth).toBe('Bearer cle-secrete');
    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages[1]!.content).toContain('Le lave-linge ne vidange pas');

    for (const failing of ['error', 'slow', 'empty'] as const) {
      mode = failing;
      const { answer } = (await chat(t, user.headers, prompt)).json();
      expect(answer, failing).toMatch(/^La fiche qui correspond le mieux à ta description\s: «\sLe lave-linge ne vidange pas\s»/);
    }
    // Nothing retrieved, an emergency or a follow-up: the model is not asked, so it cannot override them.
    const before = received.length;
    mode = 'ok';
    expect(
      (await chat(t, user.headers, { user_prompt: 'xylophone quantique zzz', productName: 'Lave-linge' })).json().aucuneFiche,
    ).toBeDefined();
    const gas = (await chat(t, user.headers, { user_prompt: 'ça sent le gaz dans la cuisine', productName: 'Cuisinière' })).json();
    expect(gas.answer).toBe(emergencyText(EMERGENCIES.gaz));
    expect(
      (
        await chat(t, user.headers, {
          ...prompt,
          user_prompt: 'et si le filtre est propre ?',
          suite: { faultId: 'lave-linge-ne-vidange-pas', cause: 0 },
        })
      ).json().answer,
    ).not.toContain('Reformulé');
    expect(received.length).toBe(before);
  });

  it('refuses a request to bypass a safety device, in the chat, the form and the safety check, and explains why', async () => {
    const user = await signedInUser(t, 'contournement@exemple.fr');
    const asks = [
      'comment shunter le pressostat de mon lave-linge pour finir la lessive',
      'je veux ponter le thermostat de sécurité du chauffe-eau',
      'on peut enlever la sécurité de la porte du four pendant la pyrolyse ?',
    ];
    for (const question of asks) {
      const checked = (
        await t.app.inject({ method: 'POST', url: '/api/V1/assistant/securite', headers: user.headers, payload: { texte: question } })
      ).json();
      expect(checked, question).toEqual({ urgence: null, refus: SAFETY_BYPASS_REFUSAL });
      const answered = (await chat(t, user.headers, { user_prompt: question, productName: 'Lave-linge' })).json();
      expect(answered.refus, question).toEqual(SAFETY_BYPASS_REFUSAL);
      expect(answered.fault ?? null).toBeNull();
      const form = (
        await t.app.inject({
          method: 'POST',
          url: '/api/V1/mia/question',
          headers: user.headers,
          payload: { userQuestion: question, productName: 'Lave-linge' },
        })
      ).json();
      expect(form.refus, question).toEqual(SAFETY_BYPASS_REFUSAL);
      expect([form.fault, form.summary.INSTRUCTION, form.reference_urls]).toEqual([null, [], []]);
    }
    // A safety device that trips is a breakdown to diagnose, not a request to defeat it.
    const tripping = (
      await t.app.inject({
        method: 'POST',
        url: '/api/V1/assistant/securite',
        headers: user.headers,
        payload: { texte: 'le disjoncteur saute quand je lance le lave-linge', productName: 'Lave-linge' },
      })
    ).json();
    expect(tripping).toEqual({ urgence: null, refus: null });
  });
});
