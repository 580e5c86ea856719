import { EMERGENCIES, type MiaAnswer, SAFETY_BYPASS_REFUSAL } from '@ecofoyer/contracts';
import { describe, expect, it } from 'vitest';
import { CHAT_TEXTS, type ChatDevice, type ChatEvent, type ChatState, chatReducer, openChat } from './chat-machine.ts';

const device: ChatDevice = {
  applianceId: 7,
  productId: 41,
  name: 'Lave-linge Bosch',
  productName: 'Lave-linge',
  pict: null,
  details: 'Bosch Serie 4',
  bonus: '50 €',
};
const answer: MiaAnswer = {
  reference_urls: [{ title: 'Nettoyer le filtre', url: 'https://atelier.sos-accessoire.com/nettoyer-filtre-lave-linge' }],
  summary: { PRECAUTION: 'Débranche la machine.', CAUSE: ['Filtre bouché'], INSTRUCTION: ['Ouvre la trappe'] },
  fault: { id: 'lave-linge-ne-vidange-pas', title: 'Le lave-linge ne vidange pas', professional: 'Pompe HS', diy: 'oui' },
  alternatives: [],
};
/** The events, the server finding nothing dangerous in each first description it is asked to read. */
const run = (state: ChatState, ...events: ChatEvent[]) =>
  events.reduce((s, e) => {
    const next = chatReducer(s, e);
    return next.pending?.kind === 'screen'
      ? chatReducer(next, { type: 'screened', requestId: next.pending.id, check: { urgence: null, refus: null } })
      : next;
  }, state);
/** The events alone: a screening stays pending until the test answers it. */
const runRaw = (state: ChatState, ...events: ChatEvent[]) => events.reduce(chatReducer, state);
const texts = (s: ChatState) => s.messages.map((m) => ('text' in m ? m.text : m.kind));

describe('repair chat flow (product §4)', () => {
  it('opens with a greeting, the device card, the bonus message and the prompt', () => {
    const s = openChat(device, 'Camille');
    expect(texts(s)).toEqual([
      'Bonjour Camille ! Je suis l’assistant de réparation d’EcoFoyer.',
      'device',
      'Bonne nouvelle : la réparation de ton appareil (Lave-linge) peut bénéficier du bonus réparation de 50 € chez un réparateur labellisé QualiRépar.',
      CHAT_TEXTS.prompt,
    ]);
    expect(texts(openChat({ ...device, bonus: null }, null))).toEqual([
      'Bonjour ! Je suis l’assistant de réparation d’EcoFoyer.',
      'device',
      CHAT_TEXTS.prompt,
    ]);
  });

  it('answers a greeting with a prompt to describe the fault, then offers the three options after the first description', () => {
    let s = run(openChat(device, null), { type: 'input', text: 'Bonjour !' });
    expect(texts(s).slice(-2)).toEqual(['Bonjour !', CHAT_TEXTS.greetingReply]);
    expect(s.fault).toBeNull();
    s = run(s, { type: 'input', text: 'Ma machine ne vidange plus' });
    expect(s.fault).toBe('Ma machine ne vidange plus');
    expect(s.phase).toBe('choose');
    expect(s.messages.at(-1)).toMatchObject({ kind: 'options', text: 'Merci, c’est noté. Que veux-tu faire maintenant ?' });
    expect(s.pending).toBeNull();
  });

  it('queries the assistant for later messages: chat answer, then tutorials and summary for the same words', () => {
    let s = run(
      openChat(device, null),
      { type: 'input', text: 'Ma machine ne vidange plus' },
      { type: 'input', text: 'il reste de l’eau au fond' },
    );
    expect(s.pending).toMatchObject({ kind: 'chat', question: 'il reste de l’eau au fond' });
    // Input is ignored while a call runs.
    expect(run(s, { type: 'input', text: 'encore' })).toBe(s);
    s = run(s, {
      type: 'chat-answer',
      requestId: s.pending!.id,
      answer: { answer: 'Le filtre, sans doute.', fault: { id: answer.fault!.id, title: answer.fault!.title } },
    });
    expect(texts(s).at(-1)).toBe('Le filtre, sans doute.');
    expect(s.pending).toMatchObject({ kind: 'analysis', question: 'il reste de l’eau au fond', faultId: 'lave-linge-ne-vidange-pas' });
    s = run(s, { type: 'analysis', requestId: s.pending!.id, answer });
    expect(s.messages.at(-1)).toMatchObject({ kind: 'analysis', answer, videos: false });
    expect(s.pending).toBeNull();
  });

  it('says so when the knowledge base answers nothing, fails, or finds no tutorial', () => {
    const asked = run(openChat(device, null), { type: 'input', text: 'panne' }, { type: 'input', text: 'blablabla' });
    const empty = run(asked, { type: 'chat-answer', requestId: asked.pending!.id, answer: { answer: '' } });
    expect(texts(empty).at(-1)).toBe('Je n’ai pas pu obtenir de réponse, peux-tu reformuler ?');
    expect(empty.pending).toBeNull();
    const failed = run(asked, { type: 'failed', requestId: asked.pending!.id });
    expect(failed.messages.at(-1)).toMatchObject({
      text: 'Je rencontre un problème technique, peux-tu réessayer plus tard ?',
      tone: 'error',
    });

    const analysing = run(asked, {
      type: 'chat-answer',
      requestId: asked.pending!.id,
      answer: { answer: 'Hmm.', fault: { id: 'x', title: 'X' } },
    });
    const none = run(analysing, {
      type: 'analysis',
      requestId: analysing.pending!.id,
      answer: { ...answer, reference_urls: [], fault: null },
    });
    expect(texts(none).at(-1)).toBe('Je n’ai pas trouvé de tutoriels correspondants pour ta recherche.');
    const broken = run(analysing, { type: 'failed', requestId: analysing.pending!.id });
    expect(texts(broken).at(-1)).toBe('Une erreur est survenue lors de l’analyse des tutoriels.');
    // A late answer to a finished call changes nothing.
    expect(run(broken, { type: 'analysis', requestId: analysing.pending!.id, answer })).toBe(broken);
  });

  it('find a repairer shows the repairers; video help analyses the first description', () => {
    const described = run(openChat(device, null), { type: 'input', text: 'Mon lave-linge fuit' });
    const repairer = run(described, { type: 'choose', choice: 'repairer' });
    expect(texts(repairer).slice(-2)).toEqual(['Trouver un réparateur', 'Voici comment trouver un réparateur près de chez toi :']);
    const video = run(described, { type: 'choose', choice: 'video' });
    expect(video.pending).toMatchObject({ kind: 'videos', question: 'Mon lave-linge fuit' });
    const shown = run(video, { type: 'analysis', requestId: video.pending!.id, answer });
    expect(shown.messages.at(-1)).toMatchObject({ kind: 'analysis', videos: true });
  });

  it('do-it-yourself warns first; agreeing analyses, preferring a professional shows the repairers', () => {
    const warned = run(openChat(device, null), { type: 'input', text: 'Mon lave-linge fuit' }, { type: 'choose', choice: 'diy' });
    expect(warned.phase).toBe('diy-confirm');
    expect(warned.messages.at(-1)).toMatchObject({ kind: 'diy-warning' });
    expect(warned.pending).toBeNull();
    const agreed = run(warned, { type: 'diy', agree: true });
    expect(texts(agreed).at(-1)).toBe('J’ai compris, je continue');
    expect(agreed.pending).toMatchObject({ kind: 'analysis', question: 'Mon lave-linge fuit' });
    const pro = run(warned, { type: 'diy', agree: false });
    expect(texts(pro).slice(-2)).toEqual(['Je préfère un professionnel', CHAT_TEXTS.repairers]);
    // The warning's buttons work once.
    expect(run(agreed, { type: 'diy', agree: false })).toBe(agreed);
  });

  it('options need a description first', () => {
    const s = openChat(device, null);
    expect(run(s, { type: 'choose', choice: 'diy' })).toBe(s);
  });

  it('answers an emergency at once, first message or follow-up, with no options and no call', () => {
    const gas = { ...device, productName: 'Cuisinière', name: 'Gazinière' };
    const s = run(openChat(gas, null), { type: 'input', text: 'odeur de gaz quand j’allume le feu' });
    expect(s.messages.at(-1)).toMatchObject({ kind: 'urgence', urgence: { type: 'gaz' } });
    expect(s.pending).toBeNull();
    expect(s.messages.some((m) => m.kind === 'options')).toBe(false);
    const later = run(
      openChat(device, null),
      { type: 'input', text: 'Ma machine ne vidange plus' },
      { type: 'input', text: 'et là des étincelles sortent de la prise' },
    );
    expect(later.messages.at(-1)).toMatchObject({ kind: 'urgence', urgence: { type: 'electrique' } });
    expect(later.pending).toBeNull();
    // The server's emergency and « no sheet » answers show as such.
    const asked = run(openChat(device, null), { type: 'input', text: 'panne' }, { type: 'input', text: 'blablabla' });
    const none = run(asked, {
      type: 'chat-answer',
      requestId: asked.pending!.id,
      answer: { answer: '…', aucuneFiche: { message: 'Pas de fiche', suggestions: ['a'] } },
    });
    expect(none.messages.at(-1)).toMatchObject({ kind: 'aucune-fiche' });
    expect(none.pending).toBeNull();
    expect(run(none, { type: 'repairers' }).messages.at(-1)).toMatchObject({ kind: 'repairers' });
  });

  it('sends follow-ups with the diagnosis shown, and a refinement of it asks for no new sheet', () => {
    const described = run(
      openChat(device, null),
      { type: 'input', text: 'Ma machine ne vidange plus' },
      { type: 'choose', choice: 'diy' },
      { type: 'diy', agree: true },
    );
    const shown = run(described, { type: 'analysis', requestId: described.pending!.id, answer });
    expect(shown.suite).toEqual({ faultId: 'lave-linge-ne-vidange-pas', cause: 0 });
    const followUp = run(shown, { type: 'input', text: 'et si le filtre est propre ?' });
    expect(followUp.pending).toMatchObject({ kind: 'chat', suite: { faultId: 'lave-linge-ne-vidange-pas', cause: 0 } });
    const refined = run(followUp, {
      type: 'chat-answer',
      requestId: followUp.pending!.id,
      answer: {
        answer: 'La piste suivante : le tuyau.',
        fault: { id: 'lave-linge-ne-vidange-pas', title: 'x' },
        suite: { faultId: 'lave-linge-ne-vidange-pas', cause: 1 },
      },
    });
    expect(texts(refined).at(-1)).toBe('La piste suivante : le tuyau.');
    expect(refined.pending).toBeNull();
    expect(refined.suite).toEqual({ faultId: 'lave-linge-ne-vidange-pas', cause: 1 });
  });

  it('has the server read the first description for a danger or a bypass request the chat’s rules missed, then goes on', () => {
    const asked = runRaw(openChat(device, null), {
      type: 'input',
      text: 'la trottinette fait des petits clics et le dessous baille un peu',
    });
    expect(asked.pending).toMatchObject({ kind: 'screen', question: 'la trottinette fait des petits clics et le dessous baille un peu' });
    expect(asked.messages.at(-1)).toMatchObject({ from: 'user' });
    const alarmed = runRaw(asked, { type: 'screened', requestId: asked.pending!.id, check: { urgence: EMERGENCIES.gaz, refus: null } });
    expect(alarmed.messages.at(-1)).toMatchObject({ kind: 'urgence', urgence: { type: 'gaz' } });
    expect([alarmed.pending, alarmed.fault, alarmed.phase]).toEqual([null, null, 'describe']);
    const refused = runRaw(asked, {
      type: 'screened',
      requestId: asked.pending!.id,
      check: { urgence: null, refus: SAFETY_BYPASS_REFUSAL },
    });
    expect(refused.messages.at(-1)).toMatchObject({ kind: 'refus', refus: { titre: SAFETY_BYPASS_REFUSAL.titre } });
    // The server unreachable: the chat's own rules found nothing, the options come.
    const offline = runRaw(asked, { type: 'failed', requestId: asked.pending!.id });
    expect(offline.messages.at(-1)).toMatchObject({ kind: 'options' });
    expect(offline.phase).toBe('choose');
  });

  it('refuses a request to bypass a safety device at once, and the server’s refusal of a later message too', () => {
    const s = runRaw(openChat(device, null), { type: 'input', text: 'comment shunter le pressostat pour finir la lessive' });
    expect(s.pending).toBeNull();
    expect(s.messages.at(-1)).toMatchObject({ kind: 'refus' });
    const later = run(
      openChat(device, null),
      { type: 'input', text: 'Ma machine ne vidange plus' },
      { type: 'input', text: 'et la sécurité de la porte, on peut la retirer ?' },
    );
    const answered = run(later, {
      type: 'chat-answer',
      requestId: later.pending!.id,
      answer: { answer: 'refus', refus: SAFETY_BYPASS_REFUSAL },
    });
    expect(answered.messages.at(-1)).toMatchObject({ kind: 'refus' });
  });
});
