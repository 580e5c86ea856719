import { SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { useUrlText } from '../../../lib/query-params.ts';
import { createSearch } from '../../../lib/search.ts';
import { useAppliances } from '../api/appliances.ts';
import { ApplianceCard } from '../components/appliance-card.tsx';
import { applianceDetailPath } from '../paths.ts';

/** /inventaire/search: by name, brand, model or product type, tolerant of accents and typos. */
export function InventorySearchPage() {
  const appliances = useAppliances();
  // In the address: Back from an appliance finds the query and its results (issue 16, item 10).
  const [query, setQuery] = useUrlText();
  const deferred = useDeferredValue(query);
  const search = useMemo(() => createSearch(appliances.data ?? [], ['name', 'marque', 'modele', 'prod_name', 'univer_name']), [appliances.data]);
  const results = deferred.trim() ? search(deferred) : [];

  return (
    <>
      <PageTitle title="Rechercher un appareil" />
      <Stack gap="md">
        <TextInput
          size="lg"
          autoFocus={!query}
          leftSection={<IconSearch size={20} />}
          placeholder="Nom, marque, modèle ou type d’appareil"
          aria-label="Rechercher un appareil"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
        {appliances.isPending && <Skeleton h={200} radius="lg" />}
        {appliances.isError && <Text c="red">{appliances.error.message}</Text>}
        {deferred.trim() && appliances.data && (
          <Text c="dimmed" aria-live="polite">
            {results.length === 0 ? `Aucun appareil ne correspond à « ${deferred} ».` : results.length === 1 ? '1 résultat' : `${results.length} résultats`}
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {results.map((a) => (
            <ApplianceCard key={a.id} appliance={a} to={applianceDetailPath(a.id)} />
          ))}
        </SimpleGrid>
      </Stack>
    </>
  );
}
