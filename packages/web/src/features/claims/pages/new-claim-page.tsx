import { CLAIM_MSG, CLAIM_ROUTE_TITLES, type ClaimRoute, type ClaimRouteKind, MSG } from '@ecofoyer/contracts';
import { Alert, Badge, Button, Group, Paper, Radio, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { FormOutcome, useFormOutcome } from '../../../components/form-outcome.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAppliance } from '../../appliances/api/appliances.ts';
import { useApplianceEvents } from '../../events/api/events.ts';
import { writersOnly } from '../../foyer/components/writers-only.tsx';
import { useClaimOptions, useCreateClaim } from '../api/claims.ts';
import { claimPath, claimsPath } from '../paths.ts';

/** The routes where the request goes to the seller: the appliance's seller is who is asked. */
const TO_SELLER: ReadonlySet<ClaimRouteKind> = new Set(['garantie-legale', 'garantie-commerciale', 'vices-caches']);

function RouteCard({ route, recommended }: { route: ClaimRoute; recommended: boolean }) {
  return (
    <Paper withBorder radius="md" p="md" bg={route.applicable ? undefined : 'gray.0'}>
      <Radio
        value={route.voie}
        disabled={!route.applicable}
        label={
          <Group gap="xs" component="span">
            <Text component="span" fw={600}>
              {route.titre}
            </Text>
            {recommended && (
              <Badge component="span" color="eco" variant="light">
                Conseillée
              </Badge>
            )}
            {route.aConfirmer && (
              <Badge component="span" color="dark" variant="outline">
                À confirmer
              </Badge>
            )}
            {!route.applicable && (
              <Badge component="span" color="gray" variant="light">
                Ne s’applique pas
              </Badge>
            )}
          </Group>
        }
        description={
          <Stack gap={4} component="span" mt={4}>
            <Text component="span" size="sm" c="var(--mantine-color-text)">
              {route.raison}
            </Text>
            <Text component="span" size="sm" c="var(--mantine-color-text)">
              <strong>Coût</strong>
              {'\u00a0'}: {route.cout}
            </Text>
            <Text component="span" size="sm" c="var(--mantine-color-text)">
              <strong>Délai</strong>
              {'\u00a0'}: {route.delai}
            </Text>
            <Text component="span" size="xs" c="dimmed">
              {route.source}
            </Text>
          </Stack>
        }
      />
    </Paper>
  );
}

/**
 * « Lancer ma démarche »: from a breakdown, the routes in the order they apply today (the legal
 * guarantee first), each with why, its cost and its time; the one chosen becomes a claim with its
 * document ready, on its own page.
 */
function NewClaimPageInner() {
  const [search] = useSearchParams();
  const applianceId = Number(search.get('applianceId'));
  const eventId = Number(search.get('eventId')) || null;
  const appliance = useAppliance(applianceId);
  const events = useApplianceEvents(applianceId);
  const options = useClaimOptions(applianceId);
  if (!Number.isInteger(applianceId) || applianceId <= 0)
    return (
      <Stack gap="md" maw={760}>
        <PageTitle title="Ma démarche" />
        <Alert color="gray" variant="light">
          Choisissez d’abord l’appareil en panne dans votre inventaire, puis «{'\u00a0'}Lancer ma démarche{'\u00a0'}» sur sa fiche.
        </Alert>
      </Stack>
    );
  const failed = appliance.error ?? options.error;
  return (
    <Stack gap="md" maw={760}>
      <PageTitle title="Ma démarche" />
      {(appliance.isPending || options.isPending || events.isPending) && !failed && (
        <Skeleton h={320} radius="lg" aria-label="Chargement…" />
      )}
      {failed && <ErrorAlert message={failed.message} onRetry={() => Promise.all([appliance.refetch(), options.refetch()])} />}
      {appliance.data && options.data && events.data && (
        <ClaimForm
          applianceId={applianceId}
          applianceName={appliance.data.name}
          vendeur={appliance.data.vendeur}
          eventId={eventId && events.data.some((e) => e.id === eventId && e.type === 'PANNE') ? eventId : null}
          defect={
            events.data.find((e) => e.id === eventId)?.title ??
            events.data
              .filter((e) => e.type === 'PANNE' && e.status === 'NEW')
              .sort((a, b) => b.dt_realisation.localeCompare(a.dt_realisation))[0]?.title ??
            appliance.data.panne_note ??
            ''
          }
          routes={options.data.voies}
          recommended={options.data.recommandee}
        />
      )}
    </Stack>
  );
}

function ClaimForm({
  applianceId,
  applianceName,
  vendeur,
  eventId,
  defect,
  routes,
  recommended,
}: {
  applianceId: number;
  applianceName: string;
  vendeur: string | null;
  eventId: number | null;
  defect: string;
  routes: ClaimRoute[];
  recommended: ClaimRouteKind | null;
}) {
  const navigate = useNavigate();
  const create = useCreateClaim();
  const outcome = useFormOutcome();
  const form = useForm({
    mode: 'controlled',
    onValuesChange: () => outcome.clear(),
    initialValues: {
      voie: (recommended ?? '') as ClaimRouteKind | '',
      // A breakdown's title often starts with its kind (« Panne : … », from the assistant): the letter says it already.
      defaut: defect.replace(/^(\s*panne\s*:\s*)+/i, ''),
      destinataire: vendeur ?? '',
    },
    validate: {
      voie: (v) => (v ? null : CLAIM_MSG.claimRouteInvalid),
      defaut: (v) => (v.trim() ? null : CLAIM_MSG.claimDefectRequired),
    },
  });
  const submit = form.onSubmit(async ({ voie, defaut, destinataire }) => {
    if (!voie) return;
    try {
      const claim = await create.mutateAsync({
        applianceId,
        voie,
        eventId,
        defaut: defaut.trim(),
        destinataire: destinataire.trim() || (TO_SELLER.has(voie) ? vendeur : null),
      });
      navigate(claimPath(claim.id));
    } catch (error) {
      outcome.failed(errorMessage(error, MSG.serverError));
    }
  }, outcome.invalid);
  const chosen = form.values.voie;
  return (
    <form onSubmit={submit} noValidate aria-label="Préparer ma démarche">
      <Stack gap="md">
        <Text>
          {applianceName}
          {'\u00a0'}: voici, dans l’ordre, ce qui s’applique aujourd’hui. La première voie ouverte est en général la moins chère et la plus
          rapide.
        </Text>
        <Radio.Group label="Quelle démarche ?" {...form.getInputProps('voie')}>
          <Stack gap="sm" mt="xs">
            {routes.map((route) => (
              <RouteCard key={route.voie} route={route} recommended={route.voie === recommended} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="La panne"
          description="Ce que vous constatez, et depuis quand."
          autosize
          minRows={2}
          {...form.getInputProps('defaut')}
        />
        {chosen && chosen !== 'seconde-vie' && (
          <TextInput
            label={TO_SELLER.has(chosen) ? 'Le vendeur' : chosen === 'reparation-fabricant' ? 'Le fabricant' : 'Le réparateur'}
            description="Son nom, tel qu’il figurera sur le courrier."
            {...form.getInputProps('destinataire')}
          />
        )}
        <FormOutcome outcome={outcome} />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Préparer ma démarche
          </Button>
          {chosen && (
            <Text size="sm" c="dimmed">
              {CLAIM_ROUTE_TITLES[chosen]}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** A lecteur reads the household's claims but starts none. */
export const NewClaimPage = writersOnly(NewClaimPageInner, () => claimsPath);
