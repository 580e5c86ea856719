/**
 * The 10,000 most common passwords (ASVS 5.0 V6.2.4), from the ranked list zxcvbn-ts
 * ships (no network). Compared without case: « Azerty » is as guessable as « azerty ». Loaded on
 * the first password set, not at start-up (decompressing the list takes ~70 ms).
 */
let common: Promise<Set<string>> | undefined;
const load = () =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase())),
  ));

/**
 * True for a common password, also when only its case differs or it merely ends with digits or
 * symbols (« Password1! », « Azerty123! »): the spec's rules are met that way by the weakest choices.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await load();
  const lower = password.toLowerCase();
  if (list.has(lower)) return true;
  const base = lower.replace(/[\d@$!%*?&.#_-]+$/, '');
  return base.length >= 4 && base !== lower && list.has(base);
}

/** How many passwords the list holds (a test checks it is the whole 10,000). */
export const commonPasswordCount = async (): Promise<number> => (await load()).size;
