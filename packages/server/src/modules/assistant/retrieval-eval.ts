import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EmergencyKind } from '@ecofoyer/contracts';
import { REPO_ROOT } from '../../config.ts';
import { kindsOf } from './device-kinds.ts';
import { diagnose } from './diagnose.ts';
import type { FaultIndex } from './fault-index.ts';

/**
 * One question of a retrieval set. `expected` is a fault id (in scope), `null` for a question the
 * knowledge base does not cover (the assistant must abstain), or `"urgence"` (the emergency intercept
 * must answer, with `urgence` the kind when the set says it).
 */
export interface HeldOutItem {
  query: string;
  expected: string | null;
  productName?: string;
  urgence?: EmergencyKind;
  /** Why the label was changed after the set was written (old → new: reason). */
  relabelled?: string;
}

const BENCH = path.join(REPO_ROOT, 'bench/assistant');

/** The words of a sentence as `wordOverlap` compares them (computed once for a sentence compared many times). */
export const words = (s: string) =>
  new Set(
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 1),
  );

/**
 * Word overlap (Jaccard: shared words over all words) between a question and a sentence of the
 * knowledge base. A set written apart keeps it below 0.5 with every symptom, so that no
 * question is a sheet's own sentence reworded by a word or two.
 */
export function wordOverlap(a: string | Set<string>, b: string | Set<string>): number {
  const wa = typeof a === 'string' ? words(a) : a;
  const wb = typeof b === 'string' ? words(b) : b;
  const [small, large] = wa.size <= wb.size ? [wa, wb] : [wb, wa];
  let shared = 0;
  for (const w of small) if (large.has(w)) shared++;
  // The union's size without building it: the sets' test compares every phrasing with every symptom.
  const all = wa.size + wb.size - shared;
  return all === 0 ? 0 : shared / all;
}

/** held-out.json: phrasings written apart from the knowledge base; held-out-2.json: the second, separate set. */
export const readHeldOut = (file = 'held-out.json'): HeldOutItem[] => JSON.parse(readFileSync(path.join(BENCH, file), 'utf8'));

export interface Evaluation {
  n: number;
  inScope: { n: number; top1: number; top3: number; mrr: number; abstained: number };
  outOfScope: { n: number; abstained: number };
  emergencies: { n: number; recall: number; falseAlarms: number };
  abstention: { precision: number; recall: number };
  wrongDevice: number;
  misses: { query: string; productName?: string; expected: string | null; got: string[] | string }[];
}

/**
 * Top-1 / top-3 of the expected fault through the assistant's own decision (`diagnose`: emergency,
 * device constraint, abstention), abstention precision and recall, emergency recall, and answers
 * about another kind of device than the one given.
 */
export function evaluateRetrieval(index: FaultIndex, items: HeldOutItem[]): Evaluation {
  const inScope = { n: 0, top1: 0, top3: 0, rr: 0, abstained: 0 };
  const outOfScope = { n: 0, abstained: 0 };
  const emergencies = { n: 0, found: 0, falseAlarms: 0 };
  let wrongDevice = 0;
  let abstainedTotal = 0;
  const misses: Evaluation['misses'] = [];
  for (const item of items) {
    const product = index.resolveProduct(item.productName);
    const d = diagnose(index, item.query, product, 10);
    const ids = d.kind === 'fiche' ? d.matches.map((m) => m.entry.id) : [];
    if (d.kind === 'fiche' && product && !d.matches[0]!.entry.products.some((p) => kindsOf(product).has(p))) wrongDevice++;
    if (d.kind === 'aucune') abstainedTotal++;
    const got =
      d.kind === 'urgence'
        ? `urgence:${d.urgence.type}`
        : d.kind === 'refus'
          ? 'refus'
          : d.kind === 'aucune'
            ? 'aucune fiche'
            : ids.slice(0, 3);
    if (item.expected === 'urgence') {
      emergencies.n++;
      if (d.kind === 'urgence') emergencies.found++;
      else misses.push({ query: item.query, productName: item.productName, expected: 'urgence', got });
      continue;
    }
    if (d.kind === 'urgence') emergencies.falseAlarms++;
    if (item.expected === null) {
      outOfScope.n++;
      if (d.kind === 'aucune') outOfScope.abstained++;
      else misses.push({ query: item.query, productName: item.productName, expected: null, got });
      continue;
    }
    inScope.n++;
    if (d.kind === 'aucune') inScope.abstained++;
    const rank = ids.indexOf(item.expected);
    if (rank === 0) inScope.top1++;
    if (rank >= 0 && rank < 3) inScope.top3++;
    if (rank !== 0) misses.push({ query: item.query, productName: item.productName, expected: item.expected, got });
    if (rank >= 0) inScope.rr += 1 / (rank + 1);
  }
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  return {
    n: items.length,
    inScope: {
      n: inScope.n,
      top1: ratio(inScope.top1, inScope.n),
      top3: ratio(inScope.top3, inScope.n),
      mrr: ratio(inScope.rr, inScope.n),
      abstained: inScope.abstained,
    },
    outOfScope,
    emergencies: { n: emergencies.n, recall: ratio(emergencies.found, emergencies.n), falseAlarms: emergencies.falseAlarms },
    abstention: { precision: ratio(outOfScope.abstained, abstainedTotal), recall: ratio(outOfScope.abstained, outOfScope.n) },
    wrongDevice,
    misses,
  };
}
