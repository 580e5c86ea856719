import { type Event, MSG, QUEUE_TEXTS, TEXT_MAX } from '@ecofoyer/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconNote } from '@tabler/icons-react';
import { useState } from 'react';
import { AutoTextarea } from '../../../components/auto-textarea.tsx';
import { useUpdateEvent } from '../api/events.ts';

/**
 * « Ajouter une note » on an entry of an appliance's history (a maintenance done, a breakdown): saved
 * at once online, kept on this device offline and sent when the network is back (decision 031).
 */
export function EventNote({ event }: { event: Event }) {
  const update = useUpdateEvent();
  const [draft, setDraft] = useState<string | null>(null);
  const save = () =>
    update.mutate(
      { id: event.id, event, note: draft ?? '' },
      {
        onSuccess: (saved) => {
          setDraft(null);
          notifications.show(
            saved.pending
              ? { color: 'yellow', title: 'Note enregistrée', message: QUEUE_TEXTS.queued }
              : { color: 'eco', message: 'Note enregistrée.' },
          );
        },
      },
    );
  if (draft === null)
    return (
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconNote size={16} />}
        onClick={() => setDraft(event.note ?? '')}
        aria-label={`${event.note ? 'Modifier la note' : 'Ajouter une note'}\u00a0: ${event.title}`}
      >
        {event.note ? 'Modifier la note' : 'Ajouter une note'}
      </Button>
    );
  return (
    <Stack gap={6} mt={4}>
      <AutoTextarea
        label={`Note sur ${event.title}`}
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        maxLength={TEXT_MAX}
        autoFocus
      />
      <Group gap="xs">
        <Button size="sm" onClick={save} loading={update.isPending}>
          Enregistrer la note
        </Button>
        <Button size="sm" variant="default" onClick={() => setDraft(null)}>
          Annuler
        </Button>
      </Group>
      {update.isError && (
        <Text size="sm" c="red.8" role="alert">
          {update.error.message || MSG.serverError}
        </Text>
      )}
    </Stack>
  );
}
