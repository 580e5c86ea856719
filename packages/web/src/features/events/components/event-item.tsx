import { type Event, QUEUE_TEXTS } from '@ecofoyer/contracts';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useCanEdit } from '../../foyer/api/foyer.ts';
import { AssigneeSelect, useAssigneeName } from '../../foyer/components/assignee-select.tsx';
import { localDayKey } from '../api/events.ts';
import { useMarkDone } from '../api/use-mark-done.tsx';
import { capitalise, dayFr } from '../calendar-format.ts';
import type { Pending } from '../../../lib/offline-writes.ts';

/** One event: its date in long French, title, appliance, and what can be done with it. */
export function EventItem({ event, today, onDelete }: { event: Pending<Event>; today: string; onDelete: (e: Event) => void }) {
  const { update, markDone: record } = useMarkDone();
  const canEdit = useCanEdit();
  const assignee = useAssigneeName(event.assigneeId);
  const done = event.status === 'DONE';
  const overdue = !done && localDayKey(event.dt_realisation) < today;
  const markDone = () => record(event.id, event);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="event-item">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text size="sm" fw={600} c={overdue ? 'red.8' : 'eco.8'}>
              {done ? `Fait le ${dayFr(event.done_at ?? event.dt_realisation)}` : capitalise(dayFr(event.dt_realisation))}
            </Text>
            {overdue && (
              <Badge color="red" c="red.9" variant="light" size="sm">
                En retard
              </Badge>
            )}
            {event.pending && (
              <Badge
                color={event.pending === 'refused' ? 'red' : 'blue'}
                c={event.pending === 'refused' ? 'red.9' : 'blue.9'}
                variant="light"
                size="sm"
                data-testid="pending-badge"
              >
                {event.pending === 'refused' ? 'Non envoyée' : QUEUE_TEXTS.pending}
              </Badge>
            )}
            {event.type === 'PANNE' && (
              <Badge color="warm" c="warm.9" variant="light" size="sm">
                Panne
              </Badge>
            )}
          </Group>
          <Text fw={700} lh={1.3}>
            {event.title}
          </Text>
          {event.applianceName && (
            <Text size="sm" c="dimmed">
              {event.applianceName}
            </Text>
          )}
          {assignee && !done && (
            <Text size="sm" fw={600}>
              {assignee === 'vous' ? 'Pour vous' : `Pour ${assignee}`}
            </Text>
          )}
          {event.note && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {event.note}
            </Text>
          )}
        </Stack>
        {canEdit && !event.pending && (
          <ActionIcon
            variant="subtle"
            color="red"
            size={44}
            radius="xl"
            onClick={() => onDelete(event)}
            aria-label={`Supprimer « ${event.title} » du ${dayFr(event.dt_realisation)}`}
            style={{ flexShrink: 0 }}
          >
            <IconTrash size={20} />
          </ActionIcon>
        )}
      </Group>
      {!done && canEdit && !event.pending && (
        <Group mt="xs" gap="sm" align="flex-end">
          <AssigneeSelect size="xs" value={event.assigneeId} onChange={(assigneeId) => update.mutate({ id: event.id, assigneeId })} />
          <Button size="sm" h={44} variant="light" leftSection={<IconCheck size={18} />} onClick={markDone} loading={update.isPending}>
            Marquer comme fait
          </Button>
          {update.isError && (
            <Text size="sm" c="red.8" role="alert">
              {update.error.message}
            </Text>
          )}
        </Group>
      )}
    </Paper>
  );
}
