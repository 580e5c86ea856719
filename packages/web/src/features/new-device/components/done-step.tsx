import { type Appliance, MSG, QUEUE_TEXTS } from '@ecofoyer/contracts';
import { Alert, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Pending } from '../../../lib/offline-writes.ts';
import { applianceDetailPath, universeDetailPath } from '../../appliances/paths.ts';

/** product §4, wizard step « Terminé »; offline, the appliance is kept on this device until the network is back (decision 031). */
export function DoneStep({ created, onRestart }: { created: Pending<Appliance>; onRestart: () => void }) {
  if (created.pending)
    return (
      <Stack align="center" ta="center" gap="md">
        <Alert color="yellow" icon={<IconCircleCheck />} role="status" w="100%" title={QUEUE_TEXTS.pending}>
          {QUEUE_TEXTS.queued}
        </Alert>
        <Title order={2} fz="xl">
          {created.name} rejoindra votre inventaire au retour du réseau.
        </Title>
        <Group justify="center">
          {created.univer_id !== null && (
            <Button component={Link} to={universeDetailPath(created.univer_id)}>
              Voir l’univers
            </Button>
          )}
          <Button variant="light" onClick={onRestart}>
            Ajouter un autre appareil
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack align="center" ta="center" gap="md">
      <Alert color="eco" icon={<IconCircleCheck />} role="status" w="100%">
        {MSG.deviceAdded}
      </Alert>
      <Image src={created.pict ?? created.product?.pict ?? '/logo.svg'} alt="" w={140} h={140} fit="contain" />
      <Title order={2} fz="xl">
        Bravo ! {created.name} a rejoint votre inventaire.
      </Title>
      <Text c="dimmed">Retrouvez sa fiche, sa notice et ses entretiens à tout moment.</Text>
      <Group justify="center">
        <Button component={Link} to={applianceDetailPath(created.id)}>
          Voir mon appareil
        </Button>
        <Button variant="light" onClick={onRestart}>
          Ajouter un autre appareil
        </Button>
      </Group>
    </Stack>
  );
}
