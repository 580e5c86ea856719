/**
 * French typography, one way for the whole app: numbers grouped by a narrow no-break
 * space (« 4 000 », as Intl fr-FR writes them), a no-break space before : ; ! ? and inside « »,
 * and the typographic apostrophe ’. `typographyFaults` is what the guard tests check every text
 * against (contracts' messages, the pages as rendered).
 */

/** U+202F, the narrow no-break space: between thousands (Intl fr-FR), before « % ». */
export const NNBSP = '\u202f';
/** U+00A0, the no-break space: before : ; ! ?, after « and before ». */
export const NBSP = '\u00a0';

const INTEGER = /* @__PURE__ */ new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** A number as French writes it: « 52 533 », « 152,5 » (at most `digits` decimals). */
export function numberFr(n: number, digits = 0): string {
  return digits === 0 ? INTEGER.format(n) : new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits }).format(n);
}

/** A percentage already on 0–100, whole by default: « 78 % ». */
export function percentFr(points: number, digits = 0): string {
  return `${numberFr(points, digits)}${NNBSP}%`;
}

/**
 * Names of the reference catalogue written with a straight apostrophe: identifiers its data sets share
 * (products.json, the repair bonus's list, the assistant's models), shown as they are.
 */
const CATALOGUE_NAMES = ["Purificateur d'air"];

/** Where `text` breaks the rules above, each as the snippet around the fault (empty: none). */
export function typographyFaults(shown: string): string[] {
  const faults: string[] = [];
  const text = CATALOGUE_NAMES.reduce((t, name) => t.replaceAll(name, ''), shown);
  const rules: [RegExp, string][] = [
    // An ASCII apostrophe inside a word: l'appareil, aujourd'hui.
    [/\p{L}'\p{L}/gu, 'apostrophe droite'],
    // An ordinary space before : ; ! ? (a time like 10:00 or an address has none).
    [/ [:;!?](?=\s|$|[»)"’.])/gu, 'espace ordinaire avant : ; ! ?'],
    // No space at all before ; ! ? at the end of a French word: « requis! ».
    [/\p{Ll}[;!?](?=\s|$)/gu, 'espace manquante avant ; ! ?'],
    // An ordinary space, or none, inside « ».
    [/«(?: |(?=[^\s\u00a0\u202f]))/gu, 'espace après « '],
    [/(?: |(?<=[^\s\u00a0\u202f]))»/gu, 'espace avant »'],
    // Thousands grouped by an ordinary space: 10 000 (not a phone number: 0 800 47 33 33).
    [/(?<![\d,.])(?!0)\d{1,3}(?: \d{3})+(?![\d,]| \d)/gu, 'milliers séparés par une espace ordinaire'],
  ];
  for (const [rule, what] of rules) {
    for (const match of text.matchAll(rule)) {
      const at = match.index ?? 0;
      faults.push(`${what} : « ${text.slice(Math.max(0, at - 20), at + match[0].length + 20)} »`);
    }
  }
  return faults;
}
