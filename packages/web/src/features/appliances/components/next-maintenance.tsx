import { type Event, longDateFr } from '@ecofoyer/contracts';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { localDayKey, localTimeZone } from '../../events/api/events.ts';
import { useMarkDone } from '../../events/api/use-mark-done.tsx';
import { useCanEdit, useFoyerRole } from '../../foyer/api/foyer.ts';

/** The planned maintenance to do first: the oldest still to do (a late one is what is owed). */
export function nextPlanned(events: readonly Event[]): Event | null {
  return (
    events
      .filter((e) => e.type === 'MAINTENANCE' && e.status !== 'DONE')
      .toSorted((a, b) => a.dt_realisation.localeCompare(b.dt_realisation) || a.id - b.id)[0] ?? null
  );
}

/**
 * « Prochain entretien » on the appliance's page, with « J’ai fait l’entretien » for those who may
 * change the household's data. Opened from the appliance's QR label (`focus`), the page
 * brings it into view and puts the focus on its button: what one comes to the device to do.
 */
export function NextMaintenance({ event, focus }: { event: Event; focus: boolean }) {
  const { update, markDone: done } = useMarkDone();
  const role = useFoyerRole();
  const canEdit = useCanEdit();
  const block = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Once the role is known: a lecteur has no button, and the block itself takes the focus.
    const target = block.current;
    if (!focus || role === undefined || !target) return;
    const show = () => target.scrollIntoView({ block: 'center' });
    show();
    (button.current ?? target).focus({ preventScroll: true });
    // The sections above may still be loading (« Mes droits »): the block stays in view while they
    // grow, until the user scrolls or touches the page, or the page has settled.
    const observer = new ResizeObserver(show);
    observer.observe(document.body);
    const inputs = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      for (const input of inputs) window.removeEventListener(input, stop);
    };
    const timer = window.setTimeout(stop, 3000);
    for (const input of inputs) window.addEventListener(input, stop, { passive: true });
    return stop;
  }, [focus, role]);

  const late = localDayKey(event.dt_realisation) < localDayKey(new Date());
  const markDone = () => done(event.id, event);

  return (
    <Paper ref={block} withBorder radius="md" p="sm" mb="sm" bg="var(--mantine-color-eco-0)" tabIndex={-1} data-testid="next-maintenance">
      <Stack gap={6}>
        <Text fw={700}>Prochain entretien : {event.title}</Text>
        <Group gap="xs">
          <Text size="sm">Prévu le {longDateFr(event.dt_realisation, localTimeZone())}</Text>
          {late && (
            <Badge color="red" c="red.9" variant="light" size="sm">
              En retard
            </Badge>
          )}
        </Group>
        {canEdit && (
          <Group gap="sm">
            <Button ref={button} size="sm" h={44} leftSection={<IconCheck size={18} />} onClick={markDone} loading={update.isPending}>
              J’ai fait l’entretien
            </Button>
            {update.isError && (
              <Text size="sm" c="red.8" role="alert">
                {update.error.message}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
