import type { FoyerId } from '../../lib/ids.ts';
import {
  type ChatAnswer,
  type ChatSuite,
  type DiagnosedFault,
  EMERGENCY_PRECAUTION,
  emergencyText,
  foldFr,
  type MiaAnswer,
  noSheet,
  noSheetText,
  type Refus,
  refusalText,
  type SafetyCheck,
  type Urgence,
} from '@ecofoyer/contracts';
import type { ChatCompletions } from '../../lib/chat-completions.ts';
import type { AppliancesService } from '../appliances/appliances.service.ts';
import { kindsOf } from './device-kinds.ts';
import { confident, diagnose } from './diagnose.ts';
import { type FaultIndex, type Match, processTerm } from './fault-index.ts';
import type { FaultEntry } from './knowledge-base.ts';
import { type SafetyScreen, sharedSafetyScreen } from './safety-screen.ts';

const EMPTY_SUMMARY = { PRECAUTION: '', CAUSE: [], INSTRUCTION: [] };

const toFault = (e: FaultEntry): DiagnosedFault => ({ id: e.id, title: e.title, professional: e.professional, diy: e.diy });

/** Alternatives shown under the answer: close enough to the best match to be worth a look. */
const alternatives = (matches: Match[]) => matches.slice(1, 3).filter((m) => confident(m) && m.score >= 0.45 * matches[0]!.score);

const emergencyAnswer = (urgence: Urgence): MiaAnswer => ({
  urgence,
  summary: { PRECAUTION: EMERGENCY_PRECAUTION, CAUSE: [], INSTRUCTION: [] },
  reference_urls: [],
  fault: null,
  alternatives: [],
});

const refusalAnswer = (refus: Refus): MiaAnswer => ({
  refus,
  summary: { PRECAUTION: refus.conseil, CAUSE: [], INSTRUCTION: [] },
  reference_urls: [],
  fault: null,
  alternatives: [],
});

const sheet = (entry: FaultEntry, others: Match[] = []): MiaAnswer => ({
  reference_urls: entry.tutorials,
  summary: { PRECAUTION: entry.precaution, CAUSE: entry.causes, INSTRUCTION: entry.instructions },
  fault: toFault(entry),
  alternatives: others.map((m) => ({ id: m.entry.id, title: m.entry.title })),
});

/** The embedded answer (product §7, knowledge-base reply), in the assistant's "tu". */
export function embeddedAnswer(matches: Match[]): string {
  if (matches.length === 0) return '';
  const { entry } = matches[0]!;
  const lines = [
    `La fiche qui correspond le mieux à ta description : « ${entry.title} ».`,
    `Causes possibles, de la plus fréquente à la moins fréquente : ${entry.causes.map((c) => c.replace(/\.$/, '')).join(' ; ')}.`,
    `Précaution : ${entry.precaution}`,
    entry.diy === 'non'
      ? `C’est une intervention pour un professionnel. ${entry.professional}`
      : `Quand appeler un professionnel : ${entry.professional}`,
  ];
  const others = alternatives(matches);
  if (others.length > 0)
    lines.push(`Si cela ne correspond pas, regarde aussi : ${others.map((m) => `« ${m.entry.title} »`).join(' ou ')}.`);
  return lines.join('\n');
}

/** Words that say a follow-up continues the current diagnosis (« et si le filtre est propre ? »). */
const FOLLOW_UP =
  /\b(et si|sinon|deja|c'est fait|j'ai (fait|verifie|nettoye|regarde|change|essaye|teste)|propres?|nettoye\w*|verifie\w*|toujours|rien ne change|pareil|meme chose|pas mieux|ca ne marche (toujours )?pas|ok|en bon etat|bon etat|intact\w*|pas ca|autre chose|ensuite|et apres|encore|n'est pas (bouche|en cause|ca)|ne vient pas|c'est bon)\b/;
/** Words that say the person checked what they name (« le filtre est propre », « j'ai vérifié la pompe »). */
const CHECKED =
  /\b(deja|c'est fait|j'ai (fait|verifie|nettoye|regarde|change|essaye|teste|controle|remplace|debouche|purge)|propres?|nettoye\w*|verifie\w*|controle\w*|change\w*|remplace\w*|debouche\w*|en bon etat|bon etat|intact\w*|pas ca|n'est pas (bouche|en cause|ca)|ne vient pas|c'est bon|rien a voir|ok|(est|sont|c'est|a l'air|ont l'air) (bons?|bonnes?|ok|propres?|nickel|clean|neufs?|intacts?)|bien (remis\w*|en place|positionne\w*|place\w*|branche\w*|enclenche\w*|serre\w*|monte\w*|fixe\w*|emboite\w*))\b/;
const stems = (s: string) =>
  new Set(
    s
      .split(/[\s\p{P}\p{S}]+/u)
      .map((w) => processTerm(w))
      .filter((t): t is string => t !== null && t.length >= 3),
  );

/**
 * The repair assistant (API.md "Assistant"): emergencies first, then retrieval in the embedded
 * knowledge base restricted to the device, with abstention; when an OpenAI-compatible endpoint is
 * configured, it phrases a diagnosis, never an emergency, a refusal or a follow-up.
 */
export class AssistantService {
  constructor(
    /** The knowledge base's index, built on the first question (19 MB not held by a server nobody asks). */
    private readonly loadIndex: () => FaultIndex,
    private readonly deps: { appliances: AppliancesService; llm: ChatCompletions; screen?: SafetyScreen },
  ) {}

  /**
   * Builds the knowledge base's index and reads the danger model now (else the first
   * question after a start waits 7 s for them). The server calls it while its database migrates.
   */
  warm(): void {
    this.loadIndex();
    this.screen.warm();
  }

  private get screen(): SafetyScreen {
    return this.deps.screen ?? sharedSafetyScreen();
  }

  /** POST V1/assistant/securite: an emergency, a request to bypass a safety device, or neither. */
  check(body: { texte: string; productName?: string | null }): SafetyCheck {
    return this.screen.screen(body.texte, this.index.productName(this.index.resolveProduct(body.productName)) ?? body.productName ?? null);
  }

  private get index(): FaultIndex {
    return this.loadIndex();
  }

  /** The device a request is about: the user's appliance (404 if not theirs), else the product name. */
  private async product(foyerId: FoyerId, productName?: string | null, applianceId?: number | null): Promise<string | null> {
    if (applianceId) {
      const appliance = await this.deps.appliances.get(foyerId, applianceId);
      return this.index.resolveProduct(appliance.product?.prodName ?? appliance.prod_name) ?? this.index.resolveProduct(productName);
    }
    return this.index.resolveProduct(productName);
  }

  /** POST V1/mia/question: tutorials and the PRECAUTION / CAUSE / INSTRUCTION summary of the best match. */
  async question(
    foyerId: FoyerId,
    body: { userQuestion: string; productName?: string | null; applianceId?: number | null; faultId?: string | null },
  ): Promise<MiaAnswer> {
    const product = await this.product(foyerId, body.productName, body.applianceId);
    // An emergency, or a request to bypass a safety device, comes before the sheet the chat chose.
    const screened = this.screen.screen(body.userQuestion, this.index.productName(product));
    if (screened.urgence) return emergencyAnswer(screened.urgence);
    if (screened.refus) return refusalAnswer(screened.refus);
    // The sheet the chat has just answered with, if it is one of this device's.
    const chosen = body.faultId ? this.index.entry(body.faultId, product ? kindsOf(product) : null) : null;
    if (chosen) return sheet(chosen);
    const found = diagnose(this.index, body.userQuestion, product, 5, this.screen);
    if (found.kind === 'urgence') return emergencyAnswer(found.urgence);
    if (found.kind === 'refus') return refusalAnswer(found.refus);
    if (found.kind === 'aucune') {
      return {
        reference_urls: [],
        summary: EMPTY_SUMMARY,
        fault: null,
        alternatives: [],
        aucuneFiche: this.noSheetFor(product, body.productName, found.why),
      };
    }
    return sheet(found.matches[0]!.entry, alternatives(found.matches));
  }

  /** POST V1/assistant/chat: a short reply, an emergency, a follow-up on the current diagnosis, or « no sheet ». */
  async chat(body: { user_prompt: string; productName?: string | null; suite?: ChatSuite | null }): Promise<ChatAnswer> {
    const product = this.index.resolveProduct(body.productName);
    const found = diagnose(this.index, body.user_prompt, product, 5, this.screen);
    if (found.kind === 'urgence') return { answer: emergencyText(found.urgence), urgence: found.urgence, fault: null };
    if (found.kind === 'refus') return { answer: refusalText(found.refus), refus: found.refus, fault: null };

    const current = body.suite ? this.index.entry(body.suite.faultId, product ? kindsOf(product) : null) : null;
    if (current && body.suite) {
      const mentioned = this.mentionedCause(current, body.user_prompt);
      const folded = foldFr(body.user_prompt);
      // A follow-up refines the sheet shown when it says so or talks about one of its causes: what the
      // person checked is ruled out — the cause they name, else the one proposed — and nothing else.
      if (mentioned !== null || FOLLOW_UP.test(folded)) {
        const ruledOut = new Set(body.suite.ecartees ?? []);
        if (mentioned === null) ruledOut.add(body.suite.cause);
        else if (CHECKED.test(folded)) ruledOut.add(mentioned);
        else return this.propose(current, mentioned, [...ruledOut]);
        return this.refine(current, ruledOut, mentioned ?? body.suite.cause);
      }
    }
    if (found.kind === 'aucune') {
      const aucuneFiche = this.noSheetFor(product, body.productName, found.why);
      return { answer: noSheetText(aucuneFiche), aucuneFiche, fault: null };
    }
    const best = found.matches[0]!.entry;
    const phrased = this.deps.llm.enabled
      ? await this.deps.llm.complete(this.prompt(body.user_prompt, body.productName, found.matches))
      : null;
    return {
      answer: phrased ?? embeddedAnswer(found.matches),
      fault: { id: best.id, title: best.title },
      suite: { faultId: best.id, cause: 0 },
    };
  }

  /**
   * « Pas de fiche » about the chat's device. A device the knowledge base does not know (« Four à
   * pizza ») is named as the client sent it: the user said which device it is, so the assistant does
   * not ask again (review item 5).
   */
  private noSheetFor(product: string | null, productName: string | null | undefined, why: 'no-match' | 'other-device' | 'no-device') {
    const device = this.index.productName(product) ?? (productName?.trim() || null);
    return noSheet(device, why === 'no-device' && device ? 'no-match' : why);
  }

  /** The cause of `entry` a follow-up talks about most (shared meaningful words; the first on a tie), or null. */
  private mentionedCause(entry: FaultEntry, text: string): number | null {
    const words = stems(text);
    const device = new Set(entry.products.flatMap((p) => [...stems(this.index.productName(p) ?? p)]));
    let best = -1;
    let bestShared = 0;
    entry.causes.forEach((cause, i) => {
      const shared = [...stems(cause)].filter((w) => words.has(w) && !device.has(w)).length;
      if (shared > bestShared) {
        best = i;
        bestShared = shared;
      }
    });
    return best >= 0 ? best : null;
  }

  /**
   * The first cause of the sheet, in its order, that the person has not ruled out (because
   * checking one cause never rules out the others, nor the more common ones before it).
   */
  private refine(entry: FaultEntry, ruledOut: Set<number>, justRuledOut: number): ChatAnswer {
    const fault = { id: entry.id, title: entry.title };
    const ecartees = [...ruledOut].sort((a, b) => a - b);
    const next = entry.causes.findIndex((_, i) => !ruledOut.has(i));
    if (next >= 0) {
      const left = entry.causes.filter((_, i) => !ruledOut.has(i)).length;
      const lines = [
        `D’accord, on écarte « ${entry.causes[justRuledOut]!.replace(/\.$/, '')} ». Piste suivante pour « ${entry.title} » : ${entry.causes[next]!.replace(/\.$/, '')}.`,
        `Précaution : ${entry.precaution}`,
      ];
      if (left === 1) lines.push(`Si ce n’est pas ça non plus : ${entry.professional}`);
      return { answer: lines.join('\n'), fault, suite: { faultId: entry.id, cause: next, ecartees } };
    }
    const aucuneFiche = {
      message: `Tu as écarté toutes les causes de « ${entry.title} » que cette fiche connaît : je ne vais pas deviner plus loin. ${entry.professional}`,
      suggestions: noSheet(null).suggestions,
    };
    return { answer: noSheetText(aucuneFiche), aucuneFiche, fault, suite: { faultId: entry.id, cause: entry.causes.length - 1, ecartees } };
  }

  /** The cause the person asks about (« et si c'était la pompe ? »), without ruling out any other. */
  private propose(entry: FaultEntry, cause: number, ecartees: number[]): ChatAnswer {
    const lines = [
      `Pour « ${entry.title} », cette piste est possible : ${entry.causes[cause]!.replace(/\.$/, '')}.`,
      `Précaution : ${entry.precaution}`,
    ];
    return { answer: lines.join('\n'), fault: { id: entry.id, title: entry.title }, suite: { faultId: entry.id, cause, ecartees } };
  }

  private prompt(question: string, productName: string | null | undefined, matches: Match[]) {
    const sheets = matches.slice(0, 3).map(({ entry }) => ({
      panne: entry.title,
      causes: entry.causes,
      precaution: entry.precaution,
      etapes: entry.instructions,
      professionnel: entry.professional,
      bricolage: entry.diy,
    }));
    return [
      {
        role: 'system' as const,
        content:
          'Tu es l’assistant de réparation d’EcoFoyer. Réponds en français, en tutoyant, en 120 mots au plus, ' +
          'uniquement à partir des fiches fournies, sans rien inventer. Présente la première fiche comme celle qui correspond le mieux, ' +
          'sans affirmer que c’est certain ; rappelle toujours la précaution de sécurité, et dis clairement quand il faut un professionnel.',
      },
      {
        role: 'user' as const,
        content: `Appareil : ${productName || 'non précisé'}\nDescription : ${question}\nFiches : ${JSON.stringify(sheets)}`,
      },
    ];
  }
}
