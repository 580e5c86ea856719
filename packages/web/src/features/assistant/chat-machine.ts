import {
  type AucuneFiche,
  bonusOfFr,
  type ChatAnswer,
  type ChatSuite,
  emergencyFor,
  isGreeting,
  isSafetyBypass,
  MSG,
  type MiaAnswer,
  OFFLINE_TEXTS,
  type Refus,
  SAFETY_BYPASS_REFUSAL,
  type SafetyCheck,
  type Urgence,
} from '@ecofoyer/contracts';

/** What the chat knows about the device (product §4, repair chat flow, step 1). */
export interface ChatDevice {
  applianceId: number | null;
  productId: number | null;
  name: string;
  productName: string | null;
  pict: string | null;
  details: string | null;
  /** "15 €", "15 – 25 €", or null when no repair bonus applies. */
  bonus: string | null;
}

export type Choice = 'repairer' | 'video' | 'diy';

export type ChatMessage =
  | { id: number; from: 'user'; kind: 'text'; text: string }
  | { id: number; from: 'assistant'; kind: 'text'; text: string; tone?: 'error' }
  | { id: number; from: 'assistant'; kind: 'device'; device: ChatDevice }
  | { id: number; from: 'assistant'; kind: 'bonus'; text: string }
  | { id: number; from: 'assistant'; kind: 'options'; text: string }
  | { id: number; from: 'assistant'; kind: 'diy-warning'; text: string }
  | { id: number; from: 'assistant'; kind: 'repairers'; text: string }
  | { id: number; from: 'assistant'; kind: 'analysis'; answer: MiaAnswer; question: string; videos: boolean }
  /** An emergency, shown as a distinct alert, with no step. */
  | { id: number; from: 'assistant'; kind: 'urgence'; urgence: Urgence }
  /** No sheet for this problem, and the ways out (never a guessed one). */
  | { id: number; from: 'assistant'; kind: 'aucune-fiche'; aucuneFiche: AucuneFiche }
  /** A request to bypass a safety device, refused and explained. */
  | { id: number; from: 'assistant'; kind: 'refus'; refus: Refus };

/**
 * A call the page must make; its result comes back as an event. `screen`: the server reads the first
 * description for a danger or a bypass request the chat's own rules did not recognise.
 */
export type ChatRequest = {
  id: number;
  kind: 'chat' | 'analysis' | 'videos' | 'screen';
  question: string;
  faultId?: string | null;
  suite?: ChatSuite | null;
};

export interface ChatState {
  messages: ChatMessage[];
  /** The breakdown as first described (what the analysis, the videos and a saved diagnosis are about). */
  fault: string | null;
  phase: 'describe' | 'choose' | 'diy-confirm' | 'talk';
  pending: ChatRequest | null;
  nextId: number;
  /** The device's kind, which lets the emergency check recognise a benign case ("il fume" about a hood). */
  deviceName: string | null;
  /** The diagnosis shown, which follow-ups refine, or null. */
  suite: ChatSuite | null;
}

export type ChatEvent =
  | { type: 'input'; text: string }
  | { type: 'choose'; choice: Choice }
  | { type: 'diy'; agree: boolean }
  | { type: 'chat-answer'; requestId: number; answer: ChatAnswer }
  /** "Trouver un réparateur" under a « no sheet » answer. */
  | { type: 'repairers' }
  | { type: 'analysis'; requestId: number; answer: MiaAnswer }
  | { type: 'screened'; requestId: number; check: SafetyCheck }
  /** A call that failed; `offline`: for lack of network (the assistant says so, decision 030). */
  | { type: 'failed'; requestId: number; offline?: boolean };

export const CHAT_TEXTS = {
  greeting: (firstname: string | null) => `Bonjour${firstname ? ` ${firstname}` : ''} ! Je suis l’assistant de réparation d’EcoFoyer.`,
  bonus: (product: string, amount: string) =>
    `Bonne nouvelle : la réparation de ton appareil (${product}) peut bénéficier du bonus réparation${bonusOfFr(amount)} chez un réparateur labellisé QualiRépar.`,
  prompt: 'Décris-moi la panne : que se passe-t-il, depuis quand, y a-t-il un bruit, une odeur, un voyant ou un code d’erreur ?',
  greetingReply: 'Bonjour ! Pour que je puisse t’aider, décris-moi la panne de ton appareil en quelques mots.',
  options: 'Merci, c’est noté. Que veux-tu faire maintenant ?',
  choices: { repairer: 'Trouver un réparateur', video: 'Obtenir une aide vidéo', diy: 'Diagnostiquer et réparer moi-même' } as Record<
    Choice,
    string
  >,
  diyWarning:
    'Attention : avant toute intervention, débranche l’appareil (ou coupe son disjoncteur) et ferme l’arrivée d’eau s’il en a une. ' +
    'Ne touche jamais à un circuit de gaz ou de fluide frigorigène, ni à l’intérieur d’un micro-ondes, et n’ouvre pas un appareil encore sous garantie : ' +
    'tu perdrais la garantie. En cas de doute, fais appel à un professionnel. Veux-tu continuer ?',
  diyAgree: 'J’ai compris, je continue',
  diyPro: 'Je préfère un professionnel',
  repairers: 'Voici comment trouver un réparateur près de chez toi :',
} as const;

/** The opening of the chat: greeting, device card, bonus message when one applies, then the prompt. */
export function openChat(device: ChatDevice, firstname: string | null): ChatState {
  const messages: ChatMessage[] = [
    { id: 1, from: 'assistant', kind: 'text', text: CHAT_TEXTS.greeting(firstname) },
    { id: 2, from: 'assistant', kind: 'device', device },
  ];
  if (device.bonus)
    messages.push({ id: 3, from: 'assistant', kind: 'bonus', text: CHAT_TEXTS.bonus(device.productName ?? device.name, device.bonus) });
  messages.push({ id: messages.length + 1, from: 'assistant', kind: 'text', text: CHAT_TEXTS.prompt });
  return {
    messages,
    fault: null,
    phase: 'describe',
    pending: null,
    nextId: messages.length + 1,
    deviceName: device.productName ?? device.name,
    suite: null,
  };
}

type NewMessage = ChatMessage extends infer M ? (M extends ChatMessage ? Omit<M, 'id'> : never) : never;

function add(state: ChatState, ...messages: NewMessage[]): ChatState {
  let nextId = state.nextId;
  const withIds = messages.map((m) => ({ ...m, id: nextId++ }) as ChatMessage);
  return { ...state, messages: [...state.messages, ...withIds], nextId };
}

function request(
  state: ChatState,
  kind: ChatRequest['kind'],
  question: string,
  extra: Pick<ChatRequest, 'faultId' | 'suite'> = {},
): ChatState {
  return { ...state, pending: { id: state.nextId, kind, question, ...extra }, nextId: state.nextId + 1 };
}

/** product §4, repair chat flow, as a pure reducer; the page runs `pending` and sends the result back. */
export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'input': {
      const text = event.text.trim();
      if (!text || state.pending) return state;
      const withUser = add(state, { from: 'user', kind: 'text', text });
      // An emergency is answered at once, before anything else, whatever the step.
      const urgence = emergencyFor(text, state.deviceName);
      if (urgence)
        return add({ ...withUser, phase: state.fault === null ? 'describe' : 'talk' }, { from: 'assistant', kind: 'urgence', urgence });
      // A request to bypass a safety device gets the refusal, at once too.
      if (isSafetyBypass(text)) return add(withUser, { from: 'assistant', kind: 'refus', refus: SAFETY_BYPASS_REFUSAL });
      // Step 3: a greeting alone gets a prompt to describe the fault.
      if (isGreeting(text)) return add(withUser, { from: 'assistant', kind: 'text', text: CHAT_TEXTS.greetingReply });
      // Step 2: the first description, once the server has read it for what the rules above miss, yields the three "what next" options.
      if (state.fault === null) return request({ ...withUser, fault: text }, 'screen', text);
      // Step 4: otherwise the assistant is queried, with the diagnosis a follow-up refines.
      return request({ ...withUser, phase: 'talk' }, 'chat', text, { suite: state.suite });
    }
    case 'choose': {
      if (state.pending || state.fault === null) return state;
      const withUser = add(state, { from: 'user', kind: 'text', text: CHAT_TEXTS.choices[event.choice] });
      if (event.choice === 'repairer')
        return add({ ...withUser, phase: 'talk' }, { from: 'assistant', kind: 'repairers', text: CHAT_TEXTS.repairers });
      if (event.choice === 'video') return request({ ...withUser, phase: 'talk' }, 'videos', state.fault);
      // Step 5: do-it-yourself first shows the warning.
      return add({ ...withUser, phase: 'diy-confirm' }, { from: 'assistant', kind: 'diy-warning', text: CHAT_TEXTS.diyWarning });
    }
    case 'diy': {
      if (state.phase !== 'diy-confirm' || state.fault === null || state.pending) return state;
      const withUser = add(
        { ...state, phase: 'talk' },
        { from: 'user', kind: 'text', text: event.agree ? CHAT_TEXTS.diyAgree : CHAT_TEXTS.diyPro },
      );
      return event.agree
        ? request(withUser, 'analysis', state.fault)
        : add(withUser, { from: 'assistant', kind: 'repairers', text: CHAT_TEXTS.repairers });
    }
    case 'chat-answer': {
      if (state.pending?.id !== event.requestId) return state;
      const { question } = state.pending;
      const { answer, urgence, aucuneFiche, refus, fault, suite } = event.answer;
      const done = { ...state, pending: null, suite: suite ?? state.suite };
      if (urgence) return add(done, { from: 'assistant', kind: 'urgence', urgence });
      if (refus) return add(done, { from: 'assistant', kind: 'refus', refus });
      if (aucuneFiche) return add(done, { from: 'assistant', kind: 'aucune-fiche', aucuneFiche });
      const answered = add(done, { from: 'assistant', kind: 'text', text: answer.trim() || MSG.assistantEmpty });
      // A follow-up on the sheet already shown needs no new sheet.
      if (!answer.trim() || !fault || state.suite?.faultId === fault.id) return answered;
      // A new diagnosis is followed by its tutorials and summary.
      return request(answered, 'analysis', question, { faultId: fault.id });
    }
    case 'repairers':
      return add(state, { from: 'assistant', kind: 'repairers', text: CHAT_TEXTS.repairers });
    case 'analysis': {
      if (!state.pending || state.pending.id !== event.requestId || state.pending.kind === 'chat' || state.pending.kind === 'screen')
        return state;
      const { kind, question } = state.pending;
      const done = { ...state, pending: null };
      if (event.answer.urgence) return add(done, { from: 'assistant', kind: 'urgence', urgence: event.answer.urgence });
      if (event.answer.refus) return add(done, { from: 'assistant', kind: 'refus', refus: event.answer.refus });
      if (event.answer.aucuneFiche) return add(done, { from: 'assistant', kind: 'aucune-fiche', aucuneFiche: event.answer.aucuneFiche });
      if (event.answer.fault) done.suite = { faultId: event.answer.fault.id, cause: 0 };
      if (event.answer.reference_urls.length === 0 && !event.answer.fault) {
        return add(done, { from: 'assistant', kind: 'text', text: MSG.assistantNoTutorials });
      }
      return add(done, { from: 'assistant', kind: 'analysis', answer: event.answer, question, videos: kind === 'videos' });
    }
    case 'screened': {
      if (state.pending?.id !== event.requestId || state.pending.kind !== 'screen') return state;
      const done = { ...state, pending: null };
      // A danger or a refusal ends this description: the next message starts again.
      if (event.check.urgence) return add({ ...done, fault: null }, { from: 'assistant', kind: 'urgence', urgence: event.check.urgence });
      if (event.check.refus) return add({ ...done, fault: null }, { from: 'assistant', kind: 'refus', refus: event.check.refus });
      return add({ ...done, phase: 'choose' }, { from: 'assistant', kind: 'options', text: CHAT_TEXTS.options });
    }
    case 'failed': {
      if (state.pending?.id !== event.requestId) return state;
      // Offline or the server down: the chat's own rules found nothing, so the flow goes on.
      if (state.pending.kind === 'screen')
        return add({ ...state, pending: null, phase: 'choose' }, { from: 'assistant', kind: 'options', text: CHAT_TEXTS.options });
      const text = event.offline
        ? OFFLINE_TEXTS.assistant
        : state.pending.kind === 'chat'
          ? MSG.assistantKbFailure
          : MSG.assistantAnalysisFailed;
      return add({ ...state, pending: null }, { from: 'assistant', kind: 'text', text, tone: 'error' });
    }
  }
}
