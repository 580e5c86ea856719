import { foldFr } from '@ecofoyer/contracts';
import { stemmer } from '@orama/stemmers/french';
import MiniSearch, { type SearchResult } from 'minisearch';
import type { FaultEntry } from './knowledge-base.ts';
import { kindsOf } from './device-kinds.ts';
import { MAKERS, PART_DEVICES, PRODUCT_ALIASES, UNCOVERED_DEVICES } from './product-aliases.ts';
import { KEY_PHRASES, SYNONYMS } from './synonyms.ts';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

// Words that say nothing about a fault. Negations ("ne … plus") are dropped too: every entry has them.
const STOP_WORDS = new Set(
  (
    'a ai as au aux avec c ca ce ceci cela ces cet cette chez d dans de des du elle elles en est et etre fait faire il ils ' +
    'j je l la le les leur lui m ma mais me mes moi mon n ne ni nos notre nous on ou par pas pendant plus pour qu que quel ' +
    'quelle qui quoi s sa sans se ses si son sont sur t ta te tes toi ton tous tout tres tu un une vos votre vous y ' +
    'depuis encore alors aussi bien comme donc meme peu peut trop jai ya quand pourquoi comment quoi svp merci bonjour aide chaque ' +
    'mien mienne avoir ete etait sommes etes suis es ont avait ' +
    'presque quasi quasiment juste vraiment completement totalement beaucoup assez souvent parfois soudain soudainement hier aujourd hui ' +
    'normal normale est-ce possible savoir sais ' +
    // Durations and times of day say when, not what: « depuis 10 minutes », « le soir ».
    'min mn minute minutes heure heures seconde secondes jour jours semaine semaines mois an ans annee annees fois avant apres maintenant matin soir'
  ).split(' '),
);

/** Folded, stemmed term, or null for a stop word. Stemming runs on the accented word (Snowball French). */
export function processTerm(term: string): string | null {
  const known = TERMS.get(term);
  if (known !== undefined) return known;
  const processed = stemTerm(term);
  // The index reads the knowledge base's words many times over: each word is stemmed once (without it,
  // building the index took 5 s, most of it stemming the same words again).
  if (TERMS.size >= MAX_TERMS) TERMS.clear();
  TERMS.set(term, processed);
  return processed;
}

const TERMS = new Map<string, string | null>();
const MAX_TERMS = 200_000;

function stemTerm(term: string): string | null {
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
const terms = (s: string) =>
  tokenize(s)
    .map(processTerm)
    .filter((t): t is string => t !== null);

/** Words one letter away from a device's name that are words of their own, not typos: « le portail électrique » is no « portable ». */
const REAL_WORDS_NEAR_DEVICES = new Set(['portail', 'portier', 'portabl'].map((w) => processTerm(w)!));

/** The words of makers of many kinds of devices, as typed (folded, not stemmed: « Haier » stems as « haie »): not describing words (`MAKERS`). */
const MAKER_WORDS = new Set(MAKERS.flatMap((m) => tokenize(fold(m))));

const COMPARED_ARTICLE = new Set(['un', 'une', 'le', 'la', 'les', 'des', 'du', 'l', 'd']);
const OF = new Set(['de', 'du', 'des', 'd']);
const POSSESSIVE = new Set(['mon', 'ma', 'mes', 'ton', 'ta', 'tes', 'son', 'sa', 'ses', 'notre', 'votre', 'nos', 'vos', 'leur']);
/** « la lumière marche », « le compresseur tourne »: the word before is a part said to work. */
const WORKS = /([\p{L}-]+) (?:marchen?t?|fonctionnen?t?|s'allumen?t?|tournen?t?|va bien|vont bien|est ok)(?![\p{L}])/gu;

/** Below this, an entry matched only through typo tolerance is noise ("xylophone" ≈ "quantité"). */
const FUZZY_ONLY_MIN_SCORE = 15;

/** « une machine à glaçons », « une tondeuse à cheveux »: a word after one of these makes another device of the name before it. */
const COMPLEMENT = new Set(['a', 'au', 'aux', 'de', 'du', 'des', 'd', 'pour']);

/** A phrasing this short says the symptom and nothing else: all its words are the sheet's own (`ownWords`). */
const SHORT_PHRASING = 9;

/** How much more a sheet ranks when the question says all the words of its title (review item 5: its own words first). */
const TITLE_WEIGHT = 0.3;

/** Words before a device's name in a title that say which part of it the sheet is about (« La lumière du réfrigérateur… »). */
const TITLE_ARTICLES = new Set(['la', 'l', 'le', 'les', 'un', 'une', 'ancien', 'ancienne']);

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

/** What a search found, with what the abstention rules need to know. */
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
   * chat about the oven): the question is about the other device (the best fault is for
   * another kind of device).
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
  /**
   * The words each entry is about: its title, keywords and causes, the words of its short phrasings
   * and those two of its longer phrasings share. A word only one long phrasing tells in passing (« en
   * soulevant le couvercle, je vois le dos du tambour… ») is no evidence that a question is about this
   * fault (`search`).
   */
  private readonly ownWords = new Map<string, Set<string>>();
  /** Each entry's title words but its devices' names, and the part of the device the title is about, if any. */
  private readonly titles = new Map<string, { words: string[]; part: string[] }>();
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
    // Devices without a sheet are named too, so that a sheet of a look-alike is not taken for theirs.
    for (const [slug, names] of [...Object.entries(PRODUCT_ALIASES), ...Object.entries(UNCOVERED_DEVICES)]) {
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
      [entry.title, ...entry.symptoms].forEach((text, i) =>
        docs.push({ id: `${entry.id}#${i}`, entry: entry.id, text, keywords, products }),
      );
      docs.push({ id: `${entry.id}#causes`, entry: entry.id, text: entry.causes.join(' '), keywords, products });
    }
    this.miniSearch.addAll(docs);
    for (const entry of entries) {
      const own = new Set(terms([entry.title, ...entry.keywords, ...entry.causes].join(' ')));
      const told = new Map<string, number>();
      for (const symptom of entry.symptoms) {
        const short = symptom.split(/\s+/).length <= SHORT_PHRASING;
        for (const t of new Set(terms(symptom))) told.set(t, (told.get(t) ?? 0) + (short ? 2 : 1));
      }
      for (const [t, n] of told) if (n >= 2) own.add(t);
      this.ownWords.set(entry.id, own);
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
    for (const entry of entries) this.titles.set(entry.id, this.titleOf(entry, productNames));
  }

  /** The display name of a product slug ("Lave-linge"), or of a device without a sheet ("Vélo électrique"). */
  productName(slug: string | null): string | null {
    if (!slug) return null;
    const uncovered = UNCOVERED_DEVICES[slug]?.[0];
    return this.productNames.get(slug) ?? (uncovered ? uncovered.charAt(0).toUpperCase() + uncovered.slice(1) : null);
  }

  get size(): number {
    return this.byId.size;
  }

  /**
   * The words of a title that say the fault, read as a question's (its devices' names out: « Le
   * sèche-linge ne sèche plus » keeps the second « sèche »), and the part they are about when the title
   * opens on one (« La lumière du réfrigérateur ne s'allume plus », « Le tambour du lave-linge… »; not
   * « De l'eau au fond du réfrigérateur », a symptom).
   */
  private titleOf(entry: FaultEntry, productNames: Map<string, string>): { words: string[]; part: string[] } {
    const names = new Set(entry.products.flatMap((p) => [productNames.get(p) ?? p, ...(PRODUCT_ALIASES[p] ?? [])]).flatMap(terms));
    const tokens = tokenize(entry.title);
    const low = tokens.map(fold);
    const device = tokens.findIndex((w) => names.has(processTerm(w) ?? ''));
    let k = device - 1;
    while (k > 0 && TITLE_ARTICLES.has(low[k]!)) k--;
    const ofDevice = k > 0 && OF.has(low[k]!) && !OF.has(low[0]!) && !['trop', 'plus'].includes(low[0]!);
    return { words: [...new Set(this.detectProducts(entry.title).rest)], part: ofDevice ? terms(tokens.slice(0, k).join(' ')) : [] };
  }

  /**
   * Product slugs the text names ("mon frigo", "ma PS5"), longest phrase first, how many names it
   * says, and the words left; `qualified`: a word left comes after « à », « de » or « pour »
   * (« machine à glaçons »).
   */
  detectProducts(text: string): { slugs: Set<string>; names: number; rest: string[]; makers: Set<string>; qualified: boolean } {
    const raw = tokenize(text);
    const folded = raw.map(fold);
    const typed = raw.flatMap((w, i) => {
      const term = processTerm(w);
      // « souffle comme un aspirateur » compares, it does not name the device.
      const compared = folded[i - 1] === 'comme' || (folded[i - 2] === 'comme' && COMPARED_ARTICLE.has(folded[i - 1]!));
      const qualifies = COMPLEMENT.has(folded[i - 1]!) || (COMPARED_ARTICLE.has(folded[i - 1]!) && COMPLEMENT.has(folded[i - 2]!));
      return term === null ? [] : [{ term, raw: folded[i]!, at: i, maker: MAKER_WORDS.has(folded[i]!), compared, qualifies }];
    });
    const words = typed.map((w) => w.term);
    const used = new Set<number>();
    const named: { slugs: Set<string>; span: number[] }[] = [];
    // First the names typed as themselves (« mon aspi »), longest first, so that a describing word
    // that shares a name's stem (« n'aspire ») is not taken for the device.
    for (const alias of this.typedAliases) {
      for (let i = 0; i + alias.words.length <= typed.length; i++) {
        const span = alias.words.map((_, k) => i + k);
        if (span.some((k) => used.has(k)) || typed[i]!.compared || !alias.words.every((w, k) => typed[i + k]!.raw === w)) continue;
        span.forEach((k) => used.add(k));
        named.push({ slugs: alias.slugs, span });
        break;
      }
    }
    for (const alias of this.aliases) {
      // A device named once is named: « mon aspi n'aspire plus » keeps « aspire », a word the sheets use, as a
      // describing word; a name that narrows one already said (« séchoir » then « Babyliss ») still counts.
      const narrows = !named.some(({ slugs }) => [...slugs].every((s) => alias.slugs.has(s)));
      if (!narrows && alias.terms.every((t) => this.entryFrequency.has(t))) continue;
      for (let i = 0; i + alias.terms.length <= words.length; i++) {
        const span = alias.terms.map((_, k) => i + k);
        const fits = (w: string, t: string) =>
          w === t || (!this.entryFrequency.has(w) && !REAL_WORDS_NEAR_DEVICES.has(w) && sameWord(w, t));
        if (span.some((k) => used.has(k)) || typed[i]!.compared || !alias.terms.every((t, k) => fits(words[i + k]!, t))) continue;
        span.forEach((k) => used.add(k));
        named.push({ slugs: alias.slugs, span });
        // Once per text: "l'aspirateur n'aspire plus" names the device once, then describes it.
        break;
      }
    }
    // « l'écran de mon téléphone », « la chaîne de mon vélo »: a name right before « de mon » and another
    // device's name is a part of that device, and a word that describes it.
    const parts = named.filter(({ span }) =>
      named.some((other) => {
        const between = folded.slice(typed[span.at(-1)!]!.at + 1, typed[other.span[0]!]!.at);
        return other.span[0] === span.at(-1)! + 1 && between.length === 2 && OF.has(between[0]!) && POSSESSIVE.has(between[1]!);
      }),
    );
    for (const { span } of parts) for (const k of span) used.delete(k);
    const devices = named.filter((n) => !parts.includes(n)).map((n) => n.slugs);
    // Each name's devices, except those of a broader name that a narrower one says more precisely.
    const narrowest = devices.filter((set) => !devices.some((other) => other.size < set.size && [...other].every((s) => set.has(s))));
    const slugs = new Set(narrowest.flatMap((set) => [...set]));
    const rest = typed.filter((_, i) => !used.has(i));
    return {
      slugs,
      names: narrowest.length,
      rest: rest.map((w) => w.term),
      makers: new Set(rest.filter((w) => w.maker).map((w) => w.term)),
      qualified: rest.some((w) => w.qualifies && !w.maker),
    };
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

  /**
   * The product slug of a name the client sends (the reference product name, a slug or an alias), or
   * null. A name is a device's only when nothing in it makes another device of it: « Machine à
   * glaçons » and « Tondeuse à cheveux » are no washing machine and no lawn mower, and « Vélo
   * électrique » is a device without a sheet (`UNCOVERED_DEVICES`): its slug has none.
   */
  resolveProduct(name: string | null | undefined): string | null {
    if (!name) return null;
    const folded = fold(name.trim());
    for (const [slug, prodName] of this.productNames) if (fold(prodName) === folded || slug === folded) return slug;
    const { slugs, qualified } = this.detectProducts(name);
    return slugs.size === 1 && !qualified ? [...slugs][0]! : null;
  }

  /** Whether the knowledge base has a sheet for this kind of device. */
  private covers(slug: string): boolean {
    return !(slug in UNCOVERED_DEVICES);
  }

  /** Faults for a description, best first (see `search`). */
  find(query: string, options: { product?: string | null; limit?: number } = {}): Match[] {
    return this.search(query, options).matches;
  }

  /**
   * Faults for a description, best first. Nothing when no word of the description beyond the device's
   * name matched (a device name alone is not a diagnosis). The device is a hard constraint:
   * the chat's device, else the devices the text names, and the devices they hold (`device-kinds.ts`);
   * faults of other devices are never candidates. A candidate must match one of the question's
   * describing words among its own words (`ownWords`): the device's name, which all its sheets share,
   * or a word one of its long phrasings tells in passing is no evidence of a fault (review item 6).
   */
  search(query: string, options: { product?: string | null; limit?: number } = {}): Search {
    const { slugs: named, names, rest, makers } = this.detectProducts(query);
    let allowed: Set<string> | null = null;
    if (options.product) allowed = kindsOf(options.product);
    else if (named.size > 0) allowed = new Set([...named].flatMap((s) => [...kindsOf(s)]));
    else {
      const implied = this.impliedProducts(rest);
      if (implied.size > 0) allowed = new Set([...implied].flatMap((s) => [...kindsOf(s)]));
    }
    const otherDevice = named.size > 0 && allowed !== null && ![...named].some((s) => allowed.has(s));
    const describing = new Set(rest);
    // Sheet words for the question's everyday words and phrases; each counts as evidence for the words it came from.
    const source = new Map<string, string[]>();
    // The sheet words go to the search as written, so that it processes them as it processed the sheets.
    const addedWords: string[] = [];
    const add = (sheetWords: string[], from: string[]) => {
      for (const word of sheetWords) {
        const fresh = terms(word).filter((e) => !describing.has(e));
        for (const e of fresh) source.set(e, [...new Set([...(source.get(e) ?? []), ...from])]);
        if (fresh.length > 0) addedWords.push(word);
      }
    };
    for (const typed of tokenize(query)) {
      const t = processTerm(typed);
      if (!t || !describing.has(t)) continue;
      // « des clacs » as « un clac ».
      const word = fold(typed);
      add(this.expansions.get(word) ?? this.expansions.get(word.replace(/[sx]$/, '')) ?? [], [t]);
    }
    const folded = foldFr(query);
    for (const [said, sheetWords] of KEY_PHRASES) {
      const phrase = said.exec(folded)?.[0];
      const from = phrase ? terms(phrase).filter((t) => describing.has(t)) : [];
      if (from.length > 0) add(sheetWords, from);
    }
    const added = [...source.keys()];
    const results = this.miniSearch.search([query, ...addedWords].join(' '));
    const perEntry = new Map<string, { scores: number[]; matched: Set<string>; fuzzy: Set<string>; evidence: boolean; exact: boolean }>();
    for (const r of results as (SearchResult & Doc)[]) {
      const slot = perEntry.get(r.entry) ?? {
        scores: [],
        matched: new Set<string>(),
        fuzzy: new Set<string>(),
        evidence: false,
        exact: false,
      };
      slot.scores.push(r.score);
      const own = this.ownWords.get(r.entry)!;
      for (const term of r.queryTerms) {
        const credited = (source.get(term) ?? [term]).filter((q) => describing.has(q));
        if (credited.length === 0) continue;
        if (r.terms.some((t) => t === term || t.startsWith(term))) {
          slot.exact = true;
          for (const q of credited) slot.matched.add(q);
        } else for (const q of credited) slot.fuzzy.add(q);
        slot.evidence ||= r.terms.some((t) => own.has(t) && (t === term || t.startsWith(term) || sameWord(t, term)));
      }
      perEntry.set(r.entry, slot);
    }
    const all: Match[] = [];
    for (const [id, { scores, matched, fuzzy, evidence, exact }] of perEntry) {
      scores.sort((a, b) => b - a);
      const score = scores[0]! + 0.15 * scores.slice(1, 4).reduce((a, b) => a + b, 0);
      // A word of the description must match one of the sheet's own words; typo-only matches count when they match strongly.
      if (!evidence || (!exact && score < FUZZY_ONLY_MIN_SCORE)) continue;
      all.push({ entry: this.byId.get(id)!, score, coverage: this.weightedShare(matched, fuzzy, describing, makers) });
    }
    // How strongly a sheet matches times how much of the question it explains: a sheet that matches
    // one word of the question loudly ranks below one that explains the whole description. The score
    // counts under a square root: a word said three times (« tic tic tic ») or a long sheet shared by
    // many words would otherwise outweigh a sheet that explains every word (as held-out sets 1 to 6 showed).
    // Then a sheet whose title the question says goes first: « ne vide plus l'eau » is « ne vidange
    // pas », not « n'essore plus » whose long phrasings also empty a basket of water (review item 5).
    // « la lumière marche »: a part said to work is context, not what the question is about.
    const working = new Set([...query.toLowerCase().replace(/’/g, "'").matchAll(WORKS)].map((w) => processTerm(w[1]!)));
    const said = [...describing, ...added].filter((t) => !working.has(t));
    const ranks = new Map(all.map((m) => [m, Math.sqrt(m.score) * m.coverage * (1 + TITLE_WEIGHT * this.titleShare(m.entry.id, said))]));
    const rank = (m: Match) => ranks.get(m)!;
    all.sort((a, b) => rank(b) - rank(a));
    const fits = (m: Match) => allowed === null || m.entry.products.some((p) => allowed.has(p));
    // The named device's best sheet far better (twice the rank) than any of the chat's device: a brand
    // or a word shared by two devices does not turn a question about the chat's device into another's.
    // A device without a sheet, named instead of the chat's, is the one the question is about.
    const bestNamed = otherDevice ? all.find((m) => !fits(m) && m.entry.products.some((p) => named.has(p))) : undefined;
    const bestAllowed = all.find(fits);
    const aboutOtherDevice =
      (otherDevice && [...named].every((s) => !this.covers(s))) ||
      (bestNamed !== undefined && names === 1 && (!bestAllowed || rank(bestNamed) >= 2 * rank(bestAllowed)));
    return { matches: all.filter(fits).slice(0, options.limit ?? 5), allowed, otherDevice, aboutOtherDevice };
  }

  /**
   * Share of an entry's title words (not its devices' names) that the question says, with its
   * synonyms and phrases, weighed like `coverage`; none when the title is about a part of the device
   * that the question does not name (« La lumière du réfrigérateur ne s'allume plus » is not the
   * answer to « mon frigo ne s'allume plus »).
   */
  private titleShare(id: string, said: string[]): number {
    const { words, part } = this.titles.get(id)!;
    const says = (t: string) => said.some((q) => q === t || (q.length >= 4 && t.startsWith(q)));
    if (part.length > 0 && !part.some(says)) return 0;
    let all = 0;
    let hit = 0;
    for (const t of words) {
      all += this.weight(t);
      if (says(t)) hit += this.weight(t);
    }
    return all === 0 ? 0 : hit / all;
  }

  /** A word's weight by its rarity in the knowledge base: "chanson" (in no entry) weighs more than "cycle" (in many). */
  private weight(t: string): number {
    return Math.log(1 + this.byId.size / (1 + (this.entryFrequency.get(t) ?? 0)));
  }

  /**
   * Share of the question's describing words that an entry matched, each word weighed by its rarity in
   * the knowledge base (`weight`), so that a question that matches only the common words of a sheet
   * has a low share. A word matched only through typo tolerance counts half ("panier" ≈ "panne" is
   * weak evidence).
   */
  private weightedShare(matched: Set<string>, fuzzy: Set<string>, describing: Set<string>, makers: Set<string>): number {
    let all = 0;
    let hit = 0;
    for (const t of describing) {
      // A maker's name counts only for the sheets that name it (`MAKERS`).
      if (makers.has(t) && !matched.has(t)) continue;
      all += this.weight(t);
      if (matched.has(t)) hit += this.weight(t);
      else if (fuzzy.has(t)) hit += this.weight(t) / 2;
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
