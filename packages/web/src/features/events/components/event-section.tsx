import { EVENT_LIST_SHOWN, type Event, MSG } from '@ecofoyer/contracts';
import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import type { useEventPages } from '../api/events.ts';
import { plural } from '../calendar-format.ts';
import { EventItem } from './event-item.tsx';

/**
 * product §9: three items, then a "Voir plus / Voir moins" toggle. The list is read 20 at a
 * time from the server, the badge says how many there are in all, and « Afficher les suivants » reads on.
 */
export function EventSection({
  title,
  list,
  total,
  empty,
  today,
  onDelete,
}: {
  title: string;
  list: ReturnType<typeof useEventPages>;
  total: number;
  empty: ReactNode;
  today: string;
  onDelete: (e: Event) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const events = list.data ?? [];
  const shown = expanded ? events : events.slice(0, EVENT_LIST_SHOWN);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {total > 0 && (
          <Badge variant="default" size="lg" aria-label={plural(total, 'entretien')}>
            {total}
          </Badge>
        )}
      </Group>
      {events.length === 0 ? (
        empty
      ) : (
        <Stack gap="xs" component="ul" aria-label={title} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {shown.map((e) => (
            <EventItem key={e.id} event={e} today={today} onDelete={onDelete} />
          ))}
        </Stack>
      )}
      {events.length > EVENT_LIST_SHOWN && (
        <Group justify="center" mt="sm">
          {expanded && list.hasNextPage && (
            <Button variant="light" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
              Afficher les suivants
            </Button>
          )}
          <Button variant="subtle" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
            {expanded ? MSG.showLess : MSG.showMore}
          </Button>
        </Group>
      )}
      {list.isFetchNextPageError && <ErrorAlert message={list.error?.message ?? ''} onRetry={() => list.fetchNextPage()} />}
    </Paper>
  );
}
