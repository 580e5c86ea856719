import { stemmer } from '@orama/stemmers/french';
import MiniSearch, { type SearchResult } from 'minisearch';
import type { FaultEntry } from './knowledge-base.ts';
import { kindsOf } from './device-kinds.ts';
import { MAKERS, PART_DEVICES, PRODUCT_ALIASES } from './product-aliases.ts';
import { SYNONYMS } from './synonyms.ts';

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

// Words that say nothing about a fault. Negations ("ne … plus") are dropped too: every entry has them.
const STOP_WORDS = new Set(
  (
    'a ai as au aux avec c ca ce ceci cela ces cet cette chez d dans de des du elle elles en est et etre fait faire il ils ' +
    'j je l la le les leur lui m ma mais me mes moi mon n ne ni nos notre nous on ou par pas pendant plus pour qu que quel ' +
    'quelle qui quoi s sa sans se ses si son sont sur t ta te tes toi ton tous tout tres tu un une vos votre vous y ' +
    'depuis encore alors aussi bien comme donc meme peu peut trop jai ya quand pourquoi comment quoi svp merci bonjour aide ' +
    'mien mienne avoir ete etait sommes etes suis es ont avait ' +
    'presque quasi quasiment juste vraiment completement totalement beaucoup assez souvent parfois soudain soudainement hier aujourd hui ' +
    'normal normale est-ce possible savoir sais ' +
    // Durations and times of day say when, not what: « depuis 10 minutes », « le soir ».
    'min mn minute minutes heure heures seconde secondes jour jours semaine semaines mois an ans annee annees fois avant apres maintenant matin soir'
  ).split(' '),
);

/** Folded, stemmed term, or null for a stop word. Stemming runs on the accented word (Snowball French). */
export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  const folded = fold(lower);
  if (folded.length < 2 || STOP_WORDS.has(folded)) return null;
  // A quantity (« 10 », « 2h », « 40min », « 90° ») is not a symptom; error codes (E24, F05) and models stay whole.
  if (/^\d{1,2}(h|mn|min|s|j|ans?|°|%)?$/.test(folded)) return null;
  if (/\d/.test(folded)) return folded;
  return fold(stemmer(lower));
}

/** Same stem, or one typo apart for stems of 6 letters or more ("vaisel" for "vaissel", not "claqu" for "plaqu"). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 6 || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

const tokenize = (s: string) => s.split(/[\s\p{P}\p{S}]+/u).filter(Boolean);
const terms = (s: string) => tokenize(s).map(processTerm).filter((t): t is string => t !== null);

/** Words one letter away from a device's name that are words of their own, not typos: « le portail électrique » is no « portable ». */
const REAL_WORDS_NEAR_DEVICES = new Set(['portail', 'portier', 'portabl'].map((w) => processTerm(w)!));

/** The words of makers of many kinds of devices, as typed (folded, not stemmed: « Haier » stems as « haie »): not describing words (`MAKERS`). */
const MAKER_WORDS = new Set(MAKERS.flatMap((m) => tokenize(fold(m))));

const COMPARED_ARTICLE = new Set(['un', 'une', 'le', 'la', 'les', 'des', 'du', 'l', 'd']);

/** Below this, an entry matched only through typo tolerance is noise ("xylophone" ≈ "quantité"). */
const FUZZY_ONLY_MIN_SCORE = 15;

interface Doc {
  id: string;
  entry: string;
  text: string;
  keywords: string;
  products: string;
}

export interface Match {
  entry: FaultEntry;
  score: number;
  /** Share (0..1) of the describing words of the question that this entry matched. */
  coverage: number;
}

/** What a search found, with what the abstention rules need to know (issue 13). */
export interface Search {
  /** Faults of the allowed kinds of device, best first. */
  matches: Match[];
  /** Kinds of device the answer may be about (null: any, when no device is known). */
  allowed: Set<string> | null;
  /** The text names only devices outside the allowed kinds. */
  otherDevice: boolean;
  /**
   * The text names another device than the allowed ones, and the best sheet of all, were every device
   * a candidate, is that device's and far better than the allowed ones (« mon frigo fait un bruit » in a
   * chat about the oven): the question is about the other device (issue 13: « the best fault is for
   * another kind of device »).
   */
  aboutOtherDevice: boolean;
}

/**
 * Finds the faults a French description is about. Each symptom phrasing is its own document (a
 * short query matches one phrasing, not the sum of all), and an entry scores as its best phrasing
 * plus a share of the others. The device given by the chat, or else named in the text, bounds the candidates.
 */
export class FaultIndex {
  private readonly miniSearch: MiniSearch<Doc>;
  private readonly byId = new Map<string, FaultEntry>();
  /** Number of entries whose words contain each term (for the weight of a word in `coverage`). */
  private readonly entryFrequency = new Map<string, number>();
  /** A question's word as typed (folded, not stemmed: « ramasse » and « rame » share a stem) → the sheet words it adds (`synonyms.ts`). */
  private readonly expansions = new Map<string, string[]>();
  /** Every term of what each entry is about (title, symptoms, keywords, causes), for `mentions`. */
  private readonly entryTerms = new Map<string, Set<string>>();
  /** Alias phrases (as processed term sequences) → product slugs, longest first. */
  private readonly aliases: { terms: string[]; slugs: Set<string> }[] = [];
  /** Each alias as typed (folded words, stop words out): a name typed as itself is taken before one found by its stem. */
  private readonly typedAliases: { words: string[]; slugs: Set<string> }[] = [];
  /** Part phrases (processed term sequences) → the product slugs they belong to (`PART_DEVICES`). */
  private readonly parts: { terms: string[]; slugs: string[] }[] = [];

  constructor(
    entries: FaultEntry[],
    private readonly productNames: Map<string, string>,
  ) {
    const phrases = new Map<string, Set<string>>();
    const typedNames = new Map<string, Set<string>>();
    for (const [slug, names] of Object.entries(PRODUCT_ALIASES)) {
      // Each name also as typed without accents: Snowball stems « cafetière » and « cafetiere » apart.
      for (const name of [...names, productNames.get(slug) ?? slug].flatMap((n) => [n, fold(n)])) {
        const key = terms(name).join(' ');
        if (!key) continue;
        const typedKey = tokenize(fold(name))
          .filter((w) => processTerm(w) !== null)
          .join(' ');
        if (!typedNames.has(typedKey)) typedNames.set(typedKey, new Set());
        typedNames.get(typedKey)!.add(slug);
        if (!phrases.has(key)) phrases.set(key, new Set());
        phrases.get(key)!.add(slug);
      }
    }
    for (const [key, slugs] of phrases) this.aliases.push({ terms: key.split(' '), slugs });
    for (const [part, slugs] of Object.entries(PART_DEVICES)) {
      const key = terms(part);
      if (key.length) this.parts.push({ terms: key, slugs });
    }
    for (const [said, sheetWords] of SYNONYMS) {
      for (const word of said) {
        const w = fold(word);
        this.expansions.set(w, [...new Set([...(this.expansions.get(w) ?? []), ...sheetWords])]);
      }
    }

    this.miniSearch = new MiniSearch<Doc>({
      fields: ['text', 'keywords', 'products'],
      storeFields: ['entry'],
      tokenize,
      processTerm,
      searchOptions: {
        boost: { text: 2, keywords: 1.2, products: 0.6 },
        fuzzy: (term) => (term.length >= 5 ? 0.2 : term.length === 4 ? 0.25 : false),
        prefix: (term) => term.length >= 4,
        combineWith: 'OR',
      },
    });
    const docs: Doc[] = [];
    for (const entry of entries) {
      this.byId.set(entry.id, entry);
      const products = entry.products.flatMap((p) => [productNames.get(p) ?? p, ...(PRODUCT_ALIASES[p] ?? [])]).join(' ');
      const keywords = entry.keywords.join(' ');
      [entry.title, ...entry.symptoms].forEach((text, i) => docs.push({ id: `${entry.id}#${i}`, entry: entry.id, text, keywords, products }));
      docs.push({ id: `${entry.id}#causes`, entry: entry.id, text: entry.causes.join(' '), keywords, products });
    }
    this.miniSearch.addAll(docs);
    for (const entry of entries) {
      this.entryTerms.set(entry.id, new Set(terms([entry.title, ...entry.symptoms, ...entry.keywords, ...entry.causes].join(' '))));
      for (const t of new Set(terms([entry.title, ...entry.symptoms, ...entry.keywords, ...entry.causes].join(' ')))) {
        this.entryFrequency.set(t, (this.entryFrequency.get(t) ?? 0) + 1);
      }
    }
    // Longest names first; among names as long, those the sheets never use as words (« aspi », « frigo ») before
    // those they do (« aspirateur » stems as « aspire »), so a name said twice does not take a describing word.
    const sheetWords = (a: { terms: string[] }) => a.terms.filter((t) => this.entryFrequency.has(t)).length;
    this.aliases.sort((a, b) => b.terms.length - a.terms.length || sheetWords(a) - sheetWords(b));
    for (const [key, slugs] of typedNames) if (key) this.typedAliases.push({ words: key.split(' '), slugs });
    this.typedAliases.sort((a, b) => b.words.length - a.words.length);
  }

  /** The display name of a product slug ("Lave-linge"). */
  productName(slug: string | null): string | null {
    return slug ? (this.productNames.get(slug) ?? null) : null;
  }

  get size(): number {
    return this.byId.size;
  }

  /** Product slugs the text names ("mon frigo", "ma PS5"), longest phrase first, and the words left. */
  detectProducts(text: string): { slugs: Set<string>; rest: string[]; makers: Set<string> } {
    const raw = tokenize(text);
    const folded = raw.map(fold);
    const typed = raw.flatMap((w, i) => {
      const term = processTerm(w);
      // « souffle comme un aspirateur » compares, it does not name the device.
      const compared = folded[i - 1] === 'comme' || (folded[i - 2] === 'comme' && COMPARED_ARTICLE.has(folded[i - 1]!));
      return term === null ? [] : [{ term, raw: folded[i]!, maker: MAKER_WORDS.has(folded[i]!), compared }];
    });
    const words = typed.map((w) => w.term);
    const used = new Set<number>();
    const named: Set<string>[] = [];
    // First the names typed as themselves (« mon aspi »), longest first, so that a describing word
    // that shares a name's stem (« n'aspire ») is not taken for the device.
    for (const alias of this.typedAliases) {
      for (let i = 0; i + alias.words.length <= typed.length; i++) {
        const span = alias.words.map((_, k) => i + k);
        if (span.some((k) => used.has(k)) || typed[i]!.compared || !alias.words.every((w, k) => typed[i + k]!.raw === w)) continue;
        span.forEach((k) => used.add(k));
        named.push(alias.slugs);
        break;
      }
    }
    for (const alias of this.aliases) {
      // A device named once is named: « mon aspi n'aspire plus » keeps « aspire », a word the sheets use, as a
      // describing word; a name that narrows one already said (« séchoir » then « Babyliss ») still counts.
      const narrows = !named.some((set) => [...set].every((s) => alias.slugs.has(s)));
      if (!narrows && alias.terms.every((t) => this.entryFrequency.has(t))) continue;
      for (let i = 0; i + alias.terms.length <= words.length; i++) {
        const span = alias.terms.map((_, k) => i + k);
        const fits = (w: string, t: string) => w === t || (!this.entryFrequency.has(w) && !REAL_WORDS_NEAR_DEVICES.has(w) && sameWord(w, t));
        if (span.some((k) => used.has(k)) || typed[i]!.compared || !alias.terms.every((t, k) => fits(words[i + k]!, t))) continue;
        span.forEach((k) => used.add(k));
        named.push(alias.slugs);
        // Once per text: "l'aspirateur n'aspire plus" names the device once, then describes it.
        break;
      }
    }
    // Each name's devices, except those of a broader name that a narrower one says more precisely.
    const narrowest = named.filter((set) => !named.some((other) => other.size < set.size && [...other].every((s) => set.has(s))));
    const slugs = new Set(narrowest.flatMap((set) => [...set]));
    const rest = typed.filter((_, i) => !used.has(i));
    return { slugs, rest: rest.map((w) => w.term), makers: new Set(rest.filter((w) => w.maker).map((w) => w.term)) };
  }

  /** Product slugs the parts a text mentions belong to (« le foret » → the drill), without consuming the words. */
  impliedProducts(words: string[]): Set<string> {
    const slugs = new Set<string>();
    for (const part of this.parts) {
      for (let i = 0; i + part.terms.length <= words.length; i++) {
        if (part.terms.every((t, k) => words[i + k] === t)) {
          part.slugs.forEach((s) => slugs.add(s));
          break;
        }
      }
    }
    return slugs;
  }

  /** The product slug of a name the client sends (the reference product name, a slug or an alias). */
  resolveProduct(name: string | null | undefined): string | null {
    if (!name) return null;
    const folded = fold(name.trim());
    for (const [slug, prodName] of this.productNames) if (fold(prodName) === folded || slug === folded) return slug;
    const detected = [...this.detectProducts(name).slugs];
    return detected.length === 1 ? detected[0]! : null;
  }

  /** Faults for a description, best first (see `search`). */
  find(query: string, options: { product?: string | null; limit?: number } = {}): Match[] {
    return this.search(query, options).matches;
  }

  /**
   * Faults for a description, best first. Nothing when no word of the description beyond the device's
   * name matched (a device name alone is not a diagnosis). The device is a hard constraint (issue 13):
   * the chat's device, else the devices the text names, and their close kinds (`device-kinds.ts`);
   * faults of other devices are never candidates.
   */
  search(query: string, options: { product?: string | null; limit?: number } = {}): Search {
    const { slugs: named, rest, makers } = this.detectProducts(query);
    let allowed: Set<string> | null = null;
    if (options.product) allowed = kindsOf(options.product);
    else if (named.size > 0) allowed = new Set([...named].flatMap((s) => [...kindsOf(s)]));
    else {
      const implied = this.impliedProducts(rest);
      if (implied.size > 0) allowed = new Set([...implied].flatMap((s) => [...kindsOf(s)]));
    }
    const otherDevice = named.size > 0 && allowed !== null && ![...named].some((s) => allowed.has(s));
    const describing = new Set(rest);
    // Sheet words for the question's everyday words; each counts as evidence for the word it came from.
    const source = new Map<string, string>();
    const added: string[] = [];
    for (const typed of tokenize(query)) {
      const t = processTerm(typed);
      if (!t || !describing.has(t)) continue;
      for (const word of this.expansions.get(fold(typed)) ?? []) {
        for (const e of terms(word)) {
          if (describing.has(e) || source.has(e)) continue;
          source.set(e, t);
          added.push(e);
        }
      }
    }
    const results = this.miniSearch.search(added.length ? `${query} ${added.join(' ')}` : query);
    const perEntry = new Map<string, { scores: number[]; matched: Set<string>; fuzzy: Set<string>; describes: boolean; exact: boolean }>();
    for (const r of results as (SearchResult & Doc)[]) {
      const slot = perEntry.get(r.entry) ?? { scores: [], matched: new Set<string>(), fuzzy: new Set<string>(), describes: false, exact: false };
      slot.scores.push(r.score);
      for (const term of r.queryTerms) {
        const q = source.get(term) ?? term;
        if (!describing.has(q)) continue;
        slot.describes = true;
        if (r.terms.some((t) => t === term || t.startsWith(term))) {
          slot.exact = true;
          slot.matched.add(q);
        } else slot.fuzzy.add(q);
      }
      perEntry.set(r.entry, slot);
    }
    const all: Match[] = [];
    for (const [id, { scores, matched, fuzzy, describes, exact }] of perEntry) {
      scores.sort((a, b) => b - a);
      const score = scores[0]! + 0.15 * scores.slice(1, 4).reduce((a, b) => a + b, 0);
      // A word of the description must match; typo-only matches count when they match strongly.
      if (!describes || (!exact && score < FUZZY_ONLY_MIN_SCORE)) continue;
      all.push({ entry: this.byId.get(id)!, score, coverage: this.weightedShare(matched, fuzzy, describing, makers) });
    }
    // How strongly a sheet matches times how much of the question it explains: a sheet that matches
    // one word of the question loudly ranks below one that explains the whole description. The score
    // counts under a square root: a word said three times (« tic tic tic ») or a long sheet shared by
    // many words would otherwise outweigh a sheet that explains every word (issue 13, sets 1 to 6).
    all.sort((a, b) => Math.sqrt(b.score) * b.coverage - Math.sqrt(a.score) * a.coverage);
    const fits = (m: Match) => allowed === null || m.entry.products.some((p) => allowed.has(p));
    // The named device's best sheet far better (twice the rank) than any of the chat's device: a brand
    // or a word shared by two devices does not turn a question about the chat's device into another's.
    const rank = (m: Match) => Math.sqrt(m.score) * m.coverage;
    const bestNamed = otherDevice ? all.find((m) => !fits(m) && m.entry.products.some((p) => named.has(p))) : undefined;
    const bestAllowed = all.find(fits);
    const aboutOtherDevice = bestNamed !== undefined && (!bestAllowed || rank(bestNamed) >= 2 * rank(bestAllowed));
    return { matches: all.filter(fits).slice(0, options.limit ?? 5), allowed, otherDevice, aboutOtherDevice };
  }

  /**
   * Share of the question's describing words that an entry matched, each word weighed by its rarity in
   * the knowledge base: "chanson" (in no entry) weighs more than "cycle" (in many), so a question that
   * matches only the common words of a sheet has a low share. A word matched only through typo
   * tolerance counts half ("panier" ≈ "panne" is weak evidence).
   */
  private weightedShare(matched: Set<string>, fuzzy: Set<string>, describing: Set<string>, makers: Set<string>): number {
    const n = this.byId.size;
    const weight = (t: string) => Math.log(1 + n / (1 + (this.entryFrequency.get(t) ?? 0)));
    let all = 0;
    let hit = 0;
    for (const t of describing) {
      // A maker's name counts only for the sheets that name it (`MAKERS`).
      if (makers.has(t) && !matched.has(t)) continue;
      all += weight(t);
      if (matched.has(t)) hit += weight(t);
      else if (fuzzy.has(t)) hit += weight(t) / 2;
    }
    return all === 0 ? 0 : hit / all;
  }

  /** Whether an entry's text uses one of these words (compared as processed terms). */
  mentions(entry: FaultEntry, words: readonly string[]): boolean {
    const own = this.entryTerms.get(entry.id);
    return !!own && words.some((w) => terms(w).some((t) => own.has(t)));
  }

  /** The entry of an id, when it is about one of the allowed kinds of device. */
  entry(id: string, allowed: Set<string> | null = null): FaultEntry | null {
    const entry = this.byId.get(id);
    if (!entry || (allowed && !entry.products.some((p) => allowed.has(p)))) return null;
    return entry;
  }
}
