import { Button, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPin, IconShoppingCart, IconTool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EXTERNAL_LINKS } from '../../../app/external-links.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { RepairBonusTable } from '../components/repair-bonus-table.tsx';

/** /offres: partner offers, the spare-parts retailer, the circular-economy map and the repair-bonus table. */
export function OffersPage() {
  return (
    <>
      <PageTitle title="Offres Partenaires" />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="xs" h="100%">
              <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
                <IconShoppingCart />
              </ThemeIcon>
              <Title order={2} fz="lg">Pièces détachées</Title>
              <Text c="dimmed" style={{ flex: 1 }}>Joints, filtres, courroies, accessoires : la pièce qui manque pour réparer vous-même.</Text>
              <Button component="a" href={EXTERNAL_LINKS.spareParts} target="_blank" rel="noopener noreferrer" variant="light">
                Trouver une pièce
              </Button>
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="xs" h="100%">
              <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
                <IconTool />
              </ThemeIcon>
              <Title order={2} fz="lg">Réparateurs labellisés</Title>
              <Text c="dimmed" style={{ flex: 1 }}>Chez un réparateur QualiRépar, le bonus réparation est déduit directement de votre facture.</Text>
              <Button component="a" href={EXTERNAL_LINKS.qualirepar} target="_blank" rel="noopener noreferrer" variant="light">
                Trouver un réparateur
              </Button>
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="xs" h="100%">
              <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
                <IconMapPin />
              </ThemeIcon>
              <Title order={2} fz="lg">Carte de l’économie circulaire</Title>
              <Text c="dimmed" style={{ flex: 1 }}>Réparer, donner, échanger ou revendre près de chez vous.</Text>
              <Button component={Link} to="/carbomap" variant="light">
                Voir la carte
              </Button>
            </Stack>
          </Paper>
        </SimpleGrid>
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="bonus-title">
          <Title order={2} fz="lg" id="bonus-title" mb="sm">
            Bonus réparation : combien pour votre appareil ?
          </Title>
          <RepairBonusTable />
        </Paper>
      </Stack>
    </>
  );
}
