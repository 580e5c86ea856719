import { unavailableOfflineFr } from '@ecofoyer/contracts';
import { Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useOffline } from '../lib/network-state.ts';

/**
 * « Indisponible hors connexion : {what}. » in place of an action that needs the network, while
 * offline (decision 030): said before the tap, never a button that spins. Nothing online.
 */
export function OfflineNote({ what }: { what: string }) {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="offline-unavailable">
      <IconWifiOff size={16} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
      <Text size="sm" c="warm.9">
        {unavailableOfflineFr(what)}
      </Text>
    </Group>
  );
}
