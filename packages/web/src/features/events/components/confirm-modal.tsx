import { MSG } from '@ecofoyer/contracts';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';

export interface Confirm {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
}

/** A confirmation for destructive actions (red only there, UI brief). */
export function ConfirmModal({ confirm, onClose }: { confirm: Confirm | null; onClose: () => void }) {
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
