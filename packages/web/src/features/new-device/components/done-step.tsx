import { type Appliance, MSG } from '@ecofoyer/contracts';
import { Alert, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { applianceDetailPath } from '../../appliances/paths.ts';

/** product §4, wizard step « Terminé ». */
export function DoneStep({ created, onRestart }: { created: Appliance; onRestart: () => void }) {
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
