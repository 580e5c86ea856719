import { QUEUE_TEXTS, TEXT_MAX } from '@ecofoyer/contracts';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { AutoTextarea } from '../../../components/auto-textarea.tsx';
import { useCreateEvent } from '../api/events.ts';

/**
 * « Signaler une panne » on an appliance's page: a breakdown (PANNE) dated now with what the user
 * saw. Offline it is kept on this device and sent when the network is back (decision 031).
 */
export function BreakdownForm({ applianceId, applianceName }: { applianceId: number; applianceName: string }) {
  const create = useCreateEvent();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setTitle('');
    setNote('');
    setError(null);
  };
  const save = () => {
    if (!title.trim()) return setError('Dites en quelques mots ce qui ne va pas.');
    setError(null);
    create.mutate(
      {
        title: title.trim(),
        note: note.trim() || null,
        dt_realisation: new Date().toISOString(),
        applianceId,
        applianceName,
        type: 'PANNE',
      },
      {
        onSuccess: (saved) => {
          close();
          notifications.show(
            saved.pending
              ? { color: 'yellow', title: 'Panne enregistrée', message: QUEUE_TEXTS.queued }
              : { color: 'eco', message: 'Panne enregistrée.' },
          );
        },
      },
    );
  };
  if (!open)
    return (
      <Button variant="light" color="warm" c="warm.9" leftSection={<IconAlertTriangle size={18} />} onClick={() => setOpen(true)} mt="xs">
        Signaler une panne
      </Button>
    );
  return (
    <Stack gap="xs" mt="xs">
      <TextInput
        label={'Que se passe-t-il\u00a0?'}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        maxLength={120}
        error={error}
        required
        autoFocus
      />
      <AutoTextarea label="Détails (facultatif)" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={TEXT_MAX} />
      <Group gap="xs">
        <Button size="sm" onClick={save} loading={create.isPending}>
          Enregistrer la panne
        </Button>
        <Button size="sm" variant="default" onClick={close}>
          Annuler
        </Button>
      </Group>
      {create.isError && (
        <Text size="sm" c="red.8" role="alert">
          {create.error.message}
        </Text>
      )}
    </Stack>
  );
}
