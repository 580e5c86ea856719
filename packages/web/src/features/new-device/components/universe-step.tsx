import type { Universe } from '@ecofoyer/contracts';
import { Alert, Image, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import classes from '../pages/new-device-page.module.css';

/** product §4, wizard step « Univer ». */
export function UniverseStep({
  universes,
  universe,
  onSelect,
}: {
  universes: UseQueryResult<Universe[]>;
  universe: Universe | null;
  onSelect: (universe: Universe) => void;
}) {
  return (
    <Stack>
      <Title order={2} fz="lg">
        Dans quel univers se trouve votre appareil ?
      </Title>
      {universes.isPending && <Skeleton h={160} radius="lg" />}
      {universes.isError && <Alert color="red">{universes.error.message}</Alert>}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" role="radiogroup" aria-label="Univers">
        {universes.data?.map((u) => {
          const selected = universe?.univer_id === u.univer_id && universe.refuniver_id === u.refuniver_id;
          return (
            <UnstyledButton
              key={`${u.univer_id}-${u.refuniver_id}`}
              role="radio"
              aria-checked={selected}
              className={classes.choice}
              data-selected={selected || undefined}
              data-placeholder={u.univer_id < 0 || undefined}
              onClick={() => onSelect(u)}
            >
              {u.image && <Image src={u.image} alt="" h={64} fit="contain" />}
              <Text fw={600} ta="center">
                {u.name}
              </Text>
              <Text size="xs" c="dimmed" ta="center">
                {u.univer_id < 0 ? 'Nouvel univers' : u.text}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
