import { QUEUE_TEXTS } from '@ecofoyer/contracts';
import { Badge } from '@mantine/core';
import type { Pending } from '../../../lib/offline-writes.ts';

/** « En attente d’envoi » on an entry changed offline (decision 031); « Non envoyée » once the server refused it. */
export function PendingBadge({ entry }: { entry: Pending<object> }) {
  if (!entry.pending) return null;
  return entry.pending === 'refused' ? (
    <Badge color="red" c="red.9" variant="light" size="sm" data-testid="pending-badge">
      Non envoyée
    </Badge>
  ) : (
    <Badge color="yellow" c="yellow.9" variant="light" size="sm" data-testid="pending-badge">
      {QUEUE_TEXTS.pending}
    </Badge>
  );
}
