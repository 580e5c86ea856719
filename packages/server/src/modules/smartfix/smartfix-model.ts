/**
 * Smart-fix repairability model: probability that a device brought to a repair café is fixed or
 * repairable (ORDS "Fixed" / "Repairable") rather than "End of life", from its ORDS product
 * category (1..40), brand, age and problem text.
 *
 * L2-regularised logistic regression over sparse features. Training lives in smartfix-train.ts
 * (same `featurize`); bench/smartfix/README.md gives the data, figures and how to retrain.
 * Pure TypeScript: no native dependency, a prediction is a few dozen multiply-adds.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SmartfixInput {
  /** ORDS v0.3 product category id, 1..40 (anything else counts as unknown). */
  categoryId: number;
  brand: string;
  /** Age in years; null when unknown. */
  age: number | null;
  /** What is wrong, in any language (may be empty). */
  problem: string;
}

export interface SmartfixModel {
  version: number;
  /** predictProbability ≥ threshold reads as "repairable". */
  threshold: number;
  /** Number of hash buckets of the problem text is 2^hashBits. */
  hashBits: number;
  /** Normalised brands with their own weight (seen ≥ minBrandCount times in training), in feature order. */
  brands: string[];
  /** Weights of the features below TEXT offset, indexed by feature id (bias at 0). */
  dense: number[];
  /** Weights of the hashed problem-text vocabulary (buckets seen in ≥ minTextCount training texts): [bucket, weight]. */
  text: [number, number][];
  /** Whether F.EMPTY_TEXT ("no known word in the problem text") is a feature. */
  noTextFeature: boolean;
  /** Training facts kept for traceability (data, sizes, regularisation…). */
  meta?: Record<string, unknown>;
}

export const SMARTFIX_MODEL_VERSION = 1;
export const SMARTFIX_MODEL_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'model.json');

// ---------------------------------------------------------------------------------------------
// Feature layout (ids of the sparse vector returned by featurize)
// ---------------------------------------------------------------------------------------------

export const CATEGORY_COUNT = 40;
/** Age buckets; 0 is "unknown". Upper bounds (exclusive) in years for buckets 1..6, bucket 7 is 26+. */
export const AGE_BUCKETS = ['unknown', '0-1', '2-3', '4-6', '7-10', '11-15', '16-25', '26+'] as const;
const AGE_UPPER = [2, 4, 7, 11, 16, 26];

/** Category groups for the age × group interaction (ORDS ids). */
export const CATEGORY_GROUPS: Record<string, number[]> = {
  computing: [4, 10, 16, 19, 22, 25, 30, 38],
  audiovisual: [5, 6, 8, 11, 12, 13, 20, 23, 26, 33],
  kitchen: [14, 29, 31, 36, 37],
  household: [1, 7, 17, 21, 27, 28, 34, 40],
  personal: [9, 35, 39, 32],
  lighting_power_misc: [2, 3, 15, 18, 24],
};
const GROUP_NAMES = Object.keys(CATEGORY_GROUPS);
const GROUP_OF = new Map<number, number>();
GROUP_NAMES.forEach((name, g) => {
  for (const id of CATEGORY_GROUPS[name]) GROUP_OF.set(id, g);
});

const AGE_ID = CATEGORY_COUNT + 2;
const AGE_GROUP_ID = AGE_ID + AGE_BUCKETS.length;
const EMPTY_TEXT_ID = AGE_GROUP_ID + (AGE_BUCKETS.length - 1) * GROUP_NAMES.length;

/** Feature ids (the dense part; hashed text features follow at textOffset(model)). */
export const F = {
  BIAS: 0,
  /** + category id (1..40). */
  CATEGORY: 0,
  UNKNOWN_CATEGORY: CATEGORY_COUNT + 1,
  /** + age bucket (0..7). */
  AGE: AGE_ID,
  /** + (bucket − 1) × groups + group, for known ages. */
  AGE_GROUP: AGE_GROUP_ID,
  EMPTY_TEXT: EMPTY_TEXT_ID,
  UNKNOWN_BRAND: EMPTY_TEXT_ID + 1,
  RARE_BRAND: EMPTY_TEXT_ID + 2,
  /** + index in model.brands. */
  BRAND: EMPTY_TEXT_ID + 3,
};

/** Id of the first hashed text feature: everything below is in model.dense. */
export const textOffset = (model: Pick<SmartfixModel, 'brands'>) => F.BRAND + model.brands.length;

/** Human-readable name of a dense feature id (for reports). */
export function featureName(id: number, model: Pick<SmartfixModel, 'brands'>): string {
  if (id === F.BIAS) return 'bias';
  if (id <= CATEGORY_COUNT) return `category:${id}`;
  if (id === F.UNKNOWN_CATEGORY) return 'category:unknown';
  if (id < F.AGE_GROUP) return `age:${AGE_BUCKETS[id - F.AGE]}`;
  if (id < F.EMPTY_TEXT) {
    const k = id - F.AGE_GROUP;
    return `age:${AGE_BUCKETS[1 + Math.floor(k / GROUP_NAMES.length)]}×${GROUP_NAMES[k % GROUP_NAMES.length]}`;
  }
  if (id === F.EMPTY_TEXT) return 'problem:no-known-word';
  if (id === F.UNKNOWN_BRAND) return 'brand:unknown';
  if (id === F.RARE_BRAND) return 'brand:rare';
  if (id < textOffset(model)) return `brand:${model.brands[id - F.BRAND]}`;
  return `text#${id - textOffset(model)}`;
}

// ---------------------------------------------------------------------------------------------
// Normalisation
// ---------------------------------------------------------------------------------------------

const stripAccents = (s: string) => s.normalize('NFD').replace(/\p{M}+/gu, '');

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

/** Problem-text tokens: lowercase, accents stripped, runs of letters of ≥ 2 characters (any script). */
export function tokenize(text: string | null | undefined): string[] {
  const clean = stripAccents(String(text ?? '').toLowerCase()).replace(/\\[rnt]/g, ' ');
  return clean.match(/\p{L}{2,}/gu) ?? [];
}

export function ageBucket(age: number | null | undefined): number {
  if (age == null || !Number.isFinite(age) || age < 0 || age > 120) return 0;
  const i = AGE_UPPER.findIndex((upper) => age < upper);
  return i === -1 ? AGE_BUCKETS.length - 1 : i + 1;
}

/** 32-bit FNV-1a over the UTF-16 code units of s. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Hash buckets (0..2^bits-1) of the unigrams and bigrams of a problem text, without duplicates. */
export function textBuckets(problem: string, hashBits: number): number[] {
  const tokens = tokenize(problem);
  const mask = 2 ** hashBits - 1;
  const out = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    out.add(fnv1a(`u:${tokens[i]}`) & mask);
    if (i > 0) out.add(fnv1a(`b:${tokens[i - 1]} ${tokens[i]}`) & mask);
  }
  return [...out];
}

// ---------------------------------------------------------------------------------------------
// Features and prediction
// ---------------------------------------------------------------------------------------------

interface Compiled {
  brandIndex: Map<string, number>;
  /** Text weights by bucket; its keys are the text vocabulary (buckets seen often enough in training). */
  textWeights: Map<number, number>;
}
const compiledModels = new WeakMap<object, Compiled>();

/** Lookup tables of a model, built once per model object. */
function compile(model: Pick<SmartfixModel, 'brands' | 'text'>): Compiled {
  let c = compiledModels.get(model);
  if (!c) {
    c = { brandIndex: new Map(model.brands.map((b, i) => [b, i])), textWeights: new Map(model.text) };
    compiledModels.set(model, c);
  }
  return c;
}

/**
 * Sparse feature vector (feature id → value) of an input; shared by training and inference.
 *
 * Only the text buckets of the model's vocabulary (the keys of `model.text`) count: words never
 * seen in training (most words of a French text: the data hold almost none) add nothing instead of shifting the score.
 * Each known bucket gets 1/√n (n = known unigram and bigram buckets) so long texts do not dominate.
 * With `noTextFeature`, a text without any known word sets F.EMPTY_TEXT.
 */
export function featurize(input: SmartfixInput, model: Pick<SmartfixModel, 'brands' | 'hashBits' | 'text' | 'noTextFeature'>): Map<number, number> {
  const { brandIndex, textWeights } = compile(model);
  const x = new Map<number, number>([[F.BIAS, 1]]);
  const category = Number(input.categoryId);
  const known = Number.isInteger(category) && category >= 1 && category <= CATEGORY_COUNT;
  x.set(known ? F.CATEGORY + category : F.UNKNOWN_CATEGORY, 1);

  const bucket = ageBucket(input.age);
  x.set(F.AGE + bucket, 1);
  const group = known ? GROUP_OF.get(category) : undefined;
  if (bucket > 0 && group !== undefined) x.set(F.AGE_GROUP + (bucket - 1) * GROUP_NAMES.length + group, 1);

  const brand = normalizeBrand(input.brand);
  const index = brandIndex.get(brand);
  x.set(brand === '' ? F.UNKNOWN_BRAND : index === undefined ? F.RARE_BRAND : F.BRAND + index, 1);

  const buckets = textBuckets(input.problem, model.hashBits).filter((b) => textWeights.has(b));
  if (buckets.length === 0) {
    if (model.noTextFeature) x.set(F.EMPTY_TEXT, 1);
  } else {
    const offset = textOffset(model);
    const value = 1 / Math.sqrt(buckets.length);
    for (const b of buckets) x.set(offset + b, value);
  }
  return x;
}

export const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** Probability (0..1) that the device is fixed or repairable. */
export function predictProbability(model: SmartfixModel, input: SmartfixInput): number {
  const { textWeights } = compile(model);
  const offset = textOffset(model);
  let z = 0;
  for (const [id, value] of featurize(input, model)) z += (id < offset ? model.dense[id] : textWeights.get(id - offset)!) * value;
  return sigmoid(z);
}

/** Reads a model.json (default: the committed one beside this file). */
export function loadSmartfixModel(file: string = SMARTFIX_MODEL_FILE): SmartfixModel {
  const model = JSON.parse(readFileSync(file, 'utf8')) as SmartfixModel;
  if (model.version !== SMARTFIX_MODEL_VERSION) throw new Error(`smartfix model ${file}: version ${model.version}, expected ${SMARTFIX_MODEL_VERSION}`);
  if (model.dense.length !== textOffset(model)) throw new Error(`smartfix model ${file}: ${model.dense.length} dense weights for ${textOffset(model)} features`);
  compile(model);
  return model;
}
