/**
 * Finds the brand and the model in the OCR text of an appliance rating plate (« plaque signalétique »).
 *
 * Pure function, no OCR: plate-reader.ts runs tesseract and hands the text over.
 *
 * Brand: word-boundary match of the names and aliases of BRANDS on normalised tokens (no accents, upper case,
 * punctuation as separator, "DE'LONGHI" = "DE LONGHI" = "DELONGHI"), tolerant to the OCR confusions 0/O, 1/I/l,
 * 5/S, |/I, $/S and, for names of 5 letters or more, to one wrong, missing or extra character. Exact matches
 * beat tolerant ones, then the first on the plate wins (the brand is usually printed on top; the maker —
 * "Whirlpool EMEA", "Electrolux Appliances" — at the bottom).
 *
 * Model: first a labelled value (Model, Modèle, Mod., Type, Typ, Réf., E-Nr, PNC, Art.-Nr, Product No,
 * Série/Series…, best label first), else the most model-like token (letters and digits, 5–20 characters)
 * that is not a voltage/frequency/power, a date, a barcode, a standard or a serial number (S/N, SN, Serial,
 * N° de série, FD).
 *
 * Hint (free text typed by the user, e.g. "lave-linge Bosch WAT28449FF"): a brand named in it wins; a
 * model-like token of it wins when it appears (fuzzily) in the plate text.
 */
import { BRANDS } from './brands.ts';

export interface PlateFields {
  marque: string | null;
  modele: string | null;
}

// ————————————————————————————————————————————————————————— text helpers

/** Accents off, typographic variants to ASCII (keeps the case). */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ºª˚]/g, '°')
    .replace(/[‐‑‒–—−]/g, '-')
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”«»]/g, '"')
    .replace(/\u00a0/g, ' ');
}

/** Letters/digits words of a text, upper case; every other character separates words. */
function words(text: string): string[] {
  return (
    fold(text)
      .toUpperCase()
      .match(/[A-Z0-9|$]+/g) ?? []
  );
}

/** Collapses the characters OCR confuses: 0→O, 1/L/|→I, 5/$→S. Applied to both sides of a comparison. */
function skeleton(word: string): string {
  return word.replace(/0/g, 'O').replace(/[1L|]/g, 'I').replace(/[5$]/g, 'S');
}

/** Levenshtein distance, stopped early once above `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

// ————————————————————————————————————————————————————————— brands

interface BrandForm {
  brand: string;
  /** Upper-case words of the spelling. */
  words: string[];
  /** Same words, OCR-confusion skeleton. */
  skel: string[];
  /** Number of letters/digits. */
  length: number;
}

/** Common plate words one character away from a brand name: never a tolerant brand match. */
const NOT_A_BRAND = new Set([
  'BRAND',
  'BRANDS',
  'MARQUE',
  'MODEL',
  'MODELE',
  'MODELS',
  'SERIAL',
  'SERIE',
  'SERIES',
  'POWER',
  'INPUT',
  'OUTPUT',
  'MADE',
  'CHINA',
  'FRANCE',
  'ITALY',
  'CLASS',
  'CLASSE',
  'LISTE',
  'LISTS',
  'TOTAL',
  'VOLTS',
  'WATTS',
  'NUMBER',
  'PRODUCT',
  'SERVICE',
  'COLOR',
  'COLOUR',
  'APPLY',
  'BRAIN',
  'HAIR',
  'DRYER',
  'THERMO',
  'SENSOR',
  'SENSORS',
  'GARDEN',
  'STILL',
  'CANNON',
  'MARCHER',
  'SHAPE',
  'SINGLE',
  'LICENSE',
  'PHASE',
  'FREON',
  'MOTOR',
  'WATER',
  'STEAM',
  'STEEL',
  'CABLE',
  'PLUGS',
  'FUSES',
  'BATTERY',
  'CHARGE',
  'CHARGER',
  'DESIGN',
  'SWEDEN',
  'BRAUNE',
  'NEUTRAL',
  'HEATER',
  'HEATING',
  'COOLING',
  'CAPACITY',
  'PRESSURE',
  'INDUSTRIES',
  'LIMITED',
  'CANADA',
  'JAPAN',
  'KOREA',
  'TURKEY',
  'POLAND',
  'SPAIN',
  'MEXICO',
  'AUSTRIA',
]);

const BRAND_FORMS: BrandForm[] = (() => {
  const forms: BrandForm[] = [];
  const seen = new Set<string>();
  for (const { name, aliases } of BRANDS) {
    for (const spelling of [name, ...aliases]) {
      const w = words(spelling);
      if (w.length === 0) continue;
      const variants = w.length > 1 ? [w, [w.join('')]] : [w];
      for (const v of variants) {
        const key = `${name}|${v.join(' ')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        forms.push({ brand: name, words: v, skel: v.map(skeleton), length: v.join('').length });
      }
    }
  }
  return forms;
})();

/** Every spelling word of every brand, to stop a model value before a brand name. */
const BRAND_WORDS = new Set(BRAND_FORMS.flatMap((f) => f.words));

interface BrandHit {
  brand: string;
  /** 0 exact, 1 OCR-confusion equal, 2 one error. */
  level: number;
  position: number;
  length: number;
  /** Named as the maker or distributor ("par Groupe SEB", "by Whirlpool"), not as the brand of the product. */
  maker: boolean;
}

/** Words before a brand name that make it the maker's name rather than the product's brand. */
const MAKER_WORDS = new Set([
  'PAR',
  'BY',
  'GROUPE',
  'GROUP',
  'MANUFACTURED',
  'FABRIQUE',
  'DISTRIBUE',
  'DISTRIBUTED',
  'IMPORTED',
  'IMPORTE',
  'LICENCE',
  'LICENSE',
]);

function brandHits(text: string): BrandHit[] {
  const tokens = words(text);
  const skels = tokens.map(skeleton);
  const hits: BrandHit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (const form of BRAND_FORMS) {
      const k = form.words.length;
      if (i + k > tokens.length) continue;
      const window = tokens.slice(i, i + k);
      let level: number;
      if (window.every((t, j) => t === form.words[j])) {
        level = 0;
      } else if (form.length <= 3) {
        continue; // LG, HP, SEB, AEG…: exact only.
      } else if (skels.slice(i, i + k).every((s, j) => s === form.skel[j])) {
        level = 1;
      } else if (
        form.length >= 5 &&
        window.every((t, j) => t.length >= Math.min(4, form.words[j].length) && !NOT_A_BRAND.has(t)) &&
        editDistance(skels.slice(i, i + k).join(' '), form.skel.join(' '), 1) <= 1
      ) {
        level = 2;
      } else {
        continue;
      }
      // "1.5 HP", "12 LG": a short name right after a number is a unit, not a brand.
      if (form.length <= 3 && i > 0 && /^\d+$/.test(tokens[i - 1])) continue;
      hits.push({ brand: form.brand, level, position: i, length: form.length, maker: i > 0 && MAKER_WORDS.has(tokens[i - 1]) });
    }
  }
  return hits;
}

function bestBrand(hits: BrandHit[]): string | null {
  if (hits.length === 0) return null;
  const sorted = [...hits].sort(
    (a, b) =>
      Number(a.level === 2) - Number(b.level === 2) ||
      Number(a.maker) - Number(b.maker) ||
      a.position - b.position ||
      b.length - a.length ||
      a.level - b.level,
  );
  return sorted[0].brand;
}

/** The brand named in a text (canonical name from BRANDS), or null. */
export function findBrand(text: string): string | null {
  return bestBrand(brandHits(text));
}

// ————————————————————————————————————————————————————————— model

/** 1 = model, 2 = type/reference, 3 = series, 4 = product/article number, 0 = serial number (excluded). */
type LabelKind = 0 | 1 | 2 | 3 | 4;

const SERIAL_LABEL = String.raw`S\s?\/\s?N[O°]?|SN|SER(?:IAL)?\.?\s*(?:NO|NR|N°|NUMBER|NUM)\.?|SERIAL|SERIE\s*(?:N°|NO|NR|NUM(?:ERO)?)\.?|N°\s*(?:DE\s*)?SERIE|NUMERO\s*DE\s*SERIE|SERIEN-?(?:NR|NUMMER)\.?|FD`;
const MODEL_LABEL = String.raw`MODEL(?:E)?[\s.]*(?:NO|NR|N°|NUMBER|NUM|#|CODE|NAME)\.?|MODELE|MODEL|MOD\.?`;
const TYPE_LABEL = String.raw`TYPE|TYP\.?|REF(?:ERENCE)?\.?(?:\s*(?:NO|N°)\.?)?|E\s?-?\s?NR\.?`;
const SERIES_LABEL = String.raw`SERIES|SERIE`;
const PRODUCT_LABEL = String.raw`PNC|ART(?:ICLE)?\.?[\s-]*(?:NR|NO|N°)\.?|PROD(?:UCT)?\.?[\s-]*(?:NO|NR|N°|NUMBER)\.?`;

const LABEL_RE = new RegExp(
  String.raw`(?<![A-Z0-9])(?:(?<serial>${SERIAL_LABEL})|(?<model>${MODEL_LABEL})|(?<type>${TYPE_LABEL})|(?<series>${SERIES_LABEL})|(?<product>${PRODUCT_LABEL}))(?![A-Z0-9])`,
  'gi',
);

interface Label {
  kind: LabelKind;
  start: number;
  end: number;
}

function labelsOf(line: string): Label[] {
  const labels: Label[] = [];
  for (const m of line.matchAll(LABEL_RE)) {
    const g = m.groups ?? {};
    const kind: LabelKind = g.serial ? 0 : g.model ? 1 : g.type ? 2 : g.series ? 3 : 4;
    const start = m.index ?? 0;
    const label = { kind, start, end: start + m[0].length };
    // "Mod./Model:", "Typ/Type", "Prod.No./PNC": labels joined by separators form one label, the best kind.
    const prev = labels.at(-1);
    if (prev && prev.kind !== 0 && kind !== 0 && /^[\s:=#.\-|/]*$/.test(line.slice(prev.end, start))) {
      prev.end = label.end;
      prev.kind = Math.min(prev.kind, kind) as LabelKind;
      continue;
    }
    labels.push(label);
  }
  return labels;
}

/** Words that end a multi-word model value. */
const STOP_WORDS = new Set([
  'CE',
  'UKCA',
  'EAC',
  'UL',
  'ETL',
  'GS',
  'VDE',
  'NF',
  'TUV',
  'ROHS',
  'WEEE',
  'V',
  'W',
  'HZ',
  'A',
  'KW',
  'AC',
  'DC',
  'NO',
  'NR',
  'SN',
  'FD',
  'PNC',
  'TYPE',
  'TYP',
  'MOD',
  'MODEL',
  'REF',
  'SER',
  'SERIAL',
  'ART',
  'PROD',
  'MADE',
  'IN',
  'BY',
  'FOR',
  'DE',
  'DU',
  'LA',
  'LE',
  'ET',
  'AND',
  'THE',
  'OF',
  'CLASS',
  'CLASSE',
  'I',
  'II',
  'X',
  'IP',
  'MAX',
  'MIN',
  'KG',
  'L',
  'BAR',
  'MPA',
  'IPX4',
  'R600A',
  'R290',
  'R134A',
]);

const UNIT_RE =
  /^[~±]?\d+(?:[.,]\d+)?(?:[-/~]\d+(?:[.,]\d+)?)*(?:V|VAC|VDC|V~|HZ|W|KW|WH|KWH|A|MA|MAH|AH|L|KG|G|BAR|MPA|KPA|PA|°C|°|C|DB|DBA|DB\(A\)|RPM|TR\/MIN|MIN|H|CM|MM|M|M3|NM|LM|K|MBAR|KVA|VA|L\/MIN|L\/H|W\/M2|MIN-1)~?$/;
const DATE_RE = /^(?:\d{1,4}[./-]\d{1,2}(?:[./-]\d{1,4})?|\d{1,2}\/\d{4})$/;
const STANDARD_RE = /^(?:EN|IEC|NF|DIN|ISO|UL|CSA|CEI|VDE)[-\s]?\d/;
const REFRIGERANT_RE = /^R-?\d{2,3}[A-Z]?$/;
const IP_RE = /^IP[X0-9]{2}[A-Z]?$/;

/** Removes the punctuation around a word, keeps the inner one (WAT28449FF/01, LB-123/45, ECAM22.110.B). */
function trimPunct(word: string): string {
  return word.replace(/^[^A-Za-z0-9]+/, '').replace(/[^A-Za-z0-9]+$/, '');
}

function isCodeWord(word: string): boolean {
  return /^[A-Z0-9](?:[A-Z0-9./\-+]*[A-Z0-9])?$/i.test(word);
}

function isNotAModel(upper: string): boolean {
  return (
    UNIT_RE.test(upper) ||
    DATE_RE.test(upper) ||
    STANDARD_RE.test(upper) ||
    REFRIGERANT_RE.test(upper) ||
    IP_RE.test(upper) ||
    /^\d{13}$/.test(upper) || // EAN-13 barcode
    /^\d{8}$/.test(upper) // EAN-8 barcode
  );
}

/**
 * The value after a label: the first code word, joined with the words that obviously continue it
 * ("FFB 8448 BV FR", "G 7100 SC", "914 550 123 00"). Null when the first word is not a plausible model.
 */
function labelledValue(region: string, kind: LabelKind): string | null {
  const parts = region.split(/\s+/).map(trimPunct).filter(Boolean);
  if (parts.length === 0) return null;
  const first = parts[0];
  if (!isCodeWord(first)) return null;
  const firstUpper = first.toUpperCase();
  if (STOP_WORDS.has(firstUpper) || isNotAModel(firstUpper)) return null;

  const value = [firstUpper];
  for (const part of parts.slice(1)) {
    const upper = part.toUpperCase();
    const current = value.join(' ');
    if (current.length + 1 + upper.length > 25) break;
    // A word with lower-case letters and no digit is plate text ("Made", "Hz", "Active"), not a code.
    if (!isCodeWord(part) || (/[a-z]/.test(part) && !/\d/.test(part))) break;
    if (STOP_WORDS.has(upper) || BRAND_WORDS.has(upper) || isNotAModel(upper)) break;
    const currentIsPrefix = value.length === 1 && /^[A-Z]{1,5}(?:\/[A-Z]{1,3})?$/.test(current);
    const digitsGroup = /^[\d ]+$/.test(current) && /^\d+$/.test(upper);
    // Suffix of a code written in parts: "FFB 8448 BV FR", "G 7100 SC", or a short code with digits
    // ("W7 W845WB"). A lone code followed by letters ("43UG6300 TV") keeps its word alone.
    const suffix =
      /\d/.test(current) &&
      /[A-Z]/.test(upper) &&
      ((value.length >= 2 && /^[A-Z]{1,3}$/.test(upper)) || (/\d/.test(upper) && upper.length <= 8));
    if ((currentIsPrefix && /^\d/.test(upper)) || digitsGroup || suffix) {
      value.push(upper);
    } else {
      break;
    }
  }
  const joined = value.join(' ');
  if (!/\d/.test(joined)) return null; // "Type: Lave-linge", "Type de gaz"…
  if (joined.replace(/\W/g, '').length < 3) return null;
  if (kind !== 4 && /^[\d ]+$/.test(joined) && joined.replace(/ /g, '').length > 12) return null;
  return joined;
}

interface ModelScan {
  labelled: { kind: LabelKind; value: string; order: number }[];
  serialWords: Set<string>;
}

function scanLabels(lines: string[]): ModelScan {
  const labelled: ModelScan['labelled'] = [];
  const serialWords = new Set<string>();
  let order = 0;
  lines.forEach((line, li) => {
    const labels = labelsOf(line);
    labels.forEach((label, i) => {
      const regionEnd = labels[i + 1]?.start ?? line.length;
      let region = line.slice(label.end, regionEnd).replace(/^[\s:=#.\-|/]+/, '');
      // Label alone on its line: the value is on the next one.
      if (region.trim() === '' && i === labels.length - 1) {
        const next = lines.slice(li + 1).find((l) => l.trim() !== '');
        if (next !== undefined && !labelsOf(next).some((l) => l.start === next.search(/\S/))) region = next;
      }
      if (label.kind === 0) {
        for (const w of region.split(/\s+/).map(trimPunct).filter(Boolean)) serialWords.add(w.toUpperCase());
        return;
      }
      const value = labelledValue(region, label.kind);
      if (value) labelled.push({ kind: label.kind, value, order: order++ });
    });
  });
  return { labelled, serialWords };
}

/** How much a word looks like a model reference (higher is better); null when it cannot be one. */
function modelScore(word: string): number | null {
  const upper = word.toUpperCase();
  if (upper.length < 5 || upper.length > 20) return null;
  if (!isCodeWord(upper) || !/[A-Z]/.test(upper) || !/\d/.test(upper)) return null;
  if (isNotAModel(upper)) return null;
  if (/^(?:WWW\.|HTTP)|\.(?:COM|FR|DE|NET|EU)$|@/.test(upper)) return null;
  const digits = upper.replace(/\D/g, '').length;
  let score = 0;
  if (/^[A-Z]{1,5}[-\s]?\d/.test(upper)) score += 3; // WAT2…, EW6…, LB-1…
  if (/\d[A-Z]/.test(upper)) score += 2; // letters after digits: …FF, …DAW
  if (upper.length >= 7 && upper.length <= 14) score += 1;
  if (/^\d/.test(upper)) score -= 1;
  if (digits > 10) score -= 2; // serial-number-like
  if (word !== upper) score -= 2; // lower case letters: a word rather than a code
  return score;
}

function fallbackModel(lines: string[], serialWords: Set<string>): string | null {
  let best: { value: string; score: number } | null = null;
  for (const line of lines) {
    for (const raw of line.split(/\s+/)) {
      const word = trimPunct(raw);
      if (!word || serialWords.has(word.toUpperCase())) continue;
      const score = modelScore(word);
      if (score === null) continue;
      if (!best || score > best.score) best = { value: word.toUpperCase(), score };
    }
  }
  return best?.value ?? null;
}

/** Model-like words of the hint (letters and digits, at least 4 characters). */
function hintModels(hint: string): string[] {
  return fold(hint)
    .split(/\s+/)
    .map(trimPunct)
    .map((w) => w.toUpperCase())
    .filter((w) => w.length >= 4 && w.length <= 25 && isCodeWord(w) && /[A-Z]/.test(w) && /\d/.test(w) && !isNotAModel(w));
}

/** Whether `model` appears in the text, tolerating OCR confusions, a suffix (/01) and a few wrong characters. */
function appearsIn(model: string, lines: string[]): boolean {
  const target = skeleton(model.replace(/[^A-Z0-9]/g, ''));
  const max = target.length >= 10 ? 2 : 1;
  for (const line of lines) {
    const parts = line
      .split(/\s+/)
      .map(trimPunct)
      .filter(Boolean)
      .map((w) => skeleton(w.toUpperCase().replace(/[^A-Z0-9]/g, '')));
    for (let i = 0; i < parts.length; i++) {
      // Single words and up to three words joined ("WAT 28449 FF").
      let joined = '';
      for (let k = i; k < Math.min(parts.length, i + 3); k++) {
        joined += parts[k];
        if (joined === target) return true;
        if (target.length >= 5 && joined.startsWith(target)) return true;
        if (editDistance(joined, target, max) <= max) return true;
        if (target.length >= 5 && joined.length > target.length && editDistance(joined.slice(0, target.length), target, max) <= max)
          return true;
      }
    }
  }
  return false;
}

/** Upper case, punctuation trimmed at both ends, single spaces. */
function normaliseModel(value: string): string | null {
  const v = trimPunct(value.toUpperCase().replace(/\s+/g, ' ').trim());
  return v === '' ? null : v;
}

export function findModel(text: string, hint?: string): string | null {
  const lines = fold(text).split(/\r?\n/);

  if (hint) {
    for (const candidate of hintModels(hint)) {
      if (appearsIn(candidate, lines)) return normaliseModel(candidate);
    }
  }

  const { labelled, serialWords } = scanLabels(lines);
  if (labelled.length > 0) {
    const best = [...labelled].sort((a, b) => a.kind - b.kind || a.order - b.order)[0];
    return normaliseModel(best.value);
  }
  const fallback = fallbackModel(lines, serialWords);
  return fallback ? normaliseModel(fallback) : null;
}

/** Brand and model of a rating plate from its OCR text; `hint` is what the user typed, if anything. */
export function parsePlate(text: string, hint?: string): PlateFields {
  // What the plate says wins: the hint only names a brand the plate does not show.
  const marque = findBrand(text) ?? (hint ? findBrand(hint) : null);
  return { marque, modele: findModel(text, hint) };
}
