import { Button, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { productListFor } from '../../../lib/paths.ts';
import emptyRoom from '../../../assets/illustrations/empty-room.svg';
import { PageTitle } from '../../../components/page-title.tsx';

import { useApplianceCount, useAppliancePages } from '../api/appliances.ts';
import { ApplianceCard } from '../components/appliance-card.tsx';
import { applianceDetailPath } from '../paths.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { Skeletons } from '../../../components/skeletons.tsx';
import { EditOnly } from '../../foyer/components/edit-only.tsx';

/**
 * /inventaire: every appliance, a page at a time, never all at once; with ?flag=tosecond a click picks the
 * device to give a second life.
 */
export function InventoryPage() {
  const [params] = useSearchParams();
  const toSecondLife = params.get('flag') === 'tosecond';
  const pages = useAppliancePages();
  const count = useApplianceCount();
  const shown = pages.data?.pages.flat();
  const total = count.data?.meta.totalAppliances ?? shown?.length ?? 0;
  const target = (id: number, prod: number | null) =>
    toSecondLife ? `/secondlife/actionselect?appliance=${id}${prod ? `&prod=${prod}` : ''}` : applianceDetailPath(id);

  return (
    <>
      <PageTitle
        title={toSecondLife ? 'Quel appareil voulez-vous faire revivre ?' : 'Mes appareils'}
        right={
          <Button component={Link} to="/inventaire/search" variant="subtle" leftSection={<IconSearch size={18} />} visibleFrom="sm">
            Rechercher
          </Button>
        }
      />
      <Stack gap="md">
        <Group>
          <EditOnly>
            <Button component={Link} to={productListFor('toadd')} leftSection={<IconPlus size={18} />}>
              Ajouter un appareil
            </Button>
          </EditOnly>
          <Button component={Link} to="/inventaire/univers" variant="light">
            Voir mes univers
          </Button>
          <Button component={Link} to="/inventaire/search" variant="subtle" leftSection={<IconSearch size={18} />} hiddenFrom="sm">
            Rechercher
          </Button>
        </Group>
        {pages.isPending && (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
            <Skeletons count={4} h={200} />
          </SimpleGrid>
        )}
        {pages.isError && <ErrorAlert message={pages.error.message} onRetry={() => pages.refetch()} />}
        {shown?.length === 0 && (
          <Paper withBorder radius="lg" p="xl">
            <Stack align="center" ta="center">
              <Image src={emptyRoom} alt="" w={220} h="auto" />
              <Text size="lg">Vous n’avez pas encore d’appareil.</Text>
              <Text c="dimmed">Ajoutez le premier : sa notice, sa facture et ses entretiens seront toujours à portée de main.</Text>
            </Stack>
          </Paper>
        )}
        {shown && shown.length > 0 && (
          <>
            <Text c="dimmed">{total === 1 ? '1 appareil' : `${total.toLocaleString('fr-FR')} appareils`}</Text>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
              {shown.map((a) => (
                <ApplianceCard key={a.id} appliance={a} to={target(a.id, a.prod_id)} />
              ))}
            </SimpleGrid>
            {pages.hasNextPage && (
              <Stack align="center" gap={4}>
                <Button variant="light" onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
                  Afficher plus d’appareils
                </Button>
                <Text size="sm" c="dimmed">
                  {`${shown.length.toLocaleString('fr-FR')} sur ${total.toLocaleString('fr-FR')} affichés`}
                </Text>
              </Stack>
            )}
            {pages.isFetchNextPageError && <ErrorAlert message={pages.error?.message ?? ''} onRetry={() => pages.fetchNextPage()} />}
          </>
        )}
      </Stack>
    </>
  );
}
