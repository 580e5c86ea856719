import type { ChatAnswer, DiagnosedFault, MiaAnswer } from '@ecofoyer/contracts';
import type { AppliancesService } from '../appliances/appliances.service.ts';
import { FaultIndex, type Match } from './fault-index.ts';
import type { FaultEntry } from './knowledge-base.ts';
import type { ChatCompletions } from '../../lib/chat-completions.ts';

const EMPTY: MiaAnswer = { reference_urls: [], summary: { PRECAUTION: '', CAUSE: [], INSTRUCTION: [] }, fault: null, alternatives: [] };

const toFault = (e: FaultEntry): DiagnosedFault => ({ id: e.id, title: e.title, professional: e.professional, diy: e.diy });

/** Alternatives shown under the answer: close enough to the best match to be worth a look. */
const alternatives = (matches: Match[]) => matches.slice(1, 3).filter((m) => m.score >= 0.45 * matches[0]!.score);

/** The embedded answer (spec §7 knowledge-base reply), in the assistant's "tu". */
export function embeddedAnswer(matches: Match[]): string {
  if (matches.length === 0) return '';
  const { entry } = matches[0]!;
  const lines = [
    `D'après ta description, il s'agit probablement de : « ${entry.title} ».`,
    `Causes possibles : ${entry.causes.map((c) => c.replace(/\.$/, '')).join(' ; ')}.`,
    `Précaution : ${entry.precaution}`,
    entry.diy === 'non' ? `C'est une intervention pour un professionnel. ${entry.professional}` : `Quand appeler un professionnel : ${entry.professional}`,
  ];
  const others = alternatives(matches);
  if (others.length > 0) lines.push(`Cela peut aussi être : ${others.map((m) => `« ${m.entry.title} »`).join(' ou ')}.`);
  return lines.join('\n');
}

/**
 * The repair assistant (API.md "Assistant"): retrieval in the embedded knowledge base, and, when an
 * OpenAI-compatible endpoint is configured, a phrasing of the retrieved entries by it.
 */
export class AssistantService {
  constructor(
    private readonly index: FaultIndex,
    private readonly deps: { appliances: () => AppliancesService; llm: ChatCompletions },
  ) {}

  /** The device a request is about: the user's appliance (404 if not theirs), else the product name. */
  private async product(userId: number, productName?: string | null, applianceId?: number | null): Promise<string | null> {
    if (applianceId) {
      const appliance = await this.deps.appliances().get(userId, applianceId);
      return this.index.resolveProduct(appliance.product?.prodName ?? appliance.prod_name) ?? this.index.resolveProduct(productName);
    }
    return this.index.resolveProduct(productName);
  }

  /** POST V1/mia/question: tutorials and the PRECAUTION / CAUSE / INSTRUCTION summary of the best match. */
  async question(userId: number, body: { userQuestion: string; productName?: string | null; applianceId?: number | null }): Promise<MiaAnswer> {
    const product = await this.product(userId, body.productName, body.applianceId);
    const matches = this.index.find(body.userQuestion, { product });
    if (matches.length === 0) return EMPTY;
    const { entry } = matches[0]!;
    return {
      reference_urls: entry.tutorials,
      summary: { PRECAUTION: entry.precaution, CAUSE: entry.causes, INSTRUCTION: entry.instructions },
      fault: toFault(entry),
      alternatives: alternatives(matches).map((m) => ({ id: m.entry.id, title: m.entry.title })),
    };
  }

  /** POST V1/assistant/chat: a short reply; "" when nothing in the knowledge base matches. */
  async chat(body: { user_prompt: string; productName?: string | null }): Promise<ChatAnswer> {
    const matches = this.index.find(body.user_prompt, { product: this.index.resolveProduct(body.productName) });
    if (matches.length === 0) return { answer: '' };
    const phrased = this.deps.llm.enabled ? await this.deps.llm.complete(this.prompt(body.user_prompt, body.productName, matches)) : null;
    return { answer: phrased ?? embeddedAnswer(matches) };
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
          "uniquement à partir des fiches fournies, sans rien inventer. Commence par la panne la plus probable, " +
          'rappelle toujours la précaution de sécurité, et dis clairement quand il faut un professionnel.',
      },
      { role: 'user' as const, content: `Appareil : ${productName || 'non précisé'}\nDescription : ${question}\nFiches : ${JSON.stringify(sheets)}` },
    ];
  }
}
