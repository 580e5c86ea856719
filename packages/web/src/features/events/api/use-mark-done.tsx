import { type Event, MSG, QUEUE_TEXTS } from '@ecofoyer/contracts';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useUpdateEvent } from './events.ts';

/**
 * « Marquer comme fait » / « J’ai fait l’entretien »: records the maintenance as done now and says so.
 * Offline, it is kept on this device and sent when the network is back (decision 031).
 * The promise, not mutate's own onSuccess: the item may leave its list (unmount) as the lists refetch.
 */
export function useMarkDone() {
  const update = useUpdateEvent();
  const markDone = (id: number, event?: Event) =>
    update
      .mutateAsync({ id, event, done: true })
      .then((done) =>
        notifications.show({
          color: done.pending ? 'yellow' : 'eco',
          ...(done.pending ? { title: MSG.maintenanceDone, message: QUEUE_TEXTS.queued } : { message: MSG.maintenanceDone }),
          icon: <IconCheck size={18} />,
        }),
      )
      .catch(() => undefined);
  return { update, markDone };
}
