import { fileSizeLimitFr } from '@ecofoyer/contracts';
import { Button, FileButton, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { OfflineNote } from '../../../components/offline-note.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useOffline } from '../../../lib/network-state.ts';
import { type ApplianceFileSlot, SLOT_KINDS, useUploadApplianceFile } from '../api/appliances.ts';
import { useCanEdit } from '../../foyer/api/foyer.ts';

/** What the picker takes, said before the user picks, not learnt from a refusal. */
const FORMATS: Record<ApplianceFileSlot, string> = { facture: 'PDF, JPEG ou PNG', notice: 'PDF', image: 'JPEG, PNG ou WebP' };

/** Picks a file and uploads it to an appliance slot, showing progress and the French error. */
export function FileUploadButton({
  applianceId,
  slot,
  accept,
  label,
  icon,
  onDone,
}: {
  applianceId: number;
  slot: ApplianceFileSlot;
  accept: string;
  label: string;
  icon?: ReactNode;
  onDone?: () => void;
}) {
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadApplianceFile(setProgress);
  const canEdit = useCanEdit();
  const pick = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ id: applianceId, slot, file });
      onDone?.();
    } catch (e) {
      setError(errorMessage(e, ''));
    }
  };
  const offline = useOffline();
  // A lecteur (read-only member) adds no file.
  if (!canEdit) return null;
  return (
    <Stack gap={6}>
      <FileButton onChange={pick} accept={accept} disabled={offline}>
        {(props) => (
          <Button {...props} variant="light" leftSection={icon ?? <IconUpload size={18} />} loading={upload.isPending} disabled={offline}>
            {label}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        {FORMATS[slot]}, {fileSizeLimitFr(SLOT_KINDS[slot])} au plus
      </Text>
      <OfflineNote what="l’envoi de fichiers" />
      {upload.isPending && <Progress value={progress} animated aria-label={`Envoi : ${progress} %`} />}
      {error && (
        <Text c="red.9" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
