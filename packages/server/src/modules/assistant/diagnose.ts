import { foldFr, type Refus, type Urgence } from '@ecofoyer/contracts';
import { type SafetyScreen, sharedSafetyScreen } from './safety-screen.ts';
import type { FaultIndex, Match } from './fault-index.ts';

/**
 * Abstention thresholds, calibrated on the first held-out set and the calibration
 * questions of bench/assistant/ (`MISSES=1 node --import tsx bench/assistant-retrieval.ts` prints the misses), and
 * measured on the second, separately written set: the best allowed fault must score at least
 * MIN_SCORE and match at least MIN_COVERAGE of the describing words of the question.
 */
export const MIN_SCORE = 8;
export const MIN_COVERAGE = 0.25;

export type Diagnosis =
  | { kind: 'urgence'; urgence: Urgence }
  | { kind: 'refus'; refus: Refus }
  | { kind: 'aucune'; why: 'no-match' | 'other-device' | 'no-device' }
  | { kind: 'fiche'; matches: Match[] };

/** Questions that ask for something other than a repair (a price, a purchase, a recipe…): no sheet answers them. */
const NOT_A_FAULT = new RegExp(
  String.raw`\b(combien (coute|ca coute|vaut|coutent)|(quel|quelle)s? [^?]{0,30}\bpas chere?s?\b|(c'est|est-ce|serait-ce|c'est-il) (vraiment )?rentable|rentable de (changer|remplacer|passer|prendre|acheter)|quel (est le )?prix|le prix|tarifs?|(quel|quelle|lequel|laquelle|qu'est-ce que)\b[^?]{0,30}\b(acheter|racheter)|(faut[- ]il|dois-je|vaut[- ]il mieux) (en )?(acheter|racheter)|(je veux|j'aimerais|je voudrais|je compte|on veut) (en )?(acheter|racheter)|avant d'acheter|achat d'une?|quelle? (est la |est le )?meilleure?|quelle marque|recettes? (de|d'|pour|facile\w*|rapide\w*)|idees? de recettes?|c'est combien|combien (en general|environ|pour un|pour une)|revendre|vendre|abonnement|forfait|vole|volee|ou (trouver|acheter)|ou (je peux|puis-je|on peut|est-ce qu'on peut) (acheter|trouver|commander)|(on|je) peu[xt] en racheter|ou (je|on) (en )?rachete|(vaut|vaudrait)[- ](il )?(le coup|la peine) de (le |la |les )?(reparer|faire reparer)|comparatif|conseill\w* (moi )?un|(c'est quoi la |quelle est la |la )?diff(erence)? entre|tous les combien|combien (de fois|souvent)|(ca |il |elle )?consomme\w* combien|combien (ca |il |elle )?consomme\w*|(j'ai|on a|a-t-on|ai-je) le droit)\b|` +
    // How to use it, not what is wrong with it ("quel programme pour une couette", "comment cuire un rôti").
    String.raw`\b(quel(le)?s? (programme|cycle|temperature|lessive|dose|reglage|mode) (choisir|utiliser|mettre|pour|faut)|quel(le)?s? [a-z-]+ (utiliser|choisir|prendre) pour|quel(le)? (programme|temperature|lessive|dose) (est|serait) (le |la )?(mieux|meilleure?)|comment (cuire|faire cuire|preparer|laver|nettoyer une?|transferer|sauvegarder|installer|utiliser|programmer une? recette)|combien de temps (cuire|faire cuire|faut[- ]il (cuire|laisser cuire))|est-ce que je peux (mettre|laver|cuire)|peut-on (mettre|laver|cuire)|on peut (mettre|laver|cuire))\b`,
);

/**
 * A usage question (« comment brancher… », « quelle température… », « à combien de degrés… ») that
 * says nothing is wrong: it opens like a how-to and carries no sign of a fault (a negation, a
 * breakdown word, an error). « comment réparer… » or « pourquoi il ne chauffe plus ? » still go to
 * the sheets. Every question of this shape in the sets of bench/assistant/ is out of scope.
 */
const HOW_TO_OPENING =
  /^((il )?vaut[- ](il )?mieux|est-ce qu'(on|il|elle) peu[xt]|comment|quel|quelle|quels|quelles|a (quel|quelle|quels|quelles)|a combien|ou (faut[- ]il|dois-je|je dois|installer|placer)|combien|ou (est|se trouve|trouver|mettre|placer|ranger)|est-ce que (je|on) peu[xt]|peut-on|on peut|faut-il|dois-je|je (voudrais|veux|souhaite) savoir)\b/;
const FAULT_SIGN =
  /\b(ne|n'\w+|pas|plus|jamais|rien|panne|en rade|hs|bloqu\w*|coince\w*|fui\w*|fuite\w*|bruit\w*|erreur|code|problemes?|souci|cass\w*|abim\w*|saute\w*|(?<!de )coupe\w*|perime\w*|depass\w*|(date|delai)\b[^.?!]{0,30}\bpassee?|eteint\w*|clignot\w*|repar\w*|debloqu\w*|depann\w*|reinitialis\w*|reset|defaut|anormal\w*|bizarre|mal|detartr\w*|tiede|froid|chaud|brul\w*|fume|odeur|sent|goutte\w*|grince\w*|vibre\w*|claque\w*|bip\w*|affiche\w*|voyant)\b/;
/**
 * A broken plastic or structural part (a handle, a wheel, a hinge, a shelf, a drawer…): a spare
 * part, not a repair sheet, answers it, and no sheet is about it. Glass, lids and buttons are left
 * out: a cracked hob or oven glass has its sheet (and its safety advice).
 */
const PART = String.raw`(poignee|roulette|charniere|pied|coque|clapet|tiroir|etagere|balconnet|panier)s?`;
const BROKE = String.raw`(cass\w*|arrach\w*|dechir\w*|fendu\w*|pete\w*|brise\w*)`;
const BROKEN_PART = new RegExp(String.raw`\b${PART}\b[^.?!]{0,40}\b${BROKE}|\b${BROKE}[^.?!]{0,25}\b${PART}\b`);

/**
 * Parts of an appliance a question can be about. When the question names a part and the best sheet
 * never mentions it (nor a word of its group), the sheet is about something else of the same device
 * (« le flash ne se déclenche plus » → a jammed lens): no sheet, rather than a wrong one.
 */
const PARTS: readonly (readonly string[])[] = [
  ['flash'],
  ['ampoule', 'lampe', 'lumière', 'éclairage', 'loupiote'],
  ['bouton', 'molette', 'interrupteur'],
  ['haut-parleur', 'haut-parleurs'],
  ['télécommande'],
  ['courroie'],
  ['antenne'],
  ['chargeur'],
  ['capteur', 'capteurs', 'sonde'],
  ['caméra', 'webcam', 'objectif'],
];
const FOLDED_PARTS = PARTS.map((group) => group.map(foldFr));
const foldedWords = (folded: string) => new Set(folded.split(/[^a-z0-9-]+/).filter(Boolean));

/** « la lumière marche », « le voyant et la lumière s'allument »: a part said to work is context, not the complaint. */
const WORKS =
  /^(?: (?:et|,) (?:la |le |les |l')?[a-z-]+)? (?:marche\w*|fonctionne\w*|s'allume\w*|est allume\w*|sont allume\w*|tourne\w*|va bien|est ok|ok)\b/;

function unexplainedPart(index: FaultIndex, folded: string, m: Match): boolean {
  const said = foldedWords(folded);
  for (const w of [...said]) {
    const at = folded.search(new RegExp(`\\b${w}\\b`));
    if (FOLDED_PARTS.some((g) => g.includes(w)) && WORKS.test(folded.slice(at + w.length))) said.delete(w);
  }
  const named = PARTS.filter((_, i) => FOLDED_PARTS[i]!.some((w) => said.has(w)));
  return named.length > 0 && !named.some((group) => index.mentions(m.entry, group));
}

const isHowTo = (folded: string) => HOW_TO_OPENING.test(folded.trim()) && !FAULT_SIGN.test(folded);

/**
 * What people also say to an assistant once a device is chosen (review item 6): their health (« j'ai
 * mal au dos »), the weather, what they like, a question about something else (« le thé se prépare à
 * quelle température ? », « c'est quoi la meilleure lessive ? »). Such a phrase says nothing is wrong
 * with the device unless the rest of the message does (« j'ai mal au dos et la machine n'essore plus »).
 */
const OFF_TOPIC = [
  /\b(?:j'ai|j ai|jai|on a|il a|elle a|t'as|tu as|ai|avoir) (?:\w+ )?mal (?:au|aux|a la|a l'|a)\b|\b(?:me|m'|se|s'|te|t')(?: ?(?:suis|est|es|sommes|etes|sont))? fait mal\b/g,
  /\b(?:meteo|il va (?:pleuvoir|neiger|geler|faire (?:beau|chaud|froid|\d+))|il fera|fera-t-il|va-t-il (?:pleuvoir|neiger|faire)|il pleut|il neige)\b/g,
  /^(?:j'aime|j'adore|je prefere|j'aime bien|j'aime pas|je n'aime pas)\b/g,
  /^(?:c'est quoi|qu'est-ce qu|est-ce que (?:les?|la|l'|un|une|des) )/g,
];
/** A short question (« …à quelle température ? », « …c'est quand ? »): a long message that asks « comment » at its end has told its fault before. */
const SHORT_QUESTION =
  /\b(?:(?:quel|quelle|quels|quelles)\b(?! que)|combien|comment|c'est quand|c'est quoi|quand (?:faut-il|est-ce|dois-je))\b/g;
const offTopic = (folded: string) =>
  [...OFF_TOPIC, ...(folded.split(' ').length <= 12 ? [SHORT_QUESTION] : [])].some(
    // « la plus écologique » compares, it is no « ne … plus ».
    (phrase) =>
      folded.match(phrase) !== null && !FAULT_SIGN.test(folded.replace(phrase, ' ').replace(/\b(?:le|la|les|du|des) plus\b/g, ' ')),
  );

/** Whether the best match is evidence enough to show its sheet. */
export const confident = (m: Match | undefined): m is Match => m !== undefined && m.score >= MIN_SCORE && m.coverage >= MIN_COVERAGE;

/**
 * The assistant's decision for a description, in this order: an emergency before any
 * retrieval; then only faults of the device's kind; then a sheet only with evidence, else « no sheet ».
 */
export function diagnose(
  index: FaultIndex,
  text: string,
  product: string | null,
  limit = 5,
  screen: SafetyScreen = sharedSafetyScreen(),
): Diagnosis {
  // An emergency, then a request to bypass a safety device, before any sheet (read by rules and a classifier).
  const screened = screen.screen(text, index.productName(product));
  if (screened.urgence) return { kind: 'urgence', urgence: screened.urgence };
  if (screened.refus) return { kind: 'refus', refus: screened.refus };
  const found = index.search(text, { product, limit });
  // Without a device (none picked, none named) a sheet would be a guess across every appliance.
  if (found.allowed === null) return { kind: 'aucune', why: 'no-device' };
  // « Mon frigo fait un bruit » in a chat about the oven: the best sheet of all is the fridge's, so the question is about it.
  if (found.aboutOtherDevice) return { kind: 'aucune', why: 'other-device' };
  const folded = foldFr(text);
  if (
    NOT_A_FAULT.test(folded) ||
    isHowTo(folded) ||
    offTopic(folded) ||
    BROKEN_PART.test(folded) ||
    !confident(found.matches[0]) ||
    unexplainedPart(index, folded, found.matches[0])
  )
    return { kind: 'aucune', why: found.otherDevice ? 'other-device' : 'no-match' };
  return { kind: 'fiche', matches: found.matches };
}
