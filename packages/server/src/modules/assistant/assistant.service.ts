import {
  type ChatAnswer,
  type ChatSuite,
  type DiagnosedFault,
  EMERGENCY_PRECAUTION,
  emergencyFor,
  emergencyText,
  foldFr,
  type MiaAnswer,
  noSheet,
  noSheetText,
  type Urgence,
} from '@ecofoyer/contracts';
import type { ChatCompletions } from '../../lib/chat-completions.ts';
import type { AppliancesService } from '../appliances/appliances.service.ts';
import { kindsOf } from './device-kinds.ts';
import { confident, diagnose } from './diagnose.ts';
import { type FaultIndex, type Match, processTerm } from './fault-index.ts';
import type { FaultEntry } from './knowledge-base.ts';

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

const sheet = (entry: FaultEntry, others: Match[] = []): MiaAnswer => ({
  reference_urls: entry.tutorials,
  summary: { PRECAUTION: entry.precaution, CAUSE: entry.causes, INSTRUCTION: entry.instructions },
  fault: toFault(entry),
  alternatives: others.map((m) => ({ id: m.entry.id, title: m.entry.title })),
});

/** The embedded answer (spec §7 knowledge-base reply), in the assistant's "tu". */
export function embeddedAnswer(matches: Match[]): string {
  if (matches.length === 0) return '';
  const { entry } = matches[0]!;
  const lines = [
    `La fiche qui correspond le mieux à ta description : « ${entry.title} ».`,
    `Causes possibles, de la plus fréquente à la moins fréquente : ${entry.causes.map((c) => c.replace(/\.$/, '')).join(' ; ')}.`,
    `Précaution : ${entry.precaution}`,
    entry.diy === 'non' ? `C'est une intervention pour un professionnel. ${entry.professional}` : `Quand appeler un professionnel : ${entry.professional}`,
  ];
  const others = alternatives(matches);
  if (others.length > 0) lines.push(`Si cela ne correspond pas, regarde aussi : ${others.map((m) => `« ${m.entry.title} »`).join(' ou ')}.`);
  return lines.join('\n');
}

/** Words that say a follow-up continues the current diagnosis (« et si le filtre est propre ? »). */
const FOLLOW_UP =
  /\b(et si|sinon|deja|c'est fait|j'ai (fait|verifie|nettoye|regarde|change|essaye|teste)|propres?|nettoye\w*|verifie\w*|toujours|rien ne change|pareil|meme chose|pas mieux|ca ne marche (toujours )?pas|ok|en bon etat|bon etat|intact\w*|pas ca|autre chose|ensuite|et apres|encore|n'est pas (bouche|en cause|ca)|ne vient pas|c'est bon)\b/;
const stems = (s: string) => new Set(s.split(/[\s\p{P}\p{S}]+/u).map((w) => processTerm(w)).filter((t): t is string => t !== null && t.length >= 3));
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1).replace(/\.$/, '');

/**
 * The repair assistant (API.md "Assistant"): emergencies first, then retrieval in the embedded
 * knowledge base restricted to the device, with abstention; when an OpenAI-compatible endpoint is
 * configured, it phrases a diagnosis, never an emergency, a refusal or a follow-up.
 */
export class AssistantService {
  constructor(
    /** The knowledge base's index, built on the first question (issue 23: 19 MB not held by a server nobody asks). */
    private readonly loadIndex: () => FaultIndex,
    private readonly deps: { appliances: AppliancesService; llm: ChatCompletions },
  ) {}

  private get index(): FaultIndex {
    return this.loadIndex();
  }

  /** The device a request is about: the user's appliance (404 if not theirs), else the product name. */
  private async product(userId: number, productName?: string | null, applianceId?: number | null): Promise<string | null> {
    if (applianceId) {
      const appliance = await this.deps.appliances.get(userId, applianceId);
      return this.index.resolveProduct(appliance.product?.prodName ?? appliance.prod_name) ?? this.index.resolveProduct(productName);
    }
    return this.index.resolveProduct(productName);
  }

  /** POST V1/mia/question: tutorials and the PRECAUTION / CAUSE / INSTRUCTION summary of the best match. */
  async question(
    userId: number,
    body: { userQuestion: string; productName?: string | null; applianceId?: number | null; faultId?: string | null },
  ): Promise<MiaAnswer> {
    const product = await this.product(userId, body.productName, body.applianceId);
    // An emergency comes before the sheet the chat chose.
    const urgence = emergencyFor(body.userQuestion, this.index.productName(product));
    if (urgence) return emergencyAnswer(urgence);
    // The sheet the chat has just answered with, if it is one of this device's.
    const chosen = body.faultId ? this.index.entry(body.faultId, product ? kindsOf(product) : null) : null;
    if (chosen) return sheet(chosen);
    const found = diagnose(this.index, body.userQuestion, product);
    if (found.kind === 'urgence') return emergencyAnswer(found.urgence);
    if (found.kind === 'aucune') {
      return { reference_urls: [], summary: EMPTY_SUMMARY, fault: null, alternatives: [], aucuneFiche: noSheet(this.index.productName(product), found.why) };
    }
    return sheet(found.matches[0]!.entry, alternatives(found.matches));
  }

  /** POST V1/assistant/chat: a short reply, an emergency, a follow-up on the current diagnosis, or « no sheet ». */
  async chat(body: { user_prompt: string; productName?: string | null; suite?: ChatSuite | null }): Promise<ChatAnswer> {
    const product = this.index.resolveProduct(body.productName);
    const found = diagnose(this.index, body.user_prompt, product);
    if (found.kind === 'urgence') return { answer: emergencyText(found.urgence), urgence: found.urgence, fault: null };

    const current = body.suite ? this.index.entry(body.suite.faultId, product ? kindsOf(product) : null) : null;
    if (current && body.suite) {
      const mentioned = this.mentionedCause(current, body.user_prompt);
      // A follow-up refines the sheet shown when it says so or talks about one of its causes.
      if (mentioned !== null || FOLLOW_UP.test(foldFr(body.user_prompt))) return this.refine(current, Math.max(body.suite.cause, mentioned ?? 0));
    }
    if (found.kind === 'aucune') {
      const aucuneFiche = noSheet(this.index.productName(product), found.why);
      return { answer: noSheetText(aucuneFiche), aucuneFiche, fault: null };
    }
    const best = found.matches[0]!.entry;
    const phrased = this.deps.llm.enabled ? await this.deps.llm.complete(this.prompt(body.user_prompt, body.productName, found.matches)) : null;
    return { answer: phrased ?? embeddedAnswer(found.matches), fault: { id: best.id, title: best.title }, suite: { faultId: best.id, cause: 0 } };
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

  /** The next cause of the current diagnosis once the previous ones are ruled out (issue 13 follow-ups). */
  private refine(entry: FaultEntry, ruledOut: number): ChatAnswer {
    const next = ruledOut + 1;
    const fault = { id: entry.id, title: entry.title };
    if (next < entry.causes.length) {
      const lines = [
        `Si ${lowerFirst(entry.causes[ruledOut]!)} n’est pas en cause, la piste suivante pour « ${entry.title} » est : ${lowerFirst(entry.causes[next]!)}.`,
        `Précaution : ${entry.precaution}`,
      ];
      if (next === entry.causes.length - 1) lines.push(`Si ce n’est pas ça non plus : ${entry.professional}`);
      return { answer: lines.join('\n'), fault, suite: { faultId: entry.id, cause: next } };
    }
    const aucuneFiche = {
      message: `Tu as écarté les causes les plus courantes de « ${entry.title} » : je ne vais pas deviner plus loin. ${entry.professional}`,
      suggestions: noSheet(null).suggestions,
    };
    return { answer: noSheetText(aucuneFiche), aucuneFiche, fault, suite: { faultId: entry.id, cause: entry.causes.length - 1 } };
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
          "Tu es l'assistant de réparation d'EcoFoyer. Réponds en français, en tutoyant, en 120 mots au plus, " +
          'uniquement à partir des fiches fournies, sans rien inventer. Présente la première fiche comme celle qui correspond le mieux, ' +
          'sans affirmer que c’est certain ; rappelle toujours la précaution de sécurité, et dis clairement quand il faut un professionnel.',
      },
      { role: 'user' as const, content: `Appareil : ${productName || 'non précisé'}\nDescription : ${question}\nFiches : ${JSON.stringify(sheets)}` },
    ];
  }
}
