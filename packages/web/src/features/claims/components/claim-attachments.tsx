import { type Claim, dayFr, FILE_ACCEPT, fileSizeLimitFr } from '@ecofoyer/contracts';
import { ActionIcon, Anchor, Button, FileButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCanEdit } from '../../foyer/api/foyer.ts';
import type { Confirm } from '../../events/components/confirm-modal.tsx';
import { useAddClaimAttachment, useDeleteClaimAttachment } from '../api/claims.ts';

/** The papers of a claim (the seller’s answer, a quote, the repair invoice): listed, opened, added, removed after a confirmation. */
export function ClaimAttachments({ claim, onConfirm }: { claim: Claim; onConfirm: (confirm: Confirm) => void }) {
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const add = useAddClaimAttachment(claim.id, setProgress);
  const remove = useDeleteClaimAttachment(claim.id);
  const canEdit = useCanEdit();
  const pick = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      await add.mutateAsync(file);
    } catch (e) {
      setError(errorMessage(e, ''));
    }
  };
  return (
    <Stack gap="sm" component="section" aria-label="Documents de la démarche">
      <Title order={2} fz="lg">
        Documents
      </Title>
      {claim.pieces.length === 0 ? (
        <Text size="sm" c="dimmed">
          Gardez ici la réponse du vendeur, un devis, la facture de réparation{'\u00a0'}: ils vous serviront si la démarche se prolonge.
        </Text>
      ) : (
        <Stack gap={6}>
          {claim.pieces.map((piece) => (
            <Group key={piece.id} gap="xs" wrap="nowrap" justify="space-between">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <IconPaperclip size={18} aria-hidden />
                <Anchor href={piece.fileUrl} target="_blank" rel="noopener" style={{ overflowWrap: 'anywhere' }}>
                  {piece.nom}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {dayFr(piece.ajouteLe.slice(0, 10))}
                </Text>
              </Group>
              {canEdit && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={44}
                  aria-label={`Retirer ${piece.nom}`}
                  onClick={() =>
                    onConfirm({
                      title: 'Retirer ce document ?',
                      message: `« ${piece.nom} » sera supprimé de la démarche.`,
                      confirmLabel: 'Retirer',
                      onConfirm: () => remove.mutateAsync(piece.id),
                    })
                  }
                >
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {canEdit && (
        <Stack gap={6}>
          <FileButton onChange={pick} accept={FILE_ACCEPT.invoice}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconPaperclip size={18} />}
                loading={add.isPending}
                style={{ alignSelf: 'flex-start' }}
              >
                Joindre un document
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            PDF, JPEG ou PNG, {fileSizeLimitFr('invoice')} au plus
          </Text>
          {add.isPending && <Progress value={progress} animated aria-label={`Envoi : ${progress} %`} />}
          {error && (
            <Text c="red.9" size="sm" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
