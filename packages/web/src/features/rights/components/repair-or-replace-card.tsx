import { type Appliance, carbonBySlug, parisDay } from '@ecofoyer/contracts';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { Link } from 'react-router';
import { applianceDetailPath } from '../../appliances/paths.ts';
import { useRefProducts } from '../../references/api/references.ts';
import { useRights } from '../../appliances/api/rights.ts';
import { repairOrReplace } from '../repair-or-replace.ts';

/**
 * « Réparer ou remplacer ? » in the repair flow, for one of the household's appliances:
 * the same answer as on its page, with the way to its guarantees and the letter to the seller.
 * Says nothing while loading or if the rights cannot be read: the chat stays the page's subject.
 */
export function RepairOrReplaceCard({ appliance }: { appliance: Appliance }) {
  const rights = useRights(appliance.id);
  const products = useRefProducts();
  if (!rights.data) return null;
  const carbonSlug = products.data?.find((p) => p.id === appliance.prod_id)?.carbonSlug;
  const choice = repairOrReplace(
    rights.data,
    appliance.dt_livraison ?? appliance.dt_achat,
    carbonSlug ? carbonBySlug.get(carbonSlug) : undefined,
    parisDay(new Date()),
    {
      kwhYear: appliance.energy_kwh_year,
      classe: appliance.classenergie,
    },
  );
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label="Réparer ou remplacer ?" data-testid="repair-flow-rights">
      <Stack gap={4}>
        <Text fw={700}>
          <IconScale size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
          Réparer ou remplacer ?
        </Text>
        <Text size="sm">{choice.texte}</Text>
        <Anchor component={Link} to={applianceDetailPath(appliance.id)} size="sm">
          {choice.verdict === 'garantie' ? 'Mes droits et la lettre au vendeur' : 'Mes droits sur cet appareil'}
        </Anchor>
      </Stack>
    </Paper>
  );
}
