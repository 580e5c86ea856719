import { useDebouncedValue } from '@mantine/hooks';
import { useApplianceSearch, useAppliancePages } from './appliances.ts';

/**
 * The household's appliances a picker offers: the first page when nothing is typed, the
 * server's best matches for what is typed (a quarter of a second after the last key), never the whole
 * inventory. `search` is the picker's text.
 */
export function useApplianceOptions(search: string) {
  const [typed] = useDebouncedValue(search.trim(), 250);
  const first = useAppliancePages();
  const found = useApplianceSearch(typed);
  const searching = typed !== '';
  return {
    appliances: (searching ? found.data : first.data?.pages[0]) ?? [],
    isPending: first.isPending,
    /** Whether the household has any appliance at all. */
    any: (first.data?.pages[0]?.length ?? 0) > 0,
  };
}
