/**
 * Smart-fix repairability model (issue 17): probability that a device brought to a repair café is
 * fixed or repairable (ORDS "Fixed" / "Repairable") rather than "End of life", from what a user can
 * tell before any repair: the ORDS category (1..40), a finer kind (SMARTFIX_KINDS), the brand, the
 * age and the symptoms found in the description.
 *
 * A logistic regression over named features (`weights`), then Platt scaling (`platt`) fitted on
 * later records than the ones it learnt from. Only the symptom words below count in a description:
 * the repairers' words of the records (« needs », « testing », « safety check », « replaced »…) are
 * no feature, so they cannot move an estimate. Training: smartfix-train.ts; figures:
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
  /** Log-odds weight of each named feature (see `features`); a feature absent here weighs 0. */
  weights: Record<string, number>;
  /** p = σ(a·z + b), z the sum of the weights. */
  platt: { a: number; b: number };
  /** Average repair rate of each category ("1".."40") and kind, over all the records. */
  rates: { categories: Record<string, RateEntry>; kinds: Record<string, RateEntry> };
  meta?: Record<string, unknown>;
}

export const SMARTFIX_MODEL_VERSION = 2;
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
  { id: 'no-power', label: 'ne s’allume plus', pattern: /\b(not|n'?t|no|never|wont|dont|doesnt|wouldnt)\s+(turn|switch|power|start|work|come on|go)|no power|stopped working|\bdead\b|werkt niet|doet het niet|doet niets|doet niks|start niet|gaat niet aan|geen stroom|not working|no life/ },
  { id: 'intermittent', label: 'marche par intermittence', pattern: /intermitten|on and off|sometimes|now and then|af en toe|\bsoms\b|cuts? (out|off)|turns? (itself )?off|switch(es)? (itself )?off|shuts? (down|off)|valt uit|slaat af/ },
  { id: 'noise', label: 'fait du bruit', pattern: /\bnois|rattl|grind|squeal|squeak|buzz|humming|lawaai|herrie|bromt|ratel|knarst|piept/ },
  { id: 'sound', label: 'problème de son', pattern: /no sound|no audio|\bsound|\baudio|speaker|volume|geen geluid|\bgeluid/ },
  { id: 'leak', label: 'fuit', pattern: /\bleak|\bdrip|\blekt|\blekk|\blek\b/ },
  { id: 'not-heating', label: 'ne chauffe plus', pattern: /(not|n'?t|no|wont)\s+(heat|get(ting)? (hot|warm))|no heat|warmt niet|wordt niet warm|geen warmte/ },
  { id: 'not-cooling', label: 'ne refroidit plus', pattern: /(not|n'?t|no)\s+(cool|cold|freez)|koelt niet|niet koud|vriest niet/ },
  { id: 'burning', label: 'odeur de brûlé, fumée ou étincelles', pattern: /\bburn|smok|smell|spark|overheat|\bfire\b|flame|\bmelt|too hot|brandlucht|\brook\b|stinkt|vonk/ },
  { id: 'cable', label: 'câble ou prise', pattern: /\bcable|\bcord\b|\bflex\b|\bwire|\blead\b|\bplug|\bsnoer|\bkabel|stekker|\bdraad/ },
  { id: 'fuse', label: 'fait disjoncter', pattern: /\bfuse|zekering|\btrips?\b|tripping|breaker|aardlek/ },
  { id: 'button', label: 'bouton ou interrupteur', pattern: /\bbutton|\bknob|\bknop|schakelaar|\btoets|\bdial\b|(on.?off|power) switch|switch (is )?(broken|faulty|stuck|loose)/ },
  { id: 'battery', label: 'batterie', pattern: /\bbatter|\baccu\b/ },
  { id: 'charging', label: 'ne charge plus', pattern: /\bcharg|\bopladen|\bladen\b|laadt/ },
  { id: 'screen', label: 'écran', pattern: /\bscreen|\bdisplay|\blcd\b|\bscherm|\bbeeld/ },
  { id: 'broken', label: 'cassé ou fissuré', pattern: /\bbroken|\bbroke\b|\bcrack|snapped|shatter|smashed|\bkapot|gebroken|\bstuk\b|gebarsten/ },
  { id: 'dropped', label: 'tombé', pattern: /\bdropped|\bfell\b|fallen|gevallen/ },
  { id: 'stuck', label: 'bloqué ou ne tourne plus', pattern: /(not|n'?t|no)\s+(spin|rotat|turn(ing)?\b(?! on))|\bstuck|\bjam|seized|blocked|\bklemt|zit vast|\bvast\b|geblokkeerd|draait niet/ },
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
export const foldText = (s: string | null | undefined) => stripAccents(String(s ?? '').toLowerCase()).replace(/[’‘`]/g, "'").replace(/\\[rnt]/g, ' ');

/** Brand spellings that mean "no brand given" (en, da, nl, de, fr) after normalisation. */
const UNKNOWN_BRANDS = new Set([
  '', 'unknown', 'unkown', 'unknow', 'unk', 'notknown', 'dontknow', 'idontknow', 'notsure', 'nomake', 'ukendt', 'ukent',
  'vedikke', 'ikkeoplyst', 'onbekend', 'geen', 'unbekannt', 'inconnu', 'inconnue', 'other', 'others', 'andet', 'anden',
  'andre', 'overig', 'overige', 'anders', 'sonstige', 'autre', 'autres', 'na', 'nvt', 'none', 'nobrand', 'noname',
  'nomark', 'generic', 'generique', 'unbranded', 'ingen', 'ingenmaerke', 'sansmarque', 'aucune', 'aucun', 'diverse',
  'div', 'various', 'x', 'xx', 'xxx', 'xxxx', 'nn',
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

const knownBrandOf = (model: SmartfixModel) => (brand: string) => `brand:${brand}` in model.weights;
const weightOf = (model: SmartfixModel, key: string) => model.weights[key] ?? 0;
const calibrated = (model: SmartfixModel, z: number) => sigmoid(model.platt.a * z + model.platt.b);

/** Calibrated probability (0..1) that the device is fixed or repairable. */
export function predictProbability(model: SmartfixModel, input: SmartfixInput): number {
  return calibrated(model, features(input, knownBrandOf(model)).reduce((z, f) => z + weightOf(model, f), 0));
}

export interface Explained {
  probability: number;
  /** What moved the estimate, largest first: the probability with minus without that information (in points). */
  factors: { kind: 'age' | 'brand' | 'symptom'; id: string; points: number }[];
}

/**
 * The estimate and the contribution of each thing the user told: for the age, the brand and each
 * symptom, the calibrated probability with it minus the one with that field left empty (age and
 * brand unknown, symptom absent), in percentage points.
 */
export function explain(model: SmartfixModel, input: SmartfixInput): Explained {
  const keys = features(input, knownBrandOf(model));
  const z = keys.reduce((s, f) => s + weightOf(model, f), 0);
  const probability = calibrated(model, z);
  const without = (key: string, reference: string | null) => probability - calibrated(model, z - weightOf(model, key) + (reference ? weightOf(model, reference) : 0));
  const factors: Explained['factors'] = [];
  for (const key of keys) {
    if (key.startsWith('age:') && key !== 'age:0') factors.push({ kind: 'age', id: key, points: 100 * without(key, 'age:0') });
    else if (key.startsWith('brand:') && key !== BRAND_UNKNOWN) factors.push({ kind: 'brand', id: key, points: 100 * without(key, BRAND_UNKNOWN) });
    else if (key.startsWith('sym:')) factors.push({ kind: 'symptom', id: key.slice(4), points: 100 * without(key, null) });
  }
  factors.sort((a, b) => Math.abs(b.points) - Math.abs(a.points));
  return { probability, factors };
}

/** Reads a model.json (default: the committed one beside this file). */
export function loadSmartfixModel(file: string = SMARTFIX_MODEL_FILE): SmartfixModel {
  const model = JSON.parse(readFileSync(file, 'utf8')) as SmartfixModel;
  if (model.version !== SMARTFIX_MODEL_VERSION) throw new Error(`smartfix model ${file}: version ${model.version}, expected ${SMARTFIX_MODEL_VERSION}`);
  if (typeof model.weights?.bias !== 'number' || !model.platt || !model.rates) throw new Error(`smartfix model ${file}: weights, platt or rates missing`);
  return model;
}
