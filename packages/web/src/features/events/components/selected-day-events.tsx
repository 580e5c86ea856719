import type { Event } from '@ecofoyer/contracts';
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { plannedAt } from '../api/events.ts';
import { capitalise, dayFr } from '../calendar-format.ts';
import { EventItem } from './event-item.tsx';

/** The events of the day chosen in the month. */
export function SelectedDayEvents({
  day,
  events,
  pending,
  today,
  onDelete,
}: {
  day: string;
  events: Event[];
  pending: boolean;
  today: string;
  onDelete: (e: Event) => void;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Jour choisi">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconCalendarEvent size={22} aria-hidden />
        <Title order={2} fz="lg">
          {capitalise(dayFr(plannedAt(day)))}
        </Title>
      </Group>
      {pending ? (
        <Skeleton h={90} radius="md" />
      ) : events.length === 0 ? (
        <Text c="dimmed">Rien de prévu ce jour-là.</Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label="Entretiens du jour" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {events.map((e) => (
            <EventItem key={e.id} event={e} today={today} onDelete={onDelete} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
