import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../config.ts';
import type { FaultIndex } from './fault-index.ts';

export interface HeldOutItem {
  query: string;
  expected: string;
  productName?: string;
}

/** Symptom phrasings written apart from the knowledge base (bench/assistant/held-out.json). */
export const readHeldOut = (file = path.join(REPO_ROOT, 'bench/assistant/held-out.json')): HeldOutItem[] => JSON.parse(readFileSync(file, 'utf8'));

/** Top-1 / top-3 retrieval and mean reciprocal rank of the expected fault, with the misses. */
export function evaluateRetrieval(index: FaultIndex, items: HeldOutItem[]) {
  let top1 = 0;
  let top3 = 0;
  let rr = 0;
  const misses: { query: string; expected: string; got: string[] }[] = [];
  for (const item of items) {
    const ids = index.find(item.query, { product: index.resolveProduct(item.productName), limit: 10 }).map((m) => m.entry.id);
    const rank = ids.indexOf(item.expected);
    if (rank === 0) top1++;
    if (rank >= 0 && rank < 3) top3++;
    else misses.push({ query: item.query, expected: item.expected, got: ids.slice(0, 3) });
    if (rank >= 0) rr += 1 / (rank + 1);
  }
  const n = items.length;
  return { n, top1: top1 / n, top3: top3 / n, mrr: rr / n, misses };
}
