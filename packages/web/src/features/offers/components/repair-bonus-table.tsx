import { createSearch, REPAIR_BONUS } from '@ecofoyer/contracts';
import { Anchor, Badge, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { EXTERNAL_LINKS } from '../../../lib/external-links.ts';
import { useUrlText } from '../../../lib/query-params.ts';
import { RepairBonusSource } from '../../../components/repair-bonus-source.tsx';

const NBSP = '\u00a0';

/** By category, then by type, in French order. */
const collator = new Intl.Collator('fr', { sensitivity: 'base' });
const SORTED = [...REPAIR_BONUS].sort(
  (a, b) => collator.compare(a.family_fr, b.family_fr) || collator.compare(a.product_type_fr, b.product_type_fr),
);

/** product §2/§9, Repair bonus calculator: the amounts by product type, with the eligibility thresholds. */
export function RepairBonusTable() {
  const [query, setQuery] = useUrlText('bonus');
  // The app's one French search: « machine à laver » finds the lave-linge, « tv » the téléviseur.
  const search = useMemo(() => createSearch(SORTED, ['product_type_fr', 'family_fr']), []);
  const rows = search(query);
  return (
    <>
      <TextInput
        leftSection={<IconSearch size={18} />}
        placeholder="Lave-linge, téléviseur, aspirateur…"
        aria-label="Rechercher un type d’appareil"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        mb="sm"
      />
      {/* Keyboard users scroll the table too (axe scrollable-region-focusable). */}
      <ScrollArea
        h={420}
        type="auto"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Montants du bonus réparation, défilants' }}
      >
        <Table striped highlightOnHover stickyHeader aria-label="Montants du bonus réparation">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type d’appareil</Table.Th>
              <Table.Th visibleFrom="sm">Famille</Table.Th>
              <Table.Th ta="right">Bonus</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.product_type_fr}>
                <Table.Td>
                  {r.product_type_fr}
                  {/* On a phone the family goes under the type: the amount column is never cut. */}
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {r.family_fr}
                  </Text>
                  {r.min_repair_cost_eur && (
                    <Text size="xs" c="dimmed">
                      pour une réparation d’au moins {r.min_repair_cost_eur} €
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">{r.family_fr}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text span fw={700} inherit>
                    {r.amount_eur} €
                  </Text>
                  {r.status === 'unconfirmed' && (
                    <Badge display="block" ml="auto" mt={2} size="xs" variant="outline" color="gray.8" data-testid="bonus-to-confirm">
                      à confirmer
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {rows.length === 0 && (
          <Text c="dimmed">
            Aucun type ne correspond à « {query} » : ce type d’appareil n’ouvre pas droit au bonus réparation, ou essayez un autre nom.
          </Text>
        )}
      </ScrollArea>
      <Stack gap={4} mt="xs">
        <RepairBonusSource />
        <Text size="xs" c="dimmed">
          «{NBSP}à confirmer{NBSP}»{NBSP}: ni une page officielle ni deux sources concordantes ne donnent ce montant{NBSP}; demandez-le au
          réparateur avant la réparation.
        </Text>
        <Text size="xs" c="dimmed">
          Le bonus (fonds réparation QualiRépar) ne s’applique qu’à un appareil hors garantie, réparé par un réparateur labellisé qui le
          déduit directement de la facture —{' '}
          <Anchor href={EXTERNAL_LINKS.qualirepar} target="_blank" rel="noopener noreferrer" size="xs" underline="always">
            trouver un réparateur labellisé
          </Anchor>
          .
        </Text>
      </Stack>
    </>
  );
}
