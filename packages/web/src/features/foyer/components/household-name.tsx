import { Group, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useFoyer } from '../api/foyer.ts';

/** The desktop header's household: which foyer the app shows, and how many share it. */
export function HouseholdName() {
  const foyer = useFoyer();
  if (!foyer.data) return null;
  const others = foyer.data.membres.length - 1;
  return (
    <Group gap={6} wrap="nowrap" data-testid="household-name" c="dimmed">
      <IconHome size={20} aria-hidden />
      <Text size="sm" fw={600} truncate="end" maw={240}>
        {foyer.data.nom}
      </Text>
      {others > 0 && (
        <Text size="sm" span>
          · {others + 1} membres
        </Text>
      )}
    </Group>
  );
}
