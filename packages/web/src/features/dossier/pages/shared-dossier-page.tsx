import { appliancesCountFr, eurosFr, longDateFr, MSG, type SharedDossier } from '@ecofoyer/contracts';
import { Alert, Anchor, Box, Group, Image, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconEye } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import emptyRoom from '../../../assets/illustrations/empty-room.svg';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { Logo } from '../../../components/logo.tsx';
import { Skeletons } from '../../../components/skeletons.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { expiryFr } from '../../foyer/expiry.ts';
import { useSharedDossier } from '../api/shared-dossier.ts';
import { SharedApplianceCard } from '../components/shared-appliance-card.tsx';

/**
 * The page's title, and no indexing: the link is a secret between the household and the person it
 * was sent to (the app has no head manager, so the tags are set here and put back on leaving).
 */
function useSharedPageHead() {
  useEffect(() => {
    const title = document.title;
    document.title = 'Inventaire partagé — EcoFoyer';
    const robots = Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex, nofollow' });
    document.head.append(robots);
    return () => {
      document.title = title;
      robots.remove();
    };
  }, []);
}

/** « Inventaire du foyer de Claire » for a foyer named « Foyer de Claire », « Inventaire du foyer « Les Durand » » otherwise (a foyer without a name of its own: MSG.sharedInventoryTitle). */
function inventoryOf(foyer: string): string {
  return /^foyer de /i.test(foyer) ? `Inventaire du foyer${foyer.slice(5)}` : `Inventaire du foyer « ${foyer} »`;
}

/**
 * `/partage/:jeton`: a household's inventory as a read-only link shows it, to someone
 * without an account (an insurer, a mover). No session is needed, none is used and none is ended.
 */
export function SharedDossierPage() {
  const { jeton } = useParams();
  const shared = useSharedDossier(jeton);
  useSharedPageHead();
  // 404 (unknown link) and 410 (expired or revoked) are final: trying again would not help.
  const final = shared.error instanceof ApiError && shared.error.status >= 400 && shared.error.status < 500;

  return (
    <Box component="main" mih="100dvh" bg="var(--mantine-color-eco-0)" py="lg" px="md">
      <Stack maw={1100} mx="auto" gap="lg">
        <Anchor component={Link} to="/login" underline="never" aria-label="EcoFoyer" style={{ alignSelf: 'flex-start' }}>
          <Logo size={36} />
        </Anchor>
        {!shared.data && (
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Inventaire partagé
          </Title>
        )}
        {shared.isPending && (
          <Stack gap="md" aria-busy="true" aria-label="Chargement de l’inventaire">
            <Skeleton height={20} width="40%" />
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <Skeletons count={3} h={320} />
            </SimpleGrid>
          </Stack>
        )}
        {shared.isError &&
          (final ? (
            <Alert color="red" icon={<IconAlertCircle />} title="Lien indisponible" role="alert" maw={640}>
              {errorMessage(shared.error, MSG.shareUnknown)}
            </Alert>
          ) : (
            <Box maw={640}>
              <ErrorAlert message={errorMessage(shared.error, MSG.networkError)} onRetry={() => void shared.refetch()} />
            </Box>
          ))}
        {shared.data && <Inventory dossier={shared.data} />}
        <Text size="sm" c="dimmed">
          Inventaire tenu avec EcoFoyer, qui aide les foyers à entretenir, réparer et faire durer leurs appareils.{' '}
          <Anchor component={Link} to="/register" size="sm" underline="always">
            Créer mon compte gratuit
          </Anchor>
        </Text>
      </Stack>
    </Box>
  );
}

function Inventory({ dossier: d }: { dossier: SharedDossier }) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
          {d.foyer ? inventoryOf(d.foyer) : MSG.sharedInventoryTitle}
        </Title>
        <Group gap={6} mt={4} wrap="nowrap" align="flex-start">
          <IconEye size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
          <Text>Partagé en lecture seule jusqu’au {expiryFr(d.expireLe)}.</Text>
        </Group>
        <Text size="sm" c="dimmed" mt={2}>
          État de l’inventaire au {longDateFr(d.etabliLe)}.
        </Text>
      </div>
      <Paper withBorder radius="lg" p="md" component="section" aria-label="Résumé">
        <Text fw={700} fz="lg">
          {appliancesCountFr(d.nombre)}
        </Text>
        <Text>
          {d.prixConnus > 0 ? (
            <>
              Valeur d’achat totale : <strong>{eurosFr(d.valeurTotale)}</strong> (prix connu pour {appliancesCountFr(d.prixConnus)})
            </>
          ) : (
            'Valeur d’achat totale : aucun prix d’achat n’est renseigné.'
          )}
        </Text>
      </Paper>
      {d.appareils.length === 0 ? (
        <Stack align="center" gap="sm" py="lg">
          <Image src={emptyRoom} alt="" w={240} maw="100%" h="auto" />
          <Text fw={600}>Aucun appareil dans cet inventaire.</Text>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="section" aria-label="Appareils">
          {d.appareils.map((a) => (
            <SharedApplianceCard key={a.id} appliance={a} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
