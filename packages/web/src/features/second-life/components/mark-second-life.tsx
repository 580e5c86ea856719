import type { SecondLifeOutcome } from '@ecofoyer/contracts';
import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMarkSecondLife } from '../api/second-life.ts';

const WORDING: Record<SecondLifeOutcome, { button: string; done: string }> = {
  given: { button: 'J’ai donné cet appareil', done: 'donné' },
  sold: { button: 'J’ai vendu cet appareil', done: 'vendu' },
  recycled: { button: 'J’ai déposé cet appareil au recyclage', done: 'recyclé' },
};

/** Records what became of the device, after confirmation: it leaves the inventory for the history. */
export function MarkSecondLife({
  applianceId,
  name,
  outcome,
}: {
  applianceId: number | null;
  name: string | null;
  outcome: SecondLifeOutcome;
}) {
  const [opened, confirm] = useDisclosure(false);
  const mark = useMarkSecondLife();
  if (!applianceId || !name) {
    return (
      <Text size="sm" c="dimmed">
        Pour garder une trace de sa seconde vie, ajoutez d’abord l’appareil à{' '}
        <Anchor component={Link} to="/inventaire" underline="always">
          votre inventaire
        </Anchor>
        .
      </Text>
    );
  }
  if (mark.isSuccess) {
    return (
      <Alert color="eco" icon={<IconCircleCheck />} title="Merci pour cette seconde vie !" role="status">
        {name} a quitté votre inventaire et rejoint l’historique de vos appareils ({WORDING[outcome].done}).{' '}
        <Anchor component={Link} to="/secondlife/actionselect" underline="always">
          Voir l’historique
        </Anchor>
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs" align="flex-start">
        <Text>C’est fait ? Indiquez-le : l’appareil quittera votre inventaire et sera compté dans votre impact et vos badges.</Text>
        <Button onClick={confirm.open}>{WORDING[outcome].button}</Button>
        {mark.isError && (
          <Text c="red.9" size="sm" role="alert">
            {errorMessage(mark.error, 'L’enregistrement a échoué. Réessayez.')}
          </Text>
        )}
      </Stack>
      <Modal opened={opened} onClose={confirm.close} title="Confirmer la seconde vie">
        <Stack gap="md">
          <Text>
            Confirmez-vous que « {name} » a été {WORDING[outcome].done} ? Il quittera votre inventaire pour l’historique de seconde vie, et
            ses entretiens planifiés seront annulés.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              Annuler
            </Button>
            <Button loading={mark.isPending} onClick={() => mark.mutate({ id: applianceId, outcome }, { onSettled: confirm.close })}>
              Confirmer
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
