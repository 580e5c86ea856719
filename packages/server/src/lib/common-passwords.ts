import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The 10,000 most common passwords (issue 14, ASVS 5.0 V6.2.4), from the ranked list zxcvbn-ts
 * ships (no network). Compared without case: « Azerty » is as guessable as « azerty ».
 */
const COMMON = new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase()));

/**
 * True for a common password, also when only its case differs or it merely ends with digits or
 * symbols (« Password1! », « Azerty123! »): the spec's rules are met that way by the weakest choices.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  const base = lower.replace(/[\d@$!%*?&.#_-]+$/, '');
  return base.length >= 4 && base !== lower && COMMON.has(base);
}

/** How many passwords the list holds (a test checks it is the whole 10,000). */
export const COMMON_PASSWORDS = COMMON.size;
