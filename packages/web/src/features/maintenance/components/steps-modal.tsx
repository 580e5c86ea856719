import { addPeriods, cardFrequencyFr, type Event, FREQUENCIES, FREQUENCY_LABELS, type Frequency, MSG } from '@ecofoyer/contracts';
import { useCanEdit } from '../../foyer/api/foyer.ts';
import { READ_ONLY_DONE } from '../../foyer/components/writers-only.tsx';
import { Alert, Button, Group, Loader, Modal, Paper, Progress, Radio, Stack, Text, ThemeIcon, Title, Typography } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCalendarRepeat, IconCheck, IconConfetti } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useMemo, useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { localDayKey, plannedAt, plannedUntilQuery, useCreateEvent, useCreateSeries, useUpdateEvent } from '../../events/api/events.ts';
import { EARLY_DONE_WINDOW_DAYS, nearestPlanned } from '../../events/nearest-planned.ts';
import { dayFr, eventBody, type Target } from '../maintenance-event.ts';

/** The recurrence closest to the card's advised frequency (in days), offered first. */
function suggestedFrequency(days: number): Frequency {
  if (days <= 45) return 'monthly';
  if (days <= 135) return '3_months';
  if (days <= 270) return '6_months';
  return 'yearly';
}

/** A step's video; a video the browser cannot play shows the spec's message instead. */
function StepVideo({ src, title }: { src: string; title: string }) {
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <Alert color="gray" icon={<IconAlertCircle />}>
        {MSG.videoUnsupported}
      </Alert>
    );
  return (
    // biome-ignore lint/a11y/useMediaCaption: the cards' videos come without captions; each step's text is shown beside its video.
    <video
      controls
      src={src}
      preload="metadata"
      aria-label={`Vidéo : ${title}`}
      onError={() => setFailed(true)}
      style={{ width: '100%', maxHeight: '50vh', borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-dark-9)' }}
    >
      {MSG.videoUnsupported}
    </video>
  );
}

/**
 * Records "done now": the planned occurrence it stands for when there is one (done early,
 * it leaves « À venir » and its reminder), else a new event dated today; then PUT done (retried
 * without a second POST).
 */
function useRecordDone(target: Target) {
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const queryClient = useQueryClient();
  const created = useRef<Event | null>(null);
  const done = useMutation({
    mutationFn: async () => {
      // What is planned up to the early-done window (a day more for the time zone), not the whole history.
      const events = await queryClient.fetchQuery(plannedUntilQuery(new Date(Date.now() + (EARLY_DONE_WINDOW_DAYS + 1) * 86_400_000)));
      created.current ??=
        nearestPlanned(events, target.card.id, target.applianceId, new Date()) ??
        (await create.mutateAsync(eventBody(target, new Date(), null)));
      return update.mutateAsync({ id: created.current.id, done: true });
    },
  });
  const restart = () => {
    created.current = null;
    done.reset();
  };
  return { done, restart };
}

/** product §2/§4, step dialog: the steps in steporder, then "Bravo, entretien effectué !" with recurrence planning. */
export function StepsModal({ opened, onClose, target }: { opened: boolean; onClose: () => void; target: Target }) {
  const steps = useMemo(() => [...target.card.steplist].sort((a, b) => a.steporder - b.steporder), [target.card.steplist]);
  const [index, setIndex] = useState(0);
  const [frequency, setFrequency] = useState<Frequency>(suggestedFrequency(target.card.frequency));
  const phone = useMediaQuery('(max-width: 48em)');
  const { done, restart } = useRecordDone(target);
  const series = useCreateSeries();
  // A lecteur follows the steps; recording and planning are the household's writers' (the server refuses them too).
  const canEdit = useCanEdit();
  const final = index >= steps.length;
  const step = steps[index];
  const firstNext = addPeriods(plannedAt(localDayKey(new Date())), frequency, 1);

  const close = () => {
    onClose();
    setIndex(0);
    restart();
    series.reset();
  };
  const finish = () => {
    setIndex(steps.length);
    if (canEdit) done.mutate();
  };
  const plan = () =>
    series.mutate(
      { ...eventBody(target, firstNext, null), frequency },
      {
        onSuccess: () => {
          notifications.show({
            color: 'eco',
            title: 'Prochains entretiens planifiés',
            message: `${FREQUENCY_LABELS[frequency]}, à partir du ${dayFr(firstNext)}`,
            icon: <IconCheck size={18} />,
          });
          close();
        },
      },
    );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={target.card.title}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {!final && step && (
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={600} c="eco.8" aria-live="polite">
              Étape {index + 1} sur {steps.length}
            </Text>
            <Progress value={((index + 1) / steps.length) * 100} aria-label={`Étape ${index + 1} sur ${steps.length}`} />
          </Stack>
          <Title order={2} fz="xl">
            {step.title}
          </Title>
          {step.video && <StepVideo key={step.id} src={step.video} title={step.title} />}
          {/* Rich text from the card: sanitised before it reaches the page. */}
          <Typography>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify on the line itself. */}
            <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(step.detail) }} />
          </Typography>
          <Group justify="space-between" mt="md">
            <Button variant="default" onClick={() => setIndex((i) => i - 1)} disabled={index === 0}>
              Précédent
            </Button>
            {index < steps.length - 1 ? (
              <Button onClick={() => setIndex((i) => i + 1)}>Suivant</Button>
            ) : (
              <Button onClick={finish} leftSection={<IconCheck size={20} />}>
                C’est fait !
              </Button>
            )}
          </Group>
        </Stack>
      )}
      {final && (
        <Stack gap="md" align="stretch">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
              <IconConfetti size={40} />
            </ThemeIcon>
            <Title order={2} fz="xl">
              {MSG.maintenanceDone}
            </Title>
            {done.isPending && (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  Enregistrement…
                </Text>
              </Group>
            )}
            {done.isSuccess && <Text c="dimmed">C’est noté dans vos réalisations.</Text>}
          </Stack>
          {done.isError && <ErrorAlert message={done.error.message} onRetry={() => done.mutate()} />}
          {!canEdit && <Text ta="center">{READ_ONLY_DONE}</Text>}
          {canEdit && (
            <Paper withBorder radius="lg" p="md">
              <Radio.Group
                value={frequency}
                onChange={(v) => setFrequency(v as Frequency)}
                label="Planifier les prochains entretiens"
                description={`Conseillé : ${cardFrequencyFr(target.card.frequency).toLowerCase()}.`}
              >
                <Stack gap="xs" mt="sm">
                  {FREQUENCIES.map((f) => (
                    <Radio
                      key={f}
                      value={f}
                      label={FREQUENCY_LABELS[f]}
                      size="md"
                      styles={{ body: { minHeight: 32, alignItems: 'center' } }}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              <Text size="sm" mt="sm">
                Prochain entretien : <strong>{dayFr(firstNext)}</strong>
              </Text>
            </Paper>
          )}
          {series.isError && (
            <Alert color="red" icon={<IconAlertCircle />}>
              {series.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Terminer
            </Button>
            {canEdit && (
              <Button
                color="warm.7"
                onClick={plan}
                loading={series.isPending}
                disabled={!done.isSuccess}
                leftSection={<IconCalendarRepeat size={20} />}
              >
                Planifier
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
