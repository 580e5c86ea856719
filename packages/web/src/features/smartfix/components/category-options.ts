import type { SmartfixCategory } from '@ecofoyer/contracts';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';

/** One choice of the « Catégorie » select: an ORDS category, or a finer kind of one (value "17:lave-linge"). */
export interface CategoryChoice {
  value: string;
  label: string;
  categoryId: number;
  kind: string | null;
  /** « En moyenne, 71 % des <plural> … ». */
  plural: string;
  /** Everyday words the search also matches (« frigo », « machine à laver »). */
  keywords: string[];
}

const collator = new Intl.Collator('fr', { sensitivity: 'base' });

/** The 40 categories and their finer kinds, in French alphabetical order. */
export function categoryChoices(categories: readonly SmartfixCategory[]): CategoryChoice[] {
  return categories
    .flatMap((c) => [
      { value: String(c.id), label: c.name, categoryId: c.id, kind: null, plural: c.plural, keywords: c.keywords },
      ...c.kinds.map((k) => ({
        value: `${c.id}:${k.id}`,
        label: k.name,
        categoryId: c.id,
        kind: k.id,
        plural: k.plural,
        keywords: k.keywords,
      })),
    ])
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** Lowercase, no accents, hyphens and apostrophes as spaces: « Micro-ondes » and « micro ondes » meet. */
const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[-'’/,()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The select's search: a choice matches when every typed word starts a word of its name
 * or of one of its everyday words, so « lave » finds Lave-linge and Lave-vaisselle, « frigo » the
 * fridges, « machine à laver » the washing machine. Names that start with the text come first,
 * then other name matches, then matches on an everyday word. (The app-wide search of contracts/src/search.ts
 * works on labels only; these choices carry their own synonyms.)
 */
export function searchCategoryChoices(choices: readonly CategoryChoice[]): OptionsFilter {
  const index = new Map(
    choices.map((c) => [c.value, { name: normalize(c.label), words: [c.label, ...c.keywords].map((w) => normalize(w).split(' ')) }]),
  );
  return ({ options, search }) => {
    const query = normalize(search);
    if (!query) return options;
    const tokens = query.split(' ');
    const rank = (o: ComboboxItem) => {
      const entry = index.get(o.value);
      if (!entry) return -1;
      if (entry.name.startsWith(query)) return 0;
      const nameWords = entry.words[0];
      if (tokens.every((t) => nameWords.some((w) => w.startsWith(t)))) return 1;
      if (entry.words.slice(1).some((words) => tokens.every((t) => words.some((w) => w.startsWith(t))))) return 2;
      return -1;
    };
    return (options as ComboboxItem[])
      .map((o, i) => ({ o, i, r: rank(o) }))
      .filter((x) => x.r >= 0)
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .map((x) => x.o);
  };
}
