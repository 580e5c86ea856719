import { type Appliance, CLAIM_ROUTE_TITLES, dayFr, type Event, parisDay } from '@ecofoyer/contracts';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { EditOnly } from '../../foyer/components/edit-only.tsx';
import { useClaims } from '../api/claims.ts';
import { claimPath, newClaimPath } from '../paths.ts';
import { ClaimStatus } from './claim-status.tsx';

/**
 * « Ma démarche » on the appliance page: its claims, and the way to start one from its latest
 * breakdown still open (or from a new one described on the next page).
 */
export function ApplianceClaims({ appliance, events }: { appliance: Appliance; events: Event[] }) {
  const claims = useClaims(appliance.id);
  const today = parisDay(new Date());
  const breakdown = events
    .filter((e) => e.type === 'PANNE' && e.status === 'NEW')
    .sort((a, b) => b.dt_realisation.localeCompare(a.dt_realisation))[0];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Ma démarche">
      <Group gap="xs" mb="sm">
        <IconScale size={22} aria-hidden />
        <Title order={2} fz="lg">
          Ma démarche
        </Title>
      </Group>
      {claims.isPending && <Skeleton h={48} radius="md" />}
      {claims.isError && <ErrorAlert message={claims.error.message} onRetry={() => claims.refetch()} />}
      <Stack gap="sm">
        {claims.data?.map((claim) => (
          <Group key={claim.id} justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={claimPath(claim.id)} style={{ overflowWrap: 'anywhere' }}>
                {CLAIM_ROUTE_TITLES[claim.voie]}
              </Anchor>
              <Text size="xs" c={claim.echeance && claim.echeance < today ? '#9a3412' : 'dimmed'}>
                {claim.echeance
                  ? claim.echeance < today
                    ? `Sans réponse depuis le ${dayFr(claim.echeance)}`
                    : `Réponse attendue d’ici le ${dayFr(claim.echeance)}`
                  : `Commencée le ${dayFr(claim.creeLe.slice(0, 10))}`}
              </Text>
            </Stack>
            <ClaimStatus claim={claim} />
          </Group>
        ))}
        {claims.data?.length === 0 && (
          <Text size="sm">
            {breakdown
              ? `Panne signalée le ${dayFr(parisDay(new Date(breakdown.dt_realisation)))}\u00a0: voyez qui doit la réparer, ce que cela coûte et en combien de temps, et le courrier à envoyer.`
              : 'En cas de panne, voyez qui doit réparer l’appareil, ce que cela coûte et en combien de temps, et le courrier à envoyer.'}
          </Text>
        )}
        <EditOnly>
          <Button component={Link} to={newClaimPath(appliance.id, breakdown?.id)} variant="light" style={{ alignSelf: 'flex-start' }}>
            Lancer ma démarche
          </Button>
        </EditOnly>
      </Stack>
    </Paper>
  );
}
