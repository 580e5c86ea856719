import { Button, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPin, IconShoppingCart, IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EXTERNAL_LINKS } from '../../../lib/external-links.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { RepairBonusTable } from '../components/repair-bonus-table.tsx';

function OfferCard({
  icon,
  title,
  text,
  action,
  href,
  to,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: string;
  href?: string;
  to?: string;
}) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="xs" h="100%">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed" style={{ flex: 1 }}>
          {text}
        </Text>
        {to ? (
          <Button component={Link} to={to} variant="light">
            {action}
          </Button>
        ) : (
          <Button component="a" href={href} target="_blank" rel="noopener noreferrer" variant="light">
            {action}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** /offres: partner offers, the spare-parts retailer, the circular-economy map and the repair-bonus table. */
export function OffersPage() {
  return (
    <>
      <PageTitle title="Offres Partenaires" />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <OfferCard
            icon={<IconShoppingCart />}
            title="Pièces détachées"
            text="Joints, filtres, courroies, accessoires : la pièce qui manque pour réparer vous-même."
            action="Trouver une pièce"
            href={EXTERNAL_LINKS.spareParts}
          />
          <OfferCard
            icon={<IconTool />}
            title="Réparateurs labellisés"
            text="Chez un réparateur QualiRépar, le bonus réparation est déduit directement de votre facture."
            action="Trouver un réparateur"
            href={EXTERNAL_LINKS.qualirepar}
          />
          <OfferCard
            icon={<IconMapPin />}
            title="Carte de l’économie circulaire"
            text="Réparer, donner, échanger ou revendre près de chez vous."
            action="Voir la carte"
            to="/carbomap"
          />
        </SimpleGrid>
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="bonus-title">
          <Title order={2} fz="lg" id="bonus-title" mb="sm">
            Bonus réparation : combien pour votre appareil ?
          </Title>
          <RepairBonusTable />
        </Paper>
      </Stack>
    </>
  );
}
