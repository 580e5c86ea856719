import type { Event } from '@ecofoyer/contracts';
import { Indicator, Paper, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { plannedAt } from '../api/events.ts';
import { dayFr, plural } from '../calendar-format.ts';

/** The month shown, a dot under each day that has events. */
export function MonthCalendar({
  selected,
  onSelect,
  shownMonth,
  onMonthChange,
  byDay,
}: {
  selected: string;
  onSelect: (day: string) => void;
  shownMonth: string;
  onMonthChange: (day: string) => void;
  byDay: Map<string, Event[]>;
}) {
  const renderDay = (date: string) => {
    const day = Number(date.slice(8));
    const dayEvents = byDay.get(date);
    if (!dayEvents) return day;
    const allDone = dayEvents.every((e) => e.status === 'DONE');
    return (
      <Indicator
        size={7}
        color={date === selected ? 'white' : allDone ? 'eco.7' : 'warm.7'}
        position="bottom-center"
        offset={-4}
        zIndex={1}
      >
        <span>{day}</span>
      </Indicator>
    );
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} component="section" aria-label="Mois">
      <DatePicker
        value={selected}
        onChange={(d) => d && onSelect(d)}
        date={shownMonth}
        onDateChange={onMonthChange}
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
  );
}
