import { CLAIM_ROUTE_TITLES, dayFr, parisDay } from '@ecofoyer/contracts';
import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useClaims } from '../api/claims.ts';
import { ClaimStatus } from '../components/claim-status.tsx';
import { claimPath } from '../paths.ts';

/** « Mes démarches »: every claim of the household, the ones waiting past their deadline first said so. */
export function ClaimsPage() {
  const claims = useClaims();
  const today = parisDay(new Date());
  return (
    <Stack gap="md" maw={760}>
      <PageTitle title="Mes démarches" />
      {claims.isPending && <Skeleton h={160} radius="lg" aria-label="Chargement…" />}
      {claims.isError && <ErrorAlert message={claims.error.message} onRetry={() => claims.refetch()} />}
      {claims.data?.length === 0 && (
        <Alert color="gray" variant="light" title="Aucune démarche pour l’instant">
          Quand un appareil tombe en panne, ouvrez sa fiche : « Lancer ma démarche » vous dit qui peut le réparer, le remplacer ou vous
          rembourser, prépare le courrier et vous rappelle les délais.
        </Alert>
      )}
      {claims.data?.map((claim) => {
        const late = claim.echeance !== null && claim.echeance < today;
        return (
          <Paper key={claim.id} withBorder radius="lg" p="md" component="article" aria-label={`Démarche pour ${claim.applianceName}`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={claimPath(claim.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {claim.applianceName}
                </Anchor>
                <Text size="sm">{CLAIM_ROUTE_TITLES[claim.voie]}</Text>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {claim.defaut}
                </Text>
              </Stack>
              <ClaimStatus claim={claim} />
            </Group>
            {claim.echeance && (
              <Group gap={6} mt="xs" c={late ? '#9a3412' : undefined}>
                {late && <IconClockExclamation size={18} aria-hidden />}
                <Text size="sm">
                  {late
                    ? `Sans réponse depuis le ${dayFr(claim.echeance)} : relancez.`
                    : `Réponse attendue d’ici le ${dayFr(claim.echeance)}.`}
                </Text>
              </Group>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
