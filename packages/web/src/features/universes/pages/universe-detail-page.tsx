import { MSG } from '@ecofoyer/contracts';
import { AspectRatio, Button, Flex, Group, Image, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import emptyRoom from '../../../assets/illustrations/empty-room.svg';
import notFound from '../../../assets/illustrations/not-found.svg';
import { PageTitle } from '../../../components/page-title.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUniverseAppliances } from '../../appliances/api/appliances.ts';
import { ApplianceCard } from '../../appliances/components/appliance-card.tsx';
import { applianceDetailPath, universeUpdatePath } from '../../appliances/paths.ts';
import { useUniverse } from '../api/universes.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { Skeletons } from '../../../components/skeletons.tsx';
import { EditOnly } from '../../foyer/components/edit-only.tsx';

const GRID_COLS = { base: 2, sm: 3, md: 4 };

function parseId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function UniverseNotFound() {
  return (
    <>
      <PageTitle title="Univers introuvable" />
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" ta="center" gap="md">
          <Image src={notFound} alt="" w={200} h="auto" />
          <Text size="lg">Cet univers n’existe pas ou a été supprimé.</Text>
          <Button component={Link} to="/inventaire/univers" h={44}>
            Retour à mes univers
          </Button>
        </Stack>
      </Paper>
    </>
  );
}

/** /inventaire/univers/{id}/detail (product §2): image, description, edit action and the appliances. */
export function UniverseDetailPage() {
  const id = parseId(useParams().id);
  const universe = useUniverse(id);
  const appliances = useUniverseAppliances(id);

  if (id === null || (universe.error instanceof ApiError && universe.error.status === 404)) return <UniverseNotFound />;

  if (universe.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={MSG.loading}>
        <Skeleton h={44} w="60%" />
        <Skeleton h={200} radius="lg" />
        <Skeleton h={20} w="80%" />
      </Stack>
    );
  }

  if (universe.isError) {
    return (
      <>
        <PageTitle title="Mon univers" />
        <ErrorAlert title="Impossible d’afficher cet univers" message={universe.error.message} onRetry={() => universe.refetch()} />
      </>
    );
  }

  const u = universe.data;
  const addTo = `/inventaire/nouveau_2?univers=${u.univer_id}`;
  const addButton = (
    <EditOnly>
      <Button component={Link} to={addTo} color="warm.7" h={44} leftSection={<IconPlus size={20} />}>
        Ajouter un appareil
      </Button>
    </EditOnly>
  );

  return (
    <>
      <PageTitle
        title={u.name}
        right={
          <EditOnly>
            <Button component={Link} to={universeUpdatePath(u.univer_id)} variant="light" h={44} leftSection={<IconPencil size={18} />}>
              Modifier
            </Button>
          </EditOnly>
        }
      />
      <Stack gap="lg">
        {(u.image || u.description) && (
          <Flex gap="lg" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-start' }}>
            {u.image && (
              <AspectRatio ratio={16 / 10} w={{ base: '100%', sm: 360 }} style={{ flexShrink: 0 }}>
                <Image src={u.image} alt={`Illustration de l’univers ${u.name}`} radius="lg" fit="cover" bg="eco.0" />
              </AspectRatio>
            )}
            {u.description && (
              <Text size="lg" style={{ whiteSpace: 'pre-line' }}>
                {u.description}
              </Text>
            )}
          </Flex>
        )}

        <section aria-labelledby="universe-appliances">
          <Group justify="space-between" align="center" mb="sm" gap="sm">
            <Title order={2} fz="lg" id="universe-appliances">
              Mes appareils{' '}
              <Text component="span" c="dimmed" fw={400} fz="md">
                ({u.nbAppliance > 0 ? u.text : 'aucun'})
              </Text>
            </Title>
            {appliances.data && appliances.data.length > 0 && addButton}
          </Group>

          {appliances.isPending && (
            <SimpleGrid cols={GRID_COLS} spacing="md" role="status" aria-busy="true" aria-label={MSG.loading}>
              <Skeletons count={4} h={200} />
            </SimpleGrid>
          )}
          {appliances.isError && (
            <ErrorAlert
              title="Impossible d’afficher les appareils"
              message={appliances.error.message}
              onRetry={() => appliances.refetch()}
            />
          )}
          {appliances.data && appliances.data.length > 0 && (
            <SimpleGrid cols={GRID_COLS} spacing="md">
              {appliances.data.map((a) => (
                <ApplianceCard key={a.id} appliance={a} to={applianceDetailPath(a.id)} />
              ))}
            </SimpleGrid>
          )}
          {appliances.data?.length === 0 && (
            <Paper withBorder radius="lg" p="xl">
              <Stack align="center" ta="center" gap="md">
                <Image src={emptyRoom} alt="" w={240} maw="100%" h="auto" />
                <Text size="lg" fw={700}>
                  {MSG.emptyUniverse}
                </Text>
                <Text c="dimmed" maw={420}>
                  Ajoutez vos appareils à cette pièce pour suivre leur entretien et les faire durer.
                </Text>
                {addButton}
              </Stack>
            </Paper>
          )}
        </section>
      </Stack>
    </>
  );
}
