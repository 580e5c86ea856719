import { CLAIM_ROUTE_TITLES, type Claim, dayFr, parisDay } from '@ecofoyer/contracts';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconClockExclamation, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { applianceDetailPath } from '../../appliances/paths.ts';
import { type Confirm, ConfirmModal } from '../../events/components/confirm-modal.tsx';
import { EditOnly } from '../../foyer/components/edit-only.tsx';
import { useClaim, useDeleteClaim } from '../api/claims.ts';
import { ClaimAttachments } from '../components/claim-attachments.tsx';
import { ClaimDocuments } from '../components/claim-documents.tsx';
import { ClaimNextSteps } from '../components/claim-next-steps.tsx';
import { ClaimStatus } from '../components/claim-status.tsx';
import { ClaimSteps } from '../components/claim-steps.tsx';
import { claimsPath } from '../paths.ts';

/**
 * One claim, tracked to its end: who is asked and about what, the deadline (said when it has
 * passed), the document to send, the steps with their dates, the papers kept, and what to do next.
 */
export function ClaimPage() {
  const id = Number(useParams().id);
  const claim = useClaim(id);
  return (
    <Stack gap="md" maw={760}>
      <PageTitle title="Ma démarche" />
      {claim.isPending && <Skeleton h={320} radius="lg" aria-label="Chargement…" />}
      {claim.isError && <ErrorAlert message={claim.error.message} onRetry={() => claim.refetch()} />}
      {claim.data && <ClaimBody claim={claim.data} />}
    </Stack>
  );
}

function ClaimBody({ claim }: { claim: Claim }) {
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const remove = useDeleteClaim();
  const navigate = useNavigate();
  const today = parisDay(new Date());
  const late = claim.echeance !== null && claim.echeance < today;
  return (
    <>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="La démarche">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={applianceDetailPath(claim.applianceId)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {claim.applianceName}
              </Anchor>
              <Text>{CLAIM_ROUTE_TITLES[claim.voie]}</Text>
            </Stack>
            <ClaimStatus claim={claim} />
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <strong>Panne</strong>
            {'\u00a0'}: {claim.defaut}
          </Text>
          {claim.destinataire && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <strong>Adressée à</strong>
              {'\u00a0'}: {claim.destinataire}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Commencée le {dayFr(claim.creeLe.slice(0, 10))}
          </Text>
          {claim.echeance &&
            (late ? (
              <Alert
                color="orange"
                variant="light"
                icon={<IconClockExclamation />}
                title="Le délai de réponse est passé"
                // Orange on its light background is below AA contrast (axe): the title in a dark brown.
                styles={{ title: { color: '#7c2d12' } }}
              >
                Aucune réponse notée depuis le {dayFr(claim.echeance)}. Relancez, puis passez aux étapes suivantes si rien ne bouge.
              </Alert>
            ) : (
              <Text size="sm">Réponse attendue d’ici le {dayFr(claim.echeance)}.</Text>
            ))}
        </Stack>
      </Paper>
      {claim.statut !== 'terminee' && <ClaimDocuments claim={claim} late={late} />}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <ClaimSteps claim={claim} />
      </Paper>
      <ClaimNextSteps claim={claim} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <ClaimAttachments claim={claim} onConfirm={setConfirm} />
      </Paper>
      <EditOnly>
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={18} />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() =>
            setConfirm({
              title: 'Supprimer cette démarche ?',
              message:
                'Ses étapes et ses documents seront supprimés. La panne reste dans l’historique de l’appareil, et ses garanties ne changent pas.',
              confirmLabel: 'Supprimer la démarche',
              onConfirm: async () => {
                await remove.mutateAsync(claim.id);
                navigate(claimsPath, { replace: true });
              },
            })
          }
        >
          Supprimer la démarche
        </Button>
      </EditOnly>
      <ConfirmModal confirm={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
