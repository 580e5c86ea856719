import { editDistance } from './search.ts';
/**
 * How people really type, brought back to the words the assistant knows, before anything reads a
 * question: accents, case, apostrophes and hyphens (foldFr), letters typed again and again
 * (« ça puuue »), SMS spellings (« qd », « ya », « sa » for « ça »), a few typos of the words that
 * matter for safety, and French slang for smells, fire, smoke, sparks, shocks and water. The result
 * is folded French, one space between words; the emergency rules and the classifier read it.
 */

/** Lower case, no accents, one kind of apostrophe, single spaces: how French text is compared here. */
export const foldFr = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[’`´‘]/g, "'")
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/\s+/g, ' ');

/**
 * Whole words as typed (folded) → what they stand for. Only spellings no other French word takes
 * (« c », « mm » or « tel » are left alone: « 60 c », « 3 mm », « tel quel »).
 */
const SMS: Record<string, string> = {
  qd: 'quand',
  kan: 'quand',
  kand: 'quand',
  ya: 'il y a',
  yavait: 'il y avait',
  yaura: 'il y aura',
  "y'a": 'il y a',
  "y'avait": 'il y avait',
  cest: "c'est",
  ct: "c'etait",
  cetait: "c'etait",
  sa: 'ca',
  jai: "j'ai",
  javais: "j'avais",
  jsuis: 'je suis',
  jsui: 'je suis',
  chui: 'je suis',
  chuis: 'je suis',
  jsp: 'je sais pas',
  jpp: 'je peux plus',
  jpeux: 'je peux',
  jcrois: 'je crois',
  jvois: 'je vois',
  jsens: 'je sens',
  jtouche: 'je touche',
  pk: 'pourquoi',
  pq: 'pourquoi',
  pcq: 'parce que',
  bcp: 'beaucoup',
  tt: 'tout',
  ts: 'tous',
  tte: 'toute',
  tjr: 'toujours',
  tjrs: 'toujours',
  ds: 'dans',
  ac: 'avec',
  avc: 'avec',
  pr: 'pour',
  pb: 'probleme',
  pbs: 'problemes',
  pblm: 'probleme',
  prob: 'probleme',
  koi: 'quoi',
  kwa: 'quoi',
  ki: 'qui',
  ke: 'que',
  ske: 'ce que',
  keske: "qu'est-ce que",
  mtn: 'maintenant',
  mnt: 'maintenant',
  auj: "aujourd'hui",
  tph: 'telephone',
  portab: 'portable',
  elec: 'electrique',
  elek: 'electrique',
  elect: 'electrique',
  cuis: 'cuisine',
  sdb: 'salle de bain',
  appart: 'appartement',
  frig: 'frigo',
  oqp: 'occupe',
  stp: "s'il te plait",
  svp: "s'il vous plait",
  gas: 'gaz',
  gaze: 'gaz',
  gazz: 'gaz',
  smell: 'odeur',
  smoke: 'fumee',
  fire: 'feu',
  burning: 'brule',
  spark: 'etincelle',
  sparks: 'etincelles',
  plug: 'prise',
  shock: 'decharge',
};

/**
 * Slang and regional words for what matters to safety → the plain word. A slang word keeps its place
 * in the sentence: « ça schlingue le gaz » reads « ça pue le gaz ».
 */
const SLANG: Record<string, string> = {
  schlingue: 'pue',
  chlingue: 'pue',
  schlinguer: 'puer',
  cocotte: 'pue',
  refoule: 'pue',
  renifle: 'sent',
  fouette: 'pue',
  cramer: 'bruler',
  crame: 'brule',
  cramee: 'brulee',
  flambe: 'brule',
  crament: 'brulent',
  fumouille: 'fume',
  boucane: 'fumee',
  boucanne: 'fumee',
  flammeches: 'etincelles',
  flammeche: 'etincelle',
  chataigne: 'decharge',
  chataignes: 'decharges',
  flotte: 'eau',
  secheuse: 'seche-linge',
  laveuse: 'lave-linge',
  fournaise: 'chaudiere',
  boiler: 'chauffe-eau',
  cumulus: 'chauffe-eau',
  gazi: 'gaziniere',
  trott: 'trottinette',
  trotinette: 'trottinette',
  trotinnette: 'trottinette',
  smartphone: 'telephone',
  iphone: 'telephone',
  laptop: 'ordinateur portable',
};

/**
 * The words a danger is said with, for the typo step: a word of five letters or more one edit away
 * from one of these (two for nine letters or more) is read as it. Short words are left alone: « gaz »
 * and « gag », « feu » and « fer » are both words.
 */
const SAFETY_WORDS = [
  'odeur',
  'odeurs',
  'fumee',
  'fumees',
  'flamme',
  'flammes',
  'etincelle',
  'etincelles',
  'batterie',
  'batteries',
  'brule',
  'bruler',
  'brulant',
  'brulante',
  'incendie',
  'electrique',
  'electricite',
  'decharge',
  'decharges',
  'electrocute',
  'monoxyde',
  'detecteur',
  'chaudiere',
  'gaziniere',
  'bouteille',
  'gonfle',
  'gonflee',
  'multiprise',
  'plastique',
  'pourri',
  'pourris',
  'picote',
  'disjoncteur',
  'inondation',
  'baignoire',
  'thermostat',
  'pressostat',
  'securite',
];
const SAFETY_SET = new Set(SAFETY_WORDS);

/** Frequent misspellings whose error comes late in the word, which the edit step leaves alone (below). */
const TYPOS: Record<string, string> = {
  monoxide: 'monoxyde',
  monoxid: 'monoxyde',
  odeure: 'odeur',
  odeurr: 'odeur',
  etincele: 'etincelle',
  etinceles: 'etincelles',
  etinselle: 'etincelle',
  etinselles: 'etincelles',
  etinseles: 'etincelles',
  etinsele: 'etincelle',
  electrik: 'electrique',
  eletrique: 'electrique',
  elecrtique: 'electrique',
  bateri: 'batterie',
  batrie: 'batterie',
  fummee: 'fumee',
  fumme: 'fumee',
};

/**
 * A word one edit away from a safety word (two from nine letters on) is read as it — unless both
 * start with the same four letters: that is a form of the same word (« brûleur », « électrisée »,
 * « bouteilles »), which the rules' own patterns already cover, not a typo.
 */
function correct(word: string): string {
  const typo = TYPOS[word];
  if (typo) return typo;
  if (word.length < 5 || SAFETY_SET.has(word) || /\d/.test(word)) return word;
  const max = word.length >= 9 ? 2 : 1;
  for (const candidate of SAFETY_WORDS) {
    if (word.slice(0, 4) === candidate.slice(0, 4)) continue;
    if (editDistance(word, candidate, max) <= max) return candidate;
  }
  return word;
}

/**
 * Letters typed three times or more, brought back to what was meant: a vowel once (« puuue » →
 * « pue »), an e twice (« creee » → « cree »), another consonant twice (« psssss » → « pss »).
 */
const collapseRepeats = (word: string) =>
  word
    .replace(/e{3,}/g, 'ee')
    .replace(/([aiouy])\1{2,}/g, '$1')
    .replace(/([b-df-hj-np-tv-xz])\1{2,}/g, '$1$1');

/** The text as the assistant reads it (see the module's comment). */
export function normalizeFr(input: string): string {
  const folded = foldFr(input)
    // Apostrophes people leave out or space: « l eau », « d eau », « j ai ».
    .replace(/\b([cdjlmnst]) (?=[aeiouyh])/g, "$1'")
    // Emojis and other symbols say little and break words apart.
    .replace(/\p{Extended_Pictographic}|\u200d|\ufe0f/gu, ' ');
  const words = folded.split(/(\s+|[.,;:!?()"«»[\]{}/\\]+)/);
  return words
    .map((token) => {
      if (!/^[\p{L}\p{N}'-]+$/u.test(token)) return token;
      const word = collapseRepeats(token);
      const mapped = SMS[word] ?? SLANG[word];
      if (mapped) return mapped;
      return correct(word);
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}
