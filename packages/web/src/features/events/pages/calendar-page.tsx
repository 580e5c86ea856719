import '@mantine/dates/styles.css';
import 'dayjs/locale/fr';
import { type Event, MSG } from '@ecofoyer/contracts';
import { Button, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { productListFor } from '../../../lib/paths.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useSession } from '../../auth/api/use-session.ts';
import { useCanEdit } from '../../foyer/api/foyer.ts';
import { useAssignees } from '../../foyer/components/assignee-select.tsx';
import { localDayKey, useDeleteEvent, useEventCounts, useEventPages, useMonthEvents, usePrefetchMonths } from '../api/events.ts';
import { dayFr } from '../calendar-format.ts';
import { CalendarFeed } from '../components/calendar-feed.tsx';
import { type Confirm, ConfirmModal } from '../components/confirm-modal.tsx';
import { EventSection } from '../components/event-section.tsx';
import { MonthCalendar } from '../components/month-calendar.tsx';
import { SelectedDayEvents } from '../components/selected-day-events.tsx';

// No red weekends: the spec's red is for errors, and it fails contrast on small day numbers.
const DATES_SETTINGS = { locale: 'fr', firstDayOfWeek: 1 as const, weekendDays: [] };

const time = (e: Event) => new Date(e.dt_realisation).getTime();

/** product §2, Calendar (/calendar): the month with its events, upcoming, done, and the agenda feed. */
export function CalendarPage() {
  const remove = useDeleteEvent();
  const today = localDayKey(new Date());
  const [selected, setSelected] = useState<string>(today);
  const [shownMonth, setShownMonth] = useState<string>(today);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const session = useSession();
  const canEdit = useCanEdit();
  // « Mes tâches / tout le foyer »: offered once several members share the chores.
  const shared = useAssignees().length > 1 && canEdit;
  const [scope, setScope] = useState<'foyer' | 'mine'>('foyer');
  const mine = shared && scope === 'mine' ? session?.id : undefined;
  const events = useMonthEvents(shownMonth.slice(0, 7), mine);
  // This month and the next two, readable offline.
  usePrefetchMonths(today.slice(0, 7), 3, mine);
  const upcoming = useEventPages('NEW', mine);
  const done = useEventPages('DONE', mine);
  const counts = useEventCounts();
  const failed = [events, upcoming, done, counts].find((q) => q.isError && !q.data);

  const byDay = useMemo(() => {
    const list = events.data ?? [];
    const byDay = new Map<string, Event[]>();
    for (const e of list) {
      // A done maintenance sits on the day it was carried out, which may differ from the planned one.
      const key = localDayKey(e.status === 'DONE' ? (e.done_at ?? e.dt_realisation) : e.dt_realisation);
      byDay.set(key, [...(byDay.get(key) ?? []), e]);
    }
    for (const day of byDay.values()) day.sort((a, b) => time(a) - time(b));
    return byDay;
  }, [events.data]);

  const askDelete = (e: Event) =>
    setConfirm({
      title: 'Supprimer cet entretien ?',
      message: `Êtes-vous sûr de vouloir supprimer « ${e.title} » du ${dayFr(e.dt_realisation)} ?`,
      confirmLabel: 'Supprimer',
      onConfirm: () => remove.mutateAsync(e.id),
    });

  const selectedEvents = byDay.get(selected) ?? [];
  const planButton = (
    <Button component={Link} to={productListFor('tomaintenance')} color="warm.7" h={44} leftSection={<IconPlus size={20} />}>
      Planifier un entretien
    </Button>
  );

  return (
    <DatesProvider settings={DATES_SETTINGS}>
      <PageTitle title="Calendrier" />
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          {canEdit && planButton}
          {shared && (
            // A phone gives the filter its own line, the whole width: each choice on one line.
            <SegmentedControl
              w={{ base: '100%', xs: 'auto' }}
              aria-label="Entretiens montrés"
              value={scope}
              onChange={(v) => setScope(v as 'foyer' | 'mine')}
              data={[
                { value: 'foyer', label: 'Tout le foyer' },
                { value: 'mine', label: 'Mes tâches' },
              ]}
            />
          )}
        </Group>
        {failed && <ErrorAlert message={failed.error?.message ?? ''} onRetry={() => failed.refetch()} />}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <MonthCalendar selected={selected} onSelect={setSelected} shownMonth={shownMonth} onMonthChange={setShownMonth} byDay={byDay} />
          <SelectedDayEvents day={selected} events={selectedEvents} pending={events.isPending} today={today} onDelete={askDelete} />
        </SimpleGrid>

        {upcoming.isPending || done.isPending ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" role="status" aria-busy="true" aria-label={MSG.loading}>
            <Skeleton h={260} radius="lg" />
            <Skeleton h={260} radius="lg" />
          </SimpleGrid>
        ) : (
          upcoming.isSuccess &&
          done.isSuccess && (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <EventSection
                title="À venir"
                list={upcoming}
                // NEW events, soonest first; overdue ones stay on top (flagged) until done or deleted.
                total={mine ? upcoming.data.length : (counts.data?.upcoming ?? upcoming.data.length)}
                today={today}
                onDelete={askDelete}
                empty={
                  <Stack gap="sm" align="flex-start">
                    <Text c="dimmed">
                      {mine
                        ? 'Aucun entretien prévu pour vous ni pour tout le foyer.'
                        : 'Aucun entretien prévu. Un appareil bien entretenu dure plus longtemps !'}
                    </Text>
                    {canEdit && planButton}
                  </Stack>
                }
              />
              <EventSection
                title="Mes réalisations"
                list={done}
                total={mine ? done.data.length : (counts.data?.done ?? done.data.length)}
                today={today}
                onDelete={askDelete}
                empty={<Text c="dimmed">Vos entretiens effectués apparaîtront ici.</Text>}
              />
            </SimpleGrid>
          )
        )}

        <CalendarFeed onConfirm={setConfirm} />
      </Stack>
      <ConfirmModal confirm={confirm} onClose={() => setConfirm(null)} />
    </DatesProvider>
  );
}
