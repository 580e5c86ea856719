import { createSearch, normalizeForSearch, type RefProduct, type RefUniverse, type Universe } from '@ecofoyer/contracts';
import type { ComboboxItem, ComboboxItemGroup, OptionsFilter } from '@mantine/core';

const collator = new Intl.Collator('fr', { sensitivity: 'base' });

/** The reference room a universe stands for: the one it was made from, else the one of the same name. */
export function roomOf(universe: Pick<Universe, 'refuniver_id' | 'name'> | null, rooms: readonly RefUniverse[]): RefUniverse | null {
  if (!universe) return null;
  return (
    rooms.find((r) => r.id === universe.refuniver_id) ??
    rooms.find((r) => normalizeForSearch(r.name) === normalizeForSearch(universe.name)) ??
    null
  );
}

/**
 * « Type de produit »: every type in French alphabetical order, the ones usually
 * found in the chosen room first under their own heading (a lawnmower is not first for the kitchen).
 */
export function productOptions(
  products: readonly RefProduct[],
  room: RefUniverse | null,
): (ComboboxItem | ComboboxItemGroup<ComboboxItem>)[] {
  const sorted = [...products].sort((a, b) => collator.compare(a.prodName, b.prodName));
  const item = (p: RefProduct): ComboboxItem => ({ value: String(p.id), label: p.prodName });
  const likely = room ? sorted.filter((p) => p.universeSlug === room.slug) : [];
  if (!room || likely.length === 0) return sorted.map(item);
  return [
    { group: `Souvent dans « ${room.name} »`, items: likely.map(item) },
    { group: 'Autres appareils', items: sorted.filter((p) => p.universeSlug !== room.slug).map(item) },
  ];
}

/** The app's one French search for the selector: typed text ranks every type, whatever its group. */
export const searchProductOptions: OptionsFilter = ({ options, search }) => {
  const flat = options.flatMap((o) => ('group' in o ? o.items : [o])) as ComboboxItem[];
  if (!search.trim()) return options;
  return createSearch(flat, ['label'])(search);
};
