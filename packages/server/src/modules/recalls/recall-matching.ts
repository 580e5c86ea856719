/**
 * Which recall sheets concern which appliances (decision 019): pure functions, no I/O.
 *
 * A sheet concerns an appliance when they have the same brand and one reference the sheet lists is
 * the appliance's model, or when a GTIN of the sheet is the appliance's. Brands and references are
 * compared normalised (lower case, no accents, letters and digits only), so « Série 6 WGG-244.09 FF »
 * and « serie 6 wgg24409ff » are the same; a reference one character away, or a prefix of the model,
 * is another product and never matches.
 */

/** What the matcher reads of a sheet (recall_sheets). */
export interface SheetForMatching {
  id: string;
  /** marque_produit, possibly several brands (« bosch / siemens »). */
  brand: string;
  /** modeles_ou_references as published: references separated by , ; / | ¤ or new lines. */
  models: string;
  gtins: readonly string[];
}

/** What the matcher reads of an appliance. `gtin` once the appliances table holds one. */
export interface ApplianceForMatching {
  id: number;
  marque: string | null;
  modele: string | null;
  gtin?: string | null;
}

export interface RecallMatch {
  applianceId: number;
  sheetId: string;
}

/** Between references of a list: « WGG24409FF / WGG244A9FF ; WGG24409FG ». */
const LIST_SEPARATORS = /[,;|¤/\n\r]+/;
/** Between the words of one reference: « Série 6 WGG24409FF ». */
const WORD_SEPARATORS = /[\s,;|¤/]+/;
/** A power, a capacity, a size: « 2000W », « 9kg », « 220V » name many products of a brand, not one. */
const QUANTITY = /^\d+(w|kw|v|a|mah|wh|kwh|l|cl|ml|cm|mm|m|kg|g|hz|p|pouces)$/;
/** Shorter normalised references (« 01 » of « WGG24409FF/01 ») identify nothing. */
const MIN_REFERENCE = 3;

/** Lower case, accents stripped, letters and digits only: « Série 6 WGG-244.09/FF » → « serie6wgg24409ff ». */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** A GTIN (EAN-8, UPC-12, EAN-13, GTIN-14) on 14 digits, or null for anything else. */
export function normaliseGtin(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{8,14}$/.test(digits) ? digits.padStart(14, '0') : null;
}

/**
 * A word that names one product: letters and digits, at least 6 of them (WGG24409FF, SN23HI60AE,
 * BY540D10), not a quantity. Shorter ones are series (« iQ300 », « V11 ») shared by many models.
 */
const isReferenceWord = (word: string) => word.length >= 6 && /[a-z]/.test(word) && /\d/.test(word) && !QUANTITY.test(word);

/**
 * The keys under which a model or a listed reference is compared: the whole of it, normalised, and
 * each of its words that names a product, so that the appliance « Série 6 WGG24409FF » and the
 * sheet's « WGG24409FF » (or « lave-linge WGG24409FF ») meet on « wgg24409ff ».
 */
export function referenceKeys(text: string): string[] {
  const keys = new Set<string>();
  for (const piece of text.split(LIST_SEPARATORS)) {
    const whole = normalise(piece);
    if (whole.length >= MIN_REFERENCE) keys.add(whole);
    for (const word of piece.split(WORD_SEPARATORS)) {
      const w = normalise(word);
      if (isReferenceWord(w)) keys.add(w);
    }
  }
  const all = normalise(text);
  if (all.length >= MIN_REFERENCE) keys.add(all);
  return [...keys];
}

/** The brands a sheet names, normalised (« Bosch / Siemens » names two). */
export function brandKeys(brand: string): string[] {
  return [
    ...new Set(
      brand
        .split(LIST_SEPARATORS)
        .map(normalise)
        .filter((b) => b.length > 0),
    ),
  ];
}

/**
 * The sheets indexed by brand, then by reference key, and by GTIN: an appliance is looked up by its
 * own few keys, whatever the number of sheets (10,000 appliances × 1,000 sheets: bench/recall-matching.ts).
 */
export class RecallIndex {
  private readonly byBrand = new Map<string, Map<string, Set<string>>>();
  private readonly byGtin = new Map<string, Set<string>>();

  constructor(sheets: Iterable<SheetForMatching>) {
    for (const sheet of sheets) {
      const references = referenceKeys(sheet.models);
      for (const brand of brandKeys(sheet.brand)) {
        let keys = this.byBrand.get(brand);
        if (!keys) this.byBrand.set(brand, (keys = new Map()));
        for (const key of references) add(keys, key, sheet.id);
      }
      for (const gtin of sheet.gtins) {
        const g = normaliseGtin(gtin);
        if (g) add(this.byGtin, g, sheet.id);
      }
    }
  }

  /** The ids of the sheets that concern this appliance. */
  sheetsFor(appliance: ApplianceForMatching): string[] {
    const found = new Set<string>();
    const gtin = appliance.gtin ? normaliseGtin(appliance.gtin) : null;
    if (gtin) for (const id of this.byGtin.get(gtin) ?? []) found.add(id);
    const keys = appliance.marque && appliance.modele ? this.byBrand.get(normalise(appliance.marque)) : undefined;
    if (keys && appliance.modele) {
      for (const key of referenceKeys(appliance.modele)) for (const id of keys.get(key) ?? []) found.add(id);
    }
    return [...found];
  }
}

function add(map: Map<string, Set<string>>, key: string, id: string): void {
  const ids = map.get(key);
  if (ids) ids.add(id);
  else map.set(key, new Set([id]));
}

/** Every (appliance, sheet) pair where the sheet concerns the appliance. */
export function matchRecalls(sheets: Iterable<SheetForMatching>, appliances: Iterable<ApplianceForMatching>): RecallMatch[] {
  const index = new RecallIndex(sheets);
  const matches: RecallMatch[] = [];
  for (const appliance of appliances)
    for (const sheetId of index.sheetsFor(appliance)) matches.push({ applianceId: appliance.id, sheetId });
  return matches;
}
