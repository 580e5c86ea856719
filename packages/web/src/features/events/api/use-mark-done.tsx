import { MSG } from '@ecofoyer/contracts';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useUpdateEvent } from './events.ts';

/**
 * « Marquer comme fait » / « J’ai fait l’entretien »: records the maintenance as done now and says so.
 * The promise, not mutate's own onSuccess: the item may leave its list (unmount) as the lists refetch.
 */
export function useMarkDone() {
  const update = useUpdateEvent();
  const markDone = (id: number) =>
    update
      .mutateAsync({ id, done: true })
      .then(() => notifications.show({ color: 'eco', message: MSG.maintenanceDone, icon: <IconCheck size={18} /> }))
      .catch(() => undefined);
  return { update, markDone };
}
