import { type Event, QUEUE_TEXTS, refusalFr } from '@ecofoyer/contracts';
import { Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { me, urlOf } from '../../lib/api-call.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { discardWrite, type QueuedWrite, sendOrQueue, tempId, useQueuedWrites } from '../../lib/offline-writes.ts';

/**
 * « Modifications non envoyées » (decision 031): the changes made offline that the server refused when
 * they were replayed (the entry deleted meanwhile, done by another member, a role that may not). Each
 * says what happened and what the user can do; what they typed stays here until they discard it.
 */
export function RefusedWrites({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const refused = useQueuedWrites().filter((w) => w.refusal);
  return (
    <Modal opened={opened} onClose={onClose} title={QUEUE_TEXTS.refusedTitle} size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <Stack gap="md">
        <Text size="sm">{QUEUE_TEXTS.refusedIntro}</Text>
        {refused.length === 0 && <Text c="dimmed">Tout a été envoyé.</Text>}
        {refused.map((write) => (
          <RefusedWrite key={write.key} write={write} />
        ))}
      </Stack>
    </Modal>
  );
}

/** A refused write can be made again as a new one: an entry re-created with the note, or a breakdown without its appliance. */
function recreatable(write: QueuedWrite): boolean {
  if (write.refusal?.status === 403) return false;
  return (
    write.kind === 'event-create' || ((write.kind === 'event-note' || write.kind === 'event-done') && write.target?.event !== undefined)
  );
}

/** Sends again, as a new change with a new key, what the refused write meant. */
async function recreate(write: QueuedWrite): Promise<void> {
  const url = urlOf('/api/V1/profils/users/{userId}/events', { userId: me() });
  const id = tempId();
  if (write.kind === 'event-create') {
    const body = write.body as { applianceId?: number | null };
    // Gone meanwhile: the appliance it was for; the breakdown or maintenance is kept without it.
    const applianceId = write.refusal?.status === 404 ? null : (body.applianceId ?? null);
    await sendOrQueue({
      kind: write.kind,
      method: write.method,
      url: write.url,
      body: { ...body, applianceId },
      label: write.label,
      typed: write.typed,
      target: { ...write.target, tempId: id, applianceId: applianceId ?? undefined },
    });
    return;
  }
  const event = write.target!.event!;
  const done = write.kind === 'event-done';
  const created = await sendOrQueue<Event>({
    kind: 'event-create',
    method: 'POST',
    url,
    body: {
      title: event.title,
      type: event.type,
      applianceId: event.applianceId,
      maintenanceCardId: event.maintenanceCardId,
      dt_realisation: done ? new Date().toISOString() : event.dt_realisation,
      note: write.typed ?? null,
    },
    label: `${event.type === 'PANNE' ? 'Panne' : 'Entretien'}\u00a0: ${event.title}`,
    typed: write.typed,
    target: { tempId: id, applianceId: event.applianceId ?? undefined, applianceName: event.applianceName, event },
  });
  if (!done) return;
  const newId = created.queued ? id : created.answer.id;
  await sendOrQueue({
    kind: 'event-done',
    method: 'PUT',
    url: urlOf('/api/V1/profils/users/{userId}/events/{id}', { userId: me(), id: newId }),
    body: { done: true },
    label: write.label,
    target: { eventId: newId, event },
  });
}

function RefusedWrite({ write }: { write: QueuedWrite }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { what, todo } = refusalFr(write.refusal!.status, write.refusal!.message);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(write.typed ?? '');
      notifications.show({ color: 'eco', message: QUEUE_TEXTS.copied });
    } catch {
      setError('La copie n’est pas permise ici\u00a0: sélectionnez la note et copiez-la.');
    }
  };
  const again = async () => {
    setBusy(true);
    setError(null);
    try {
      await recreate(write);
      await discardWrite(write.key);
      await queryClient.invalidateQueries({ queryKey: ['events'] });
    } catch (e) {
      setError(errorMessage(e, 'La modification n’a pas pu être recréée.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="refused-write">
      <Stack gap={6}>
        <Text fw={700}>{write.label}</Text>
        <Text size="sm" c="red.8">
          {what}
        </Text>
        <Text size="sm">{todo}</Text>
        {write.typed && <Textarea label="Ce que vous aviez saisi" value={write.typed} readOnly autosize minRows={2} />}
        {confirming ? (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {QUEUE_TEXTS.discardConfirm}
            </Text>
            <Group gap="xs">
              <Button size="sm" color="red" onClick={() => discardWrite(write.key)}>
                {QUEUE_TEXTS.discard}
              </Button>
              <Button size="sm" variant="default" onClick={() => setConfirming(false)}>
                {QUEUE_TEXTS.keep}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group gap="xs">
            {write.typed && (
              <Button size="sm" variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
                {QUEUE_TEXTS.copyNote}
              </Button>
            )}
            {recreatable(write) && (
              <Button size="sm" variant="light" leftSection={<IconRefresh size={16} />} onClick={again} loading={busy}>
                {QUEUE_TEXTS.recreate}
              </Button>
            )}
            <Button size="sm" variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
              {QUEUE_TEXTS.discard}
            </Button>
          </Group>
        )}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
