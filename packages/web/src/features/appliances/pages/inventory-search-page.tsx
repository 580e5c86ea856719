import { SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { PageTitle } from '../../../components/page-title.tsx';
import { useUrlText } from '../../../lib/query-params.ts';
import { APPLIANCE_SEARCH_MAX } from '@ecofoyer/contracts';
import { useApplianceSearch } from '../api/appliances.ts';
import { ApplianceCard } from '../components/appliance-card.tsx';
import { applianceDetailPath } from '../paths.ts';

/**
 * /inventaire/search: by name, brand, model or product type, tolerant of accents and typos. The
 * server searches (the same search as the app's lists, without sending the whole
 * inventory), a quarter of a second after the last key.
 */
export function InventorySearchPage() {
  // In the address: Back from an appliance finds the query and its results.
  const [query, setQuery] = useUrlText();
  const [deferred] = useDebouncedValue(query, 250);
  const appliances = useApplianceSearch(deferred);
  const results = deferred.trim() ? (appliances.data ?? []) : [];

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
        {deferred.trim() && appliances.isPending && <Skeleton h={200} radius="lg" />}
        {appliances.isError && <Text c="red">{appliances.error.message}</Text>}
        {deferred.trim() && appliances.data && (
          <Text c="dimmed" aria-live="polite">
            {results.length === 0
              ? `Aucun appareil ne correspond à « ${deferred} ».`
              : results.length === 1
                ? '1 résultat'
                : results.length >= APPLIANCE_SEARCH_MAX
                  ? `Les ${APPLIANCE_SEARCH_MAX} meilleurs résultats : précisez votre recherche pour trouver les autres.`
                  : `${results.length} résultats`}
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
