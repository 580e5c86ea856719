import { PRODUCT_SYNONYMS } from './product-synonyms.ts';

/** Lower case without accents: "Réfrigérateur" and "refrigerateur" match. */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The form every text is compared in: folded, hyphens, apostrophes and punctuation as single spaces. */
export function normalizeForSearch(s: string): string {
  // Plain ASCII (most brands and models) skips the Unicode work: the same result, several times faster.
  if (/^[\x20-\x7e]*$/.test(s))
    return s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return fold(s)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Optimal string alignment distance (Levenshtein with adjacent transpositions: « bsoch » is one
 * step from « bosch »), stopped early once it exceeds `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * How many letters of `q` appear nowhere in `word`, counted up to `max + 1`: each needs an edit of
 * its own, so more than `max` rules the word out before any alignment (speed: most of a large
 * inventory's words, its model numbers, share no letter with the query).
 */
function absentLetters(q: string, word: string, max: number): number {
  let absent = 0;
  for (let i = 0; i < q.length && absent <= max; i++) if (!word.includes(q[i]!)) absent++;
  return absent;
}

/** Typos allowed in a word of the query: none under 4 letters, one up to 6, two beyond. */
const allowedTypos = (word: string) => (word.length < 4 ? 0 : word.length <= 6 ? 1 : 2);

/** The query as typed, and the catalogue's words for what it names (« frigo » → « refrigerateur »). */
function expand(query: string): { text: string; bonus: number }[] {
  const out = [{ text: query, bonus: 0 }];
  for (const [key, values] of Object.entries(PRODUCT_SYNONYMS)) {
    // The whole query, its start (« machine a laver bosch »), or a query on its way to the key (« machine a la »).
    const whole = query === key || query.startsWith(`${key} `);
    const typing = query.length >= 4 && key.startsWith(query) && key.includes(' ');
    if (!whole && !typing) continue;
    const rest = query.startsWith(`${key} `) ? query.slice(key.length) : '';
    // What the synonym names comes before what merely starts like the query (« télé » → téléviseur,
    // then téléphone); a key typed whole before one still being typed.
    for (const v of values) out.push({ text: `${v}${rest}`, bonus: whole ? 6 : 5 });
  }
  return out;
}

type Key<T> = (keyof T & string) | ((item: T) => string | null | undefined);

interface Indexed<T> {
  item: T;
  order: number;
  /** Each key's text, normalized, in the keys' order. */
  fields: string[];
  /** Every word of every field, by its number in the index's vocabulary. */
  words: Uint32Array;
}

/** Whether `word` is the query word `q` with a typo or two, whole (« bsoch ») or being typed (« refigera »). */
function isNear(q: string, word: string, max: number): boolean {
  return (
    absentLetters(q, word, max) <= max &&
    (editDistance(q, word, max) <= max || (word.length > q.length && editDistance(q, word.slice(0, q.length), max) <= max))
  );
}

/**
 * The words of the index a query word matches, as one flag per word of the vocabulary, each
 * computed once per query (speed: a household's words repeat, brands, rooms and types, so a
 * search over thousands of appliances compares each distinct word once, then reads flags).
 */
function wordMatcher(vocabulary: readonly string[]) {
  const prefixes = new Map<string, Uint8Array>();
  const typos = new Map<string, Uint8Array>();
  const flags = (memo: Map<string, Uint8Array>, q: string, test: (word: string) => boolean) => {
    let f = memo.get(q);
    if (!f) {
      f = new Uint8Array(vocabulary.length);
      for (let i = 0; i < vocabulary.length; i++) if (test(vocabulary[i]!)) f[i] = 1;
      memo.set(q, f);
    }
    return f;
  };
  const prefix = (q: string) => flags(prefixes, q, (w) => w.startsWith(q));
  return {
    prefix,
    typo(q: string) {
      const max = allowedTypos(q);
      return max === 0 ? prefix(q) : flags(typos, q, (w) => isNear(q, w, max));
    },
  };
}

const hasAny = (words: Uint32Array, flags: Uint8Array) => {
  for (let i = 0; i < words.length; i++) if (flags[words[i]!] === 1) return true;
  return false;
};

/**
 * How well an item answers a query, lower is better (null: it does not): 0 a field is the query,
 * 1 a field starts with it, 2 each query word starts a word of the item, 3 each query word is
 * that with a typo or two. The key's rank breaks ties, so a match on the name beats one on a note.
 */
function score<T>(
  entry: Indexed<T>,
  query: string,
  queryWords: readonly string[],
  fuzzy: boolean,
  match: ReturnType<typeof wordMatcher>,
): number | null {
  let best: number | null = null;
  entry.fields.forEach((field, k) => {
    if (!field) return;
    const s = field === query ? 0 : field.startsWith(query) ? 1 : null;
    if (s !== null && (best === null || s * 10 + k < best)) best = s * 10 + k;
  });
  if (best !== null) return best;
  if (queryWords.every((q) => hasAny(entry.words, match.prefix(q)))) return 20;
  if (!fuzzy) return null;
  return queryWords.every((q) => hasAny(entry.words, match.typo(q))) ? 30 : null;
}

/**
 * One French search for every list of the app, so each finds alike: accents and case ignored,
 * hyphens and spaces alike, the shared synonyms (frigo, machine à laver, télé…), small typos, and
 * the obvious match first. Typos are only tried when nothing matches as typed, so « lave » gives
 * the lave-linge and the lave-vaisselle, not the « cave à vin ». An empty query gives every item.
 */
export function createSearch<T>(items: readonly T[], keys: readonly Key<T>[]) {
  const vocabulary: string[] = [];
  const numbers = new Map<string, number>();
  const numberOf = (word: string) => {
    let n = numbers.get(word);
    if (n === undefined) numbers.set(word, (n = vocabulary.push(word) - 1));
    return n;
  };
  const index: Indexed<T>[] = items.map((item, order) => {
    const fields = keys.map((key) => normalizeForSearch(String((typeof key === 'function' ? key(item) : item[key]) ?? '')));
    return {
      item,
      order,
      fields,
      words: Uint32Array.from(
        fields.flatMap((f) => (f ? f.split(' ') : [])),
        numberOf,
      ),
    };
  });
  return (raw: string): T[] => {
    const query = normalizeForSearch(raw);
    if (!query) return [...items];
    const variants = expand(query).map((v) => ({ ...v, words: v.text.split(' ') }));
    const match = wordMatcher(vocabulary);
    const rank = (fuzzy: boolean) => {
      const found: { entry: Indexed<T>; s: number }[] = [];
      for (const entry of index) {
        let best: number | null = null;
        for (const v of variants) {
          const s = score(entry, v.text, v.words, fuzzy, match);
          const adjusted = s === null ? null : s - v.bonus;
          if (adjusted !== null && (best === null || adjusted < best)) best = adjusted;
        }
        if (best !== null) found.push({ entry, s: best });
      }
      return found;
    };
    let found = rank(false);
    if (found.length === 0) found = rank(true);
    return found.sort((a, b) => a.s - b.s || a.entry.order - b.entry.order).map((f) => f.entry.item);
  };
}
