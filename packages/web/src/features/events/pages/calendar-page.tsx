import '@mantine/dates/styles.css';
import 'dayjs/locale/fr';
import { EVENT_LIST_SHOWN, type Event, longDateFr, MSG } from '@ecofoyer/contracts';
import { ActionIcon, Alert, Anchor, Badge, Button, CopyButton, Group, Indicator, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCalendarEvent, IconCheck, IconCopy, IconExternalLink, IconLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { productListFor } from '../../../app/paths.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import {
  localTimeZone,
  localDayKey,
  plannedAt,
  useCalendarFeed,
  useDeleteEvent,
  useEventCounts,
  useEventPages,
  useMonthEvents,
  useRevokeCalendarFeed,
  useUpdateEvent,
} from '../api/events.ts';

// No red weekends: the spec's red is for errors, and it fails contrast on small day numbers.
const DATES_SETTINGS = { locale: 'fr', firstDayOfWeek: 1 as const, weekendDays: [] };

const dayFr = (date: Date | string) => longDateFr(date, localTimeZone());
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const time = (e: Event) => new Date(e.dt_realisation).getTime();
const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

interface Confirm {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
}

/** A confirmation for destructive actions (red only there, UI brief). */
function ConfirmModal({ confirm, onClose }: { confirm: Confirm | null; onClose: () => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const run = async () => {
    if (!confirm) return;
    setPending(true);
    setError(null);
    try {
      await confirm.onConfirm();
      close();
    } catch (e) {
      setError(e instanceof Error ? e.message : MSG.serverError);
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened={confirm !== null} onClose={close} title={confirm?.title} centered closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <Stack gap="md">
        <Text>{confirm?.message}</Text>
        {error && (
          <Alert color="red" icon={<IconAlertCircle />}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Annuler
          </Button>
          <Button color="red" onClick={run} loading={pending}>
            {confirm?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One event: its date in long French, title, appliance, and what can be done with it. */
function EventItem({ event, today, onDelete }: { event: Event; today: string; onDelete: (e: Event) => void }) {
  const update = useUpdateEvent();
  const done = event.status === 'DONE';
  const overdue = !done && localDayKey(event.dt_realisation) < today;
  // The promise, not mutate's own onSuccess: the item leaves « À venir » (unmounts) as the lists refetch.
  const markDone = () =>
    update
      .mutateAsync({ id: event.id, done: true })
      .then(() => notifications.show({ color: 'eco', message: MSG.maintenanceDone, icon: <IconCheck size={18} /> }))
      .catch(() => undefined);
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
          {event.note && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {event.note}
            </Text>
          )}
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          size={44}
          radius="xl"
          onClick={() => onDelete(event)}
          aria-label={`Supprimer « ${event.title} » du ${dayFr(event.dt_realisation)}`}
          style={{ flexShrink: 0 }}
        >
          <IconTrash size={20} />
        </ActionIcon>
      </Group>
      {!done && (
        <Group mt="xs" gap="sm">
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

/**
 * spec §9: three items, then a "Voir plus / Voir moins" toggle. Issue 23: the list is read 20 at a
 * time from the server, the badge says how many there are in all, and « Afficher les suivants » reads on.
 */
function EventSection({ title, list, total, empty, today, onDelete }: { title: string; list: ReturnType<typeof useEventPages>; total: number; empty: ReactNode; today: string; onDelete: (e: Event) => void }) {
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
            {expanded ? MSG.showLessCalendar : MSG.showMore}
          </Button>
        </Group>
      )}
      {list.isFetchNextPageError && <ErrorAlert message={list.error?.message ?? ''} onRetry={() => list.fetchNextPage()} />}
    </Paper>
  );
}

/** The private iCalendar address: asked for only when the user wants it (the server creates it then). */
function CalendarFeed({ onConfirm }: { onConfirm: (c: Confirm) => void }) {
  const [shown, setShown] = useState(false);
  const feed = useCalendarFeed(shown);
  const revoke = useRevokeCalendarFeed();
  const webcal = feed.data?.url.replace(/^https?:\/\//, 'webcal://');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="S’abonner au calendrier">
      <Title order={2} fz="lg" mb="xs">
        S’abonner au calendrier
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Retrouvez vos entretiens et la fin des garanties de vos appareils dans votre agenda (Google Agenda, Calendrier d’Apple, Outlook…) grâce à une adresse privée. Ne la partagez pas : elle donne accès à vos
        entretiens.
      </Text>
      {!shown && (
        <Button
          variant="light"
          leftSection={<IconLink size={18} />}
          onClick={() => setShown(true)}
          styles={{ root: { height: 'auto', minHeight: 44, paddingBlock: 8 }, label: { whiteSpace: 'normal' } }}
        >
          Afficher mon adresse d’abonnement
        </Button>
      )}
      {shown && feed.isPending && <Skeleton h={44} radius="md" />}
      {shown && feed.isError && (
        <ErrorAlert message={feed.error.message} onRetry={() => feed.refetch()} />
      )}
      {shown && feed.data && (
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap" align="flex-end">
            <TextInput
              readOnly
              value={feed.data.url}
              label="Adresse privée du calendrier"
              style={{ flex: 1, minWidth: 240 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={feed.data.url}>
              {({ copied, copy }) => (
                <Button onClick={copy} h={44} variant={copied ? 'filled' : 'light'} leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />}>
                  {copied ? 'Copié !' : 'Copier'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group gap="md" justify="space-between">
            <Anchor href={webcal} fw={600} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 44 }}>
              <IconExternalLink size={18} aria-hidden /> Ouvrir dans mon agenda (webcal)
            </Anchor>
            <Button
              variant="subtle"
              color="red"
              h={44}
              onClick={() =>
                onConfirm({
                  title: 'Révoquer ce lien ?',
                  message: 'Les agendas abonnés à cette adresse ne recevront plus vos entretiens. Vous pourrez en afficher une nouvelle ensuite.',
                  confirmLabel: 'Révoquer',
                  onConfirm: async () => {
                    await revoke.mutateAsync();
                    setShown(false);
                    notifications.show({ color: 'eco', message: 'Le lien d’abonnement a été révoqué.' });
                  },
                })
              }
            >
              Révoquer ce lien
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

/** spec §2 Calendar (/calendar): the month with its events, upcoming, done, and the agenda feed. */
export function CalendarPage() {
  const remove = useDeleteEvent();
  const today = localDayKey(new Date());
  const [selected, setSelected] = useState<string>(today);
  const [shownMonth, setShownMonth] = useState<string>(today);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const events = useMonthEvents(shownMonth.slice(0, 7));
  const upcoming = useEventPages('NEW');
  const done = useEventPages('DONE');
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
      title: 'Supprimer cet entretien ?',
      message: `Êtes-vous sûr de vouloir supprimer « ${e.title} » du ${dayFr(e.dt_realisation)} ?`,
      confirmLabel: 'Supprimer',
      onConfirm: () => remove.mutateAsync(e.id),
    });

  const renderDay = (date: string) => {
    const day = Number(date.slice(8));
    const dayEvents = byDay.get(date);
    if (!dayEvents) return day;
    const allDone = dayEvents.every((e) => e.status === 'DONE');
    return (
      <Indicator size={7} color={date === selected ? 'white' : allDone ? 'eco.7' : 'warm.7'} position="bottom-center" offset={-4} zIndex={1}>
        <span>{day}</span>
      </Indicator>
    );
  };

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
        <Group>{planButton}</Group>
        {failed && <ErrorAlert message={failed.error?.message ?? ''} onRetry={() => failed.refetch()} />}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} component="section" aria-label="Mois">
            <DatePicker
              value={selected}
              onChange={(d) => d && setSelected(d)}
              date={shownMonth}
              onDateChange={setShownMonth}
              allowDeselect={false}
              withWeekNumbers
              highlightToday
              fullWidth
              size="md"
              renderDay={renderDay}
              getDayProps={(date) => ({
                'data-date': date,
                'data-has-events': byDay.has(date) || undefined,
                fw: byDay.has(date) ? 700 : undefined,
                // Days of the next and previous months: Mantine fades them to 50 %, below 4.5:1; they stay grey.
                style: date.slice(0, 7) !== shownMonth.slice(0, 7) ? { opacity: 1 } : undefined,
              })}
              getDayAriaLabel={(date) => {
                const n = byDay.get(date)?.length ?? 0;
                return `${dayFr(plannedAt(date))}${n ? `, ${plural(n, 'entretien')}` : ''}`;
              }}
              ariaLabels={{
                nextMonth: 'Mois suivant',
                previousMonth: 'Mois précédent',
                monthLevelControl: 'Choisir le mois',
                yearLevelControl: 'Choisir l’année',
                nextYear: 'Année suivante',
                previousYear: 'Année précédente',
                nextDecade: 'Décennie suivante',
                previousDecade: 'Décennie précédente',
              }}
              styles={{ weekNumber: { color: 'var(--mantine-color-dimmed)' } }}
            />
            <Text size="xs" c="dimmed" mt="xs" ta="center">
              Les numéros à gauche sont ceux des semaines. Un point signale un entretien.
            </Text>
          </Paper>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Jour choisi">
            <Group gap="xs" mb="sm" wrap="nowrap">
              <IconCalendarEvent size={22} aria-hidden />
              <Title order={2} fz="lg">
                {capitalise(dayFr(plannedAt(selected)))}
              </Title>
            </Group>
            {events.isPending ? (
              <Skeleton h={90} radius="md" />
            ) : selectedEvents.length === 0 ? (
              <Text c="dimmed">Rien de prévu ce jour-là.</Text>
            ) : (
              <Stack gap="xs" component="ul" aria-label="Entretiens du jour" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {selectedEvents.map((e) => (
                  <EventItem key={e.id} event={e} today={today} onDelete={askDelete} />
                ))}
              </Stack>
            )}
          </Paper>
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
                total={counts.data?.upcoming ?? upcoming.data.length}
                today={today}
                onDelete={askDelete}
                empty={
                  <Stack gap="sm" align="flex-start">
                    <Text c="dimmed">Aucun entretien prévu. Un appareil bien entretenu dure plus longtemps !</Text>
                    {planButton}
                  </Stack>
                }
              />
              <EventSection
                title="Mes réalisations"
                list={done}
                total={counts.data?.done ?? done.data.length}
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
