import { emergencyFor, foldFr, type Urgence } from '@ecofoyer/contracts';
import type { FaultIndex, Match } from './fault-index.ts';

/**
 * Abstention thresholds (issue 13), calibrated on the first held-out set and the calibration
 * questions of bench/assistant/ (`MISSES=1 node --import tsx bench/assistant-retrieval.ts` prints the misses), and
 * measured on the second, separately written set: the best allowed fault must score at least
 * MIN_SCORE and match at least MIN_COVERAGE of the describing words of the question.
 */
export const MIN_SCORE = 8;
export const MIN_COVERAGE = 0.25;

export type Diagnosis =
  | { kind: 'urgence'; urgence: Urgence }
  | { kind: 'aucune'; why: 'no-match' | 'other-device' | 'no-device' }
  | { kind: 'fiche'; matches: Match[] };

/** Questions that ask for something other than a repair (a price, a purchase, a recipe…): no sheet answers them. */
const NOT_A_FAULT =
  /\b(combien (coute|ca coute|vaut|coutent)|quel (est le )?prix|le prix|tarifs?|acheter|achat|quelle? (est la |est le )?meilleure?|quelle marque|recettes?|revendre|vendre|abonnement|forfait|vole|volee|ou (trouver|acheter)|comparatif|conseill\w* (moi )?un)\b/;

/** Whether the best match is evidence enough to show its sheet. */
export const confident = (m: Match | undefined): m is Match => m !== undefined && m.score >= MIN_SCORE && m.coverage >= MIN_COVERAGE;

/**
 * The assistant's decision for a description, in the order issue 13 sets: an emergency before any
 * retrieval; then only faults of the device's kind; then a sheet only with evidence, else « no sheet ».
 */
export function diagnose(index: FaultIndex, text: string, product: string | null, limit = 5): Diagnosis {
  const urgence = emergencyFor(text, index.productName(product));
  if (urgence) return { kind: 'urgence', urgence };
  const found = index.search(text, { product, limit });
  // Without a device (none picked, none named) a sheet would be a guess across every appliance.
  if (found.allowed === null) return { kind: 'aucune', why: 'no-device' };
  if (NOT_A_FAULT.test(foldFr(text)) || !confident(found.matches[0])) return { kind: 'aucune', why: found.otherDevice ? 'other-device' : 'no-match' };
  return { kind: 'fiche', matches: found.matches };
}
