import type { Droits } from '@ecofoyer/contracts';
import { Alert, Badge, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconScale, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useRights } from '../api/rights.ts';

const dateFr = (iso: string) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

function Guarantee({ label, active, until, children }: { label: string; active: boolean; until: string; children?: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {active ? <IconShieldCheck color="var(--mantine-color-eco-7)" aria-hidden /> : <IconShieldX color="var(--mantine-color-gray-6)" aria-hidden />}
      <Stack gap={2}>
        <Text fw={600}>
          {label}{' '}
          <Badge variant="light" color={active ? 'eco' : 'gray'} ml={4}>
            {active ? 'en cours' : 'terminée'}
          </Badge>
        </Text>
        <Text size="sm">
          {active ? 'Jusqu’au' : 'Terminée le'} {dateFr(until)}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

/**
 * « Mes droits » on the appliance page (issue 20): the legal and commercial guarantees, the spare
 * parts, the repair bonus and what to do now, with the articles of law in « En savoir plus ».
 */
export function RightsSection({ applianceId }: { applianceId: number }) {
  const rights = useRights(applianceId);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Mes droits">
      <Group gap="xs" mb="sm">
        <IconScale size={22} aria-hidden />
        <Title order={2} fz="lg">
          Mes droits
        </Title>
      </Group>
      {rights.isPending && <Skeleton h={120} radius="md" />}
      {rights.isError && <ErrorAlert message={rights.error.message} onRetry={() => rights.refetch()} />}
      {rights.data && <RightsBody rights={rights.data} />}
    </Paper>
  );
}

function RightsBody({ rights }: { rights: Droits }) {
  const { legale, commerciale, pieces, bonus, conseil } = rights;
  return (
    <Stack gap="md" data-testid="rights">
      <Alert color={conseil.action === 'renseigner' ? 'orange' : 'eco'} variant="light" title="Que faire en cas de panne ?">
        {conseil.texte}
      </Alert>
      {legale && (
        <Guarantee label="Garantie légale de conformité" active={legale.active} until={legale.fin}>
          {legale.prolongations.length > 0 && (
            <List size="sm">
              {legale.prolongations.map((p) => (
                <List.Item key={p.raison}>{p.raison}</List.Item>
              ))}
            </List>
          )}
        </Guarantee>
      )}
      {commerciale && <Guarantee label="Garantie commerciale" active={commerciale.active} until={commerciale.fin} />}
      <Stack gap={2}>
        <Text fw={600}>Pièces détachées</Text>
        <Text size="sm">{pieces.jusqua ? `Disponibles au moins jusqu’en ${pieces.jusqua.slice(0, 4)} (estimation).` : pieces.annees ? `Au moins ${pieces.annees} ans.` : 'Pas de durée minimale fixée par la loi.'}</Text>
        <Text size="xs" c="dimmed">
          {pieces.source}
        </Text>
      </Stack>
      <Stack gap={2}>
        <Text fw={600}>Bonus réparation</Text>
        <Text size="sm">{bonus.raison}</Text>
      </Stack>
      <details>
        <summary>En savoir plus sur vos droits</summary>
        <Text size="sm" mt="xs">
          Garantie légale de conformité : 2 ans à partir de la livraison pour un appareil neuf, 1 an pour un appareil d’occasion acheté à un
          professionnel ; 6 mois de plus après chaque réparation faite dans ce cadre ; un appareil remplacé par le vendeur, alors que vous aviez
          demandé sa réparation, repart pour 2 ans (articles L217-3, L217-7 et L217-13 du code de la consommation). Le vendeur doit réparer ou
          remplacer gratuitement dans les 30 jours.
        </Text>
        <Text size="sm" mt="xs">
          Garantie commerciale : celle que le vendeur ou le fabricant vous a promise ; une immobilisation d’au moins 7 jours pour une réparation
          qu’elle couvre s’ajoute à sa durée (article L217-28). Défaut caché présent dès l’achat : une action reste possible dans les 2 ans de sa
          découverte (articles 1641 et 1648 du code civil).
        </Text>
      </details>
    </Stack>
  );
}
