/**
 * Smart-fix repairability model: probability that a device brought to a repair café is
 * fixed or repairable (ORDS "Fixed" / "Repairable") rather than "End of life", from what a user can
 * tell before any repair: the ORDS category (1..40), a finer kind (SMARTFIX_KINDS), the brand, the
 * age and the symptoms found in the description.
 *
 * The estimate starts from the average repair rate of the kind (or category) in the records, the
 * figure the result shows beside it, and moves in log-odds by what the user told: age, brand and
 * symptoms, each weighed against « not said » by a logistic regression (`weights`, fitted with the
 * category and kind so that they are compared within them), times a `slope` fitted on later records
 * than the ones the weights learnt from (Platt scaling without intercept: with nothing told, the
 * estimate is the average). Only the symptom words below count in a description:
 * the repairers' words of the records (« needs », « testing », « safety check », « replaced »…) are
 * no feature, so they cannot move an estimate. Training: packages/server/training/smartfix-train.ts; figures:
 * bench/smartfix/README.md.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withEnglishGloss } from './french-gloss.ts';

export interface SmartfixInput {
  /** ORDS v0.3 product category id, 1..40 (anything else counts as unknown). */
  categoryId: number;
  /** A SMARTFIX_KINDS id, or null. */
  kind: string | null;
  brand: string;
  /** Age in years; null when unknown. */
  age: number | null;
  /** What is wrong, as the owner says it (French is glossed into English first). */
  problem: string;
}

export interface RateEntry {
  /** Share of records repaired (Fixed / Repairable); for a kind, shrunk towards its category's rate. */
  rate: number;
  records: number;
}

export interface SmartfixModel {
  version: number;
  /** repair_probability ≥ threshold reads as « Réparable : Oui ». */
  threshold: number;
  /** Log-odds weight of the age, brand and symptom features (see `features`); a feature absent here weighs 0. */
  weights: Record<string, number>;
  /** p = σ(logit(average) + slope · Σ (weight − weight of « not said »)). */
  slope: number;
  /** Average repair rate over all the records, of each category ("1".."40") and of each kind. */
  rates: { overall: RateEntry; categories: Record<string, RateEntry>; kinds: Record<string, RateEntry> };
  meta?: Record<string, unknown>;
}

export const SMARTFIX_MODEL_VERSION = 3;
export const SMARTFIX_MODEL_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'model.json');

export const CATEGORY_COUNT = 40;
/** Age buckets; 0 is "unknown". Upper bounds (exclusive) in years for buckets 1..6, bucket 7 is 26+. */
export const AGE_BUCKETS = ['inconnu', '0–1 an', '2–3 ans', '4–6 ans', '7–10 ans', '11–15 ans', '16–25 ans', '26 ans et plus'] as const;
const AGE_UPPER = [2, 4, 7, 11, 16, 26];

/**
 * Symptoms a user writes, matched on the folded text (lowercase, no accents) in English and Dutch,
 * the languages of the records' descriptions; a French description reaches them through
 * french-gloss.ts. `label` is what the result shows among the factors.
 */
export const SYMPTOMS: { id: string; label: string; pattern: RegExp }[] = [
  {
    id: 'no-power',
    label: 'ne s’allume plus',
    pattern:
      /\b(not|n'?t|no|never|wont|dont|doesnt|wouldnt)\s+(turn|switch|power|start|work|come on|go)|no power|stopped working|\bdead\b|werkt niet|doet het niet|doet niets|doet niks|start niet|gaat niet aan|geen stroom|not working|no life/,
  },
  {
    id: 'intermittent',
    label: 'marche par intermittence',
    pattern:
      /intermitten|on and off|sometimes|now and then|af en toe|\bsoms\b|cuts? (out|off)|turns? (itself )?off|switch(es)? (itself )?off|shuts? (down|off)|valt uit|slaat af/,
  },
  { id: 'noise', label: 'fait du bruit', pattern: /\bnois|rattl|grind|squeal|squeak|buzz|humming|lawaai|herrie|bromt|ratel|knarst|piept/ },
  { id: 'sound', label: 'problème de son', pattern: /no sound|no audio|\bsound|\baudio|speaker|volume|geen geluid|\bgeluid/ },
  { id: 'leak', label: 'fuit', pattern: /\bleak|\bdrip|\blekt|\blekk|\blek\b/ },
  {
    id: 'not-heating',
    label: 'ne chauffe plus',
    pattern: /(not|n'?t|no|wont)\s+(heat|get(ting)? (hot|warm))|no heat|warmt niet|wordt niet warm|geen warmte/,
  },
  { id: 'not-cooling', label: 'ne refroidit plus', pattern: /(not|n'?t|no)\s+(cool|cold|freez)|koelt niet|niet koud|vriest niet/ },
  {
    id: 'burning',
    label: 'odeur de brûlé, fumée ou étincelles',
    pattern: /\bburn|smok|smell|spark|overheat|\bfire\b|flame|\bmelt|too hot|brandlucht|\brook\b|stinkt|vonk/,
  },
  { id: 'cable', label: 'câble ou prise', pattern: /\bcable|\bcord\b|\bflex\b|\bwire|\blead\b|\bplug|\bsnoer|\bkabel|stekker|\bdraad/ },
  { id: 'fuse', label: 'fait disjoncter', pattern: /\bfuse|zekering|\btrips?\b|tripping|breaker|aardlek/ },
  {
    id: 'button',
    label: 'bouton ou interrupteur',
    pattern: /\bbutton|\bknob|\bknop|schakelaar|\btoets|\bdial\b|(on.?off|power) switch|switch (is )?(broken|faulty|stuck|loose)/,
  },
  { id: 'battery', label: 'batterie', pattern: /\bbatter|\baccu\b/ },
  { id: 'charging', label: 'ne charge plus', pattern: /\bcharg|\bopladen|\bladen\b|laadt/ },
  { id: 'screen', label: 'écran', pattern: /\bscreen|\bdisplay|\blcd\b|\bscherm|\bbeeld/ },
  {
    id: 'broken',
    label: 'cassé ou fissuré',
    pattern: /\bbroken|\bbroke\b|\bcrack|snapped|shatter|smashed|\bkapot|gebroken|\bstuk\b|gebarsten/,
  },
  { id: 'dropped', label: 'tombé', pattern: /\bdropped|\bfell\b|fallen|gevallen/ },
  {
    id: 'stuck',
    label: 'bloqué ou ne tourne plus',
    pattern:
      /(not|n'?t|no)\s+(spin|rotat|turn(ing)?\b(?! on))|\bstuck|\bjam|seized|blocked|\bklemt|zit vast|\bvast\b|geblokkeerd|draait niet/,
  },
  { id: 'motor', label: 'moteur', pattern: /\bmotor/ },
  { id: 'water', label: 'eau ou liquide', pattern: /\bwater|\bwet\b|\bspill|\bliquid|\bvocht|\bnat\b/ },
  { id: 'door', label: 'porte, couvercle ou poignée', pattern: /\bdoor|\blid\b|\bhandle|\bhinge|\blatch|\bdeur|deksel|handvat|scharnier/ },
  { id: 'light', label: 'ampoule ou lumière', pattern: /\bbulb|\blight|\bled\b|\blicht/ },
  { id: 'software', label: 'logiciel ou lenteur', pattern: /software|\bupdate|\bboot|password|\bvirus|\bslow\b|opstarten|\btraag/ },
  { id: 'suction', label: 'n’aspire plus', pattern: /suction|\bsuck|\bzuig/ },
  { id: 'belt', label: 'courroie', pattern: /\bbelt\b|\briem\b|\bsnaar/ },
  { id: 'blade', label: 'lame', pattern: /\bblade|\bknife|\bmes\b/ },
  { id: 'pump', label: 'pompe ou vidange', pattern: /\bpump|\bpomp|\bdrain/ },
  { id: 'loose', label: 'pièce desserrée', pattern: /\bloose|\bwobbl|\bloszit|\blos\b/ },
];

// ---------------------------------------------------------------------------------------------
// Normalisation
// ---------------------------------------------------------------------------------------------

const stripAccents = (s: string) => s.normalize('NFD').replace(/\p{M}+/gu, '');
/** Lowercase, accents stripped, curly apostrophes made straight, escaped newlines made spaces. */
export const foldText = (s: string | null | undefined) =>
  stripAccents(String(s ?? '').toLowerCase())
    .replace(/[’‘`]/g, "'")
    .replace(/\\[rnt]/g, ' ');

/** Brand spellings that mean "no brand given" (en, da, nl, de, fr) after normalisation. */
const UNKNOWN_BRANDS = new Set([
  '',
  'unknown',
  'unkown',
  'unknow',
  'unk',
  'notknown',
  'dontknow',
  'idontknow',
  'notsure',
  'nomake',
  'ukendt',
  'ukent',
  'vedikke',
  'ikkeoplyst',
  'onbekend',
  'geen',
  'unbekannt',
  'inconnu',
  'inconnue',
  'other',
  'others',
  'andet',
  'anden',
  'andre',
  'overig',
  'overige',
  'anders',
  'sonstige',
  'autre',
  'autres',
  'na',
  'nvt',
  'none',
  'nobrand',
  'noname',
  'nomark',
  'generic',
  'generique',
  'unbranded',
  'ingen',
  'ingenmaerke',
  'sansmarque',
  'aucune',
  'aucun',
  'diverse',
  'div',
  'various',
  'x',
  'xx',
  'xxx',
  'xxxx',
  'nn',
]);
/** Spelling variants seen in the data → one key. */
const BRAND_ALIASES: Record<string, string> = {
  phillips: 'philips',
  phillip: 'philips',
  bangolufsen: 'bo',
  bangandolufsen: 'bo',
  bosh: 'bosch',
  cannon: 'canon',
  canonpixma: 'canon',
  delongi: 'delonghi',
  elektrolux: 'electrolux',
  husquana: 'husqvarna',
  husquarna: 'husqvarna',
  nielfisk: 'nilfisk',
  melita: 'melitta',
  obhnordica: 'obh',
  obhnordic: 'obh',
  kenwoodchef: 'kenwood',
  lenova: 'lenovo',
  iphone: 'apple',
  hewlettpackard: 'hp',
  blackanddecker: 'blackdecker',
  russelhobbs: 'russellhobbs',
};

/** Brand key: lowercase, accents and everything but letters/digits removed, unknown spellings → ''. */
export function normalizeBrand(brand: string | null | undefined): string {
  const key = stripAccents(String(brand ?? '').toLowerCase()).replace(/[^\p{L}\p{N}]+/gu, '');
  if (UNKNOWN_BRANDS.has(key) || /^[?\-_.]*$/.test(key)) return '';
  return BRAND_ALIASES[key] ?? key;
}

export function ageBucket(age: number | null | undefined): number {
  if (age == null || !Number.isFinite(age) || age < 0 || age > 120) return 0;
  const i = AGE_UPPER.findIndex((upper) => age < upper);
  return i === -1 ? AGE_BUCKETS.length - 1 : i + 1;
}

/**
 * Ids of the symptoms a description mentions. A user's French is glossed first; the records'
 * English and Dutch are not (`gloss` false in training: French stems such as « porte » hide in
 * English words).
 */
export function symptomsOf(problem: string | null | undefined, gloss = true): string[] {
  const raw = String(problem ?? '');
  const text = foldText(gloss ? withEnglishGloss(raw) : raw);
  if (!/\p{L}/u.test(text)) return [];
  return SYMPTOMS.filter((s) => s.pattern.test(text)).map((s) => s.id);
}

// ---------------------------------------------------------------------------------------------
// Features and prediction
// ---------------------------------------------------------------------------------------------

export const BRAND_UNKNOWN = 'brand:?';
export const BRAND_RARE = 'brand:*';

/**
 * Named features of an input, shared by training and inference: bias, category, kind, age bucket,
 * brand (a brand without its own weight is « rare »), each symptom. `knownBrand` says whether a
 * brand has its own weight (in training: seen often enough).
 */
export function features(input: SmartfixInput, knownBrand: (brand: string) => boolean, symptoms = symptomsOf(input.problem)): string[] {
  const category = Number(input.categoryId);
  const known = Number.isInteger(category) && category >= 1 && category <= CATEGORY_COUNT;
  const out = ['bias', known ? `cat:${category}` : 'cat:?', `age:${ageBucket(input.age)}`];
  if (input.kind) out.push(`kind:${input.kind}`);
  const brand = normalizeBrand(input.brand);
  out.push(brand === '' ? BRAND_UNKNOWN : knownBrand(brand) ? `brand:${brand}` : BRAND_RARE);
  for (const s of symptoms) out.push(`sym:${s}`);
  return out;
}

export const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

const knownBrandOf = (model: Pick<SmartfixModel, 'weights'>) => (brand: string) => `brand:${brand}` in model.weights;
const logit = (p: number) => {
  const q = Math.min(1 - 1e-4, Math.max(1e-4, p));
  return Math.log(q / (1 - q));
};

/** The average the estimate starts from: the kind's, else the category's, else all records'. */
export function averageOf(model: Pick<SmartfixModel, 'rates'>, input: Pick<SmartfixInput, 'categoryId' | 'kind'>): RateEntry {
  return (
    (input.kind ? model.rates.kinds[input.kind] : undefined) ?? model.rates.categories[String(input.categoryId)] ?? model.rates.overall
  );
}

/** What « not said » weighs for a feature: unknown age, unknown brand, no symptom (weight 0). */
const referenceOf = (key: string) => (key.startsWith('age:') ? 'age:0' : key.startsWith('brand:') ? BRAND_UNKNOWN : null);

/**
 * The told features (age, brand, symptoms) and how far each moves the log-odds from « not said »,
 * before the slope. Bias, category and kind are carried by the average.
 */
export function deviations(weights: Record<string, number>, input: SmartfixInput, symptoms?: string[]): { key: string; delta: number }[] {
  const out: { key: string; delta: number }[] = [];
  for (const key of features(input, knownBrandOf({ weights }), symptoms)) {
    if (!(key.startsWith('age:') || key.startsWith('brand:') || key.startsWith('sym:'))) continue;
    const reference = referenceOf(key);
    if (key === reference) continue;
    out.push({ key, delta: (weights[key] ?? 0) - (reference ? (weights[reference] ?? 0) : 0) });
  }
  return out;
}

/** Calibrated probability (0..1) that the device is fixed or repairable. */
export function predictProbability(model: SmartfixModel, input: SmartfixInput): number {
  return explain(model, input).probability;
}

export interface Explained {
  probability: number;
  /** The average the estimate started from. */
  average: RateEntry;
  /** What moved the estimate, largest first: the probability with minus without that information (in points). */
  factors: { kind: 'age' | 'brand' | 'symptom'; id: string; points: number }[];
}

/**
 * The estimate and the contribution of each thing the user told: for the age, the brand and each
 * symptom, the probability with it minus the one with that field left empty, in percentage points.
 */
export function explain(model: SmartfixModel, input: SmartfixInput): Explained {
  const average = averageOf(model, input);
  const moves = deviations(model.weights, input);
  const start = logit(average.rate);
  const total = moves.reduce((s, m) => s + m.delta, 0);
  const probability = sigmoid(start + model.slope * total);
  const factors = moves
    .map(({ key, delta }) => ({
      kind: key.startsWith('age:') ? ('age' as const) : key.startsWith('brand:') ? ('brand' as const) : ('symptom' as const),
      id: key.startsWith('sym:') ? key.slice(4) : key,
      points: 100 * (probability - sigmoid(start + model.slope * (total - delta))),
    }))
    .sort((a, b) => Math.abs(b.points) - Math.abs(a.points));
  return { probability, average, factors };
}

/** Reads a model.json (default: the committed one beside this file). */
export function loadSmartfixModel(file: string = SMARTFIX_MODEL_FILE): SmartfixModel {
  const model = JSON.parse(readFileSync(file, 'utf8')) as SmartfixModel;
  if (model.version !== SMARTFIX_MODEL_VERSION)
    throw new Error(`smartfix model ${file}: version ${model.version}, expected ${SMARTFIX_MODEL_VERSION}`);
  if (!model.weights || typeof model.slope !== 'number' || !model.rates?.overall)
    throw new Error(`smartfix model ${file}: weights, slope or rates missing`);
  return model;
}
