import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { RenewDevice } from './use-renew-device.ts';

const STEPS = [
  { path: '/renew/optionselect', label: 'Options' },
  { path: '/renew/offer', label: 'Occasion' },
  { path: '/renew/tip', label: 'Critères' },
  { path: '/renew/fundsearch', label: 'Aides' },
] as const;

/** Where the user is in the re-equip flow, and the device it is about. */
export function RenewSteps({ device, current }: { device: RenewDevice; current: (typeof STEPS)[number]['path'] }) {
  return (
    <Group gap="xs" mb="sm" wrap="wrap" aria-label="Étapes du rééquipement" component="nav">
      {device.name && (
        <Text fw={700} mr="sm">
          {device.name}
          {device.familyLabel ? ` · ${device.familyLabel}` : ''}
        </Text>
      )}
      {STEPS.map((s, i) => (
        <Anchor
          key={s.path}
          component={Link}
          to={device.to(s.path)}
          aria-current={s.path === current ? 'page' : undefined}
          fw={s.path === current ? 700 : 400}
          c={s.path === current ? 'eco.8' : 'gray.7'}
          size="sm"
        >
          {i + 1}. {s.label}
        </Anchor>
      ))}
    </Group>
  );
}
