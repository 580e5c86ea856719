import { TEXT_MAX } from '@ecofoyer/contracts';
import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCalendarPlus, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { AutoTextarea } from '../../../components/auto-textarea.tsx';
import { localDayKey, plannedAt, useCreateEvent } from '../../events/api/events.ts';
import { AssigneeSelect } from '../../foyer/components/assignee-select.tsx';
import { dayFr, eventBody, type Target } from '../maintenance-event.ts';

/** product §2, planning modal: a date (not in the past), shown in long French, a free note, "Valider". */
export function PlanModal({
  opened,
  onClose,
  target,
  onPlanned,
}: {
  opened: boolean;
  onClose: () => void;
  target: Target;
  onPlanned: (day: string) => void;
}) {
  const today = localDayKey(new Date());
  const [day, setDay] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [assigneeId, setAssigneeId] = useState<number | null>(null);
  const create = useCreateEvent();
  const phone = useMediaQuery('(max-width: 48em)');

  const close = () => {
    create.reset();
    onClose();
  };
  const submit = () => {
    if (!day) return;
    create.mutate(
      { ...eventBody(target, plannedAt(day), note), ...(assigneeId ? { assigneeId } : {}) },
      {
        onSuccess: () => {
          notifications.show({
            color: 'eco',
            title: 'Entretien planifié',
            message: `${target.card.title} : ${dayFr(plannedAt(day))}`,
            icon: <IconCheck size={18} />,
          });
          setDay(null);
          setNote('');
          onPlanned(day);
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Planifier cet entretien"
      fullScreen={phone}
      size="auto"
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md" maw={420} mx="auto">
        <Text fw={600}>{target.card.title}</Text>
        <Stack gap={4} align="center">
          <Text size="sm" c="dimmed" ta="center" w="100%">
            Choisissez le jour :
          </Text>
          <DatePicker
            value={day}
            onChange={setDay}
            minDate={today}
            defaultDate={today}
            size="lg"
            hideOutsideDates
            highlightToday
            allowDeselect={false}
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
            getDayAriaLabel={(d) => dayFr(plannedAt(d))}
          />
        </Stack>
        <Paper withBorder radius="md" p="sm" bg={day ? 'eco.0' : undefined} aria-live="polite" data-testid="planned-date">
          {day ? (
            <Group gap="xs" wrap="nowrap">
              <IconCalendarPlus size={20} aria-hidden />
              <Text fw={600}>{dayFr(plannedAt(day))}</Text>
            </Group>
          ) : (
            <Text c="dimmed">Aucune date choisie.</Text>
          )}
        </Paper>
        <AutoTextarea
          label="Note (facultatif)"
          placeholder="Ex. : penser à acheter du vinaigre blanc"
          value={note}
          maxLength={TEXT_MAX}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <AssigneeSelect value={assigneeId} onChange={setAssigneeId} />
        {create.isError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {create.error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="subtle" onClick={close}>
            Annuler
          </Button>
          <Button onClick={submit} disabled={!day} loading={create.isPending}>
            Valider
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
