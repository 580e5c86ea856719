import type { SessionInfo } from '@ecofoyer/contracts';
import { Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDevices } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRevokeSessions, useSessions } from '../api/sessions.ts';

const when = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** What the confirmation is about: one device, or every device but this one. */
type Pending = { kind: 'one'; session: SessionInfo } | { kind: 'others' } | null;

/** « Mes appareils connectés »: each signed-in device, and signing one or all others out. */
export function ConnectedDevices() {
  const sessions = useSessions();
  const revoke = useRevokeSessions();
  const [pending, setPending] = useState<Pending>(null);
  const [done, setDone] = useState<string | null>(null);
  const others = sessions.data?.filter((s) => !s.actuelle) ?? [];

  const confirm = async () => {
    if (!pending) return;
    setDone(null);
    try {
      if (pending.kind === 'one') {
        await revoke.mutateAsync(pending.session.id);
        setDone(`${pending.session.appareil} est déconnecté.`);
      } else {
        await revoke.mutateAsync(undefined);
        setDone('Tous les autres appareils sont déconnectés.');
      }
    } catch {
      // Shown by the alert under the title (revoke.isError).
    } finally {
      setPending(null);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640} mt="lg" component="section" aria-labelledby="connected-devices">
      <Group gap="xs" mb="sm">
        <IconDevices aria-hidden />
        <Title order={2} size="h4" id="connected-devices">
          Mes appareils connectés
        </Title>
      </Group>
      {sessions.isPending && (
        <Stack gap="xs" aria-busy="true" aria-label="Chargement des appareils">
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      )}
      {sessions.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          <Text size="sm">Impossible de charger vos appareils connectés.</Text>
          <Button size="xs" variant="light" mt="xs" onClick={() => void sessions.refetch()}>
            Réessayer
          </Button>
        </Alert>
      )}
      {done && (
        <Alert color="eco" role="status" mb="sm">
          {done}
        </Alert>
      )}
      {revoke.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" mb="sm">
          {errorMessage(revoke.error, 'La déconnexion de cet appareil a échoué. Réessayez.')}
        </Alert>
      )}
      {sessions.data && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sessions.data.map((s) => (
            <Group key={s.id} component="li" justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{s.appareil}</Text>
                  {s.actuelle && (
                    <Badge color="eco" variant="light">
                      Cet appareil
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  Connecté le {when.format(new Date(s.creeLe))}
                  {s.ip ? ` depuis ${s.ip}` : ''}
                </Text>
                <Text size="sm" c="dimmed">
                  Dernière activité le {when.format(new Date(s.derniereActivite))}
                </Text>
              </div>
              {!s.actuelle && (
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  style={{ flexShrink: 0 }}
                  onClick={() => setPending({ kind: 'one', session: s })}
                  aria-label={`Déconnecter ${s.appareil}`}
                >
                  Déconnecter
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {others.length > 0 && (
        <Button
          mt="md"
          variant="outline"
          color="red.9"
          fullWidth
          h="auto"
          py={8}
          styles={{ label: { whiteSpace: 'normal' } }}
          onClick={() => setPending({ kind: 'others' })}
        >
          Déconnecter tous les autres appareils
        </Button>
      )}
      {sessions.data && others.length === 0 && (
        <Text size="sm" c="dimmed" mt="sm">
          Aucun autre appareil n’est connecté à votre compte.
        </Text>
      )}
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.kind === 'one' ? 'Déconnecter cet appareil ?' : 'Déconnecter les autres appareils ?'}
        centered
      >
        <Text>
          {pending?.kind === 'one'
            ? `${pending.session.appareil} devra se reconnecter avec votre mot de passe.`
            : 'Chacun de vos autres appareils devra se reconnecter avec votre mot de passe. Celui-ci reste connecté.'}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setPending(null)}>
            Annuler
          </Button>
          <Button color="red.9" loading={revoke.isPending} onClick={() => void confirm()}>
            Déconnecter
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
