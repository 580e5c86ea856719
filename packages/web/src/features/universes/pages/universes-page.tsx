import { MSG, type Universe } from '@ecofoyer/contracts';
import { AspectRatio, Box, Button, Card, Center, Flex, Group, Image, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { universeDetailPath } from '../../appliances/paths.ts';
import { useUniverses } from '../api/universes.ts';
import { type UniverseDraft, UniverseModal } from '../components/universe-modal.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { Skeletons } from '../../../components/skeletons.tsx';
import { useCanEdit } from '../../foyer/api/foyer.ts';
import { EditOnly } from '../../foyer/components/edit-only.tsx';

const GRID_COLS = { base: 2, sm: 3, md: 4 };

/** The card's picture: 16:10 like the reference illustrations, so those show whole. */
function UniverseImage({ src, muted }: { src: string | null; muted?: boolean }) {
  return (
    <AspectRatio ratio={16 / 10} bg={muted ? 'gray.2' : 'eco.0'}>
      {src ? (
        <Image src={src} alt="" fit="cover" style={muted ? { opacity: 0.7 } : undefined} />
      ) : (
        <Center>
          <IconHome size={48} aria-hidden color={`var(--mantine-color-${muted ? 'gray-6' : 'eco-7'})`} />
        </Center>
      )}
    </AspectRatio>
  );
}

/** One of the user's universes: a link to its detail. */
function UniverseCard({ universe }: { universe: Universe }) {
  return (
    <Card
      component={Link}
      to={universeDetailPath(universe.univer_id)}
      withBorder
      radius="lg"
      padding="sm"
      h="100%"
      aria-label={`${universe.name} : ${universe.text}`}
      data-testid="universe-card"
    >
      <Card.Section>
        <UniverseImage src={universe.image} />
      </Card.Section>
      <Text fw={700} mt="sm" lineClamp={2}>
        {universe.name}
      </Text>
      <Text size="sm" c={universe.nbAppliance > 0 ? 'dimmed' : 'eco.8'} fw={universe.nbAppliance > 0 ? 400 : 600}>
        {universe.text}
      </Text>
    </Card>
  );
}

/** product §2: a reference universe not yet created (univer_id -1), on grey; it opens the create modal. */
function PlaceholderCard({ universe, onPick }: { universe: Universe; onPick: () => void }) {
  return (
    <Card
      component="button"
      type="button"
      onClick={onPick}
      withBorder
      radius="lg"
      padding="sm"
      h="100%"
      bg="gray.1"
      ta="left"
      w="100%"
      style={{ borderStyle: 'dashed', cursor: 'pointer', position: 'relative' }}
      aria-label={`${universe.name} : ${universe.text} (créer cet univers)`}
      data-testid="universe-placeholder"
    >
      <Card.Section>
        <UniverseImage src={universe.image} muted />
      </Card.Section>
      <ThemeIcon size={32} radius="xl" color="warm.7" pos="absolute" top={8} right={8} aria-hidden>
        <IconPlus size={20} />
      </ThemeIcon>
      <Text fw={700} mt="sm" lineClamp={2} c="gray.8">
        {universe.name}
      </Text>
      <Group gap={4} wrap="nowrap">
        <IconPlus size={16} aria-hidden color="var(--mantine-color-warm-9)" />
        <Text size="sm" fw={600} c="warm.9">
          {universe.text}
        </Text>
      </Group>
    </Card>
  );
}

const EMPTY_DRAFT: UniverseDraft = { name: '', description: '', image: null, refUniverId: null };

/** /inventaire/univers (product §2): the user's universes first, then the reference ones to create. */
export function UniversesPage() {
  const universes = useUniverses();
  const [draft, setDraft] = useState<UniverseDraft | null>(null);
  const own = universes.data?.filter((u) => u.univer_id > 0) ?? [];
  const placeholders = universes.data?.filter((u) => u.univer_id <= 0) ?? [];
  const canEdit = useCanEdit();

  return (
    <>
      <PageTitle title="Mes univers" />
      <Stack gap="lg">
        <EditOnly>
          <Flex gap="sm" direction={{ base: 'column', xs: 'row' }}>
            <Button component={Link} to="/new-device" color="warm.7" h={44} leftSection={<IconPlus size={20} />}>
              Ajouter un appareil
            </Button>
            <Button variant="outline" h={44} onClick={() => setDraft(EMPTY_DRAFT)}>
              Créer un univers
            </Button>
          </Flex>
        </EditOnly>

        {universes.isPending && (
          <SimpleGrid cols={GRID_COLS} spacing="md" role="status" aria-busy="true" aria-label={MSG.loading}>
            <Skeletons count={8} h={190} />
          </SimpleGrid>
        )}

        {universes.isError && (
          <ErrorAlert title="Impossible d’afficher vos univers" message={universes.error.message} onRetry={() => universes.refetch()} />
        )}

        {universes.data && (
          <>
            {own.length > 0 ? (
              <SimpleGrid cols={GRID_COLS} spacing="md" component="section" aria-label="Mes univers">
                {own.map((u) => (
                  <UniverseCard key={u.univer_id} universe={u} />
                ))}
              </SimpleGrid>
            ) : (
              <Text c="dimmed">Vous n’avez pas encore d’univers. Choisissez une pièce ci-dessous ou créez la vôtre.</Text>
            )}
            {canEdit && placeholders.length > 0 && (
              <Box component="section" aria-labelledby="universe-suggestions">
                <Title order={2} fz="lg" mb={4} id="universe-suggestions">
                  Pièces à ajouter
                </Title>
                <Text size="sm" c="dimmed" mb="sm">
                  Ajoutez une pièce de votre logement pour y ranger vos appareils.
                </Text>
                <SimpleGrid cols={GRID_COLS} spacing="md">
                  {placeholders.map((u) => (
                    <PlaceholderCard
                      key={`ref-${u.refuniver_id}`}
                      universe={u}
                      onPick={() => setDraft({ name: u.name, description: u.description, image: u.image, refUniverId: u.refuniver_id })}
                    />
                  ))}
                </SimpleGrid>
              </Box>
            )}
          </>
        )}
      </Stack>

      <UniverseModal
        opened={draft !== null}
        onClose={() => setDraft(null)}
        mode="CREATE"
        draft={draft ?? EMPTY_DRAFT}
        onSaved={() => setDraft(null)}
      />
    </>
  );
}
