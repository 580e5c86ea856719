import { Group, Text } from '@mantine/core';

/** The EcoFoyer mark (public/logo.svg), optionally with the name. */
export function Logo({ size = 36, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/logo.svg" width={size} height={size} alt={withName ? '' : 'EcoFoyer'} />
      {withName && (
        <Text fw={800} fz={size * 0.6} c="eco.8" lh={1}>
          Eco
          <Text span inherit c="dark.7">
            Foyer
          </Text>
        </Text>
      )}
    </Group>
  );
}
