import { type Appliance, carbonBySlug, claimLetter, type Droits, dayFr, type Event, parisDay } from '@ecofoyer/contracts';
import { Alert, Badge, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { IconCopy, IconFileDownload, IconScale, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useSession } from '../../auth/api/use-session.ts';
import { useRefProducts } from '../../references/api/references.ts';
import { letterPdf } from '../../../lib/letter-pdf.ts';
import { repairOrReplace } from '../repair-or-replace.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useRights } from '../../appliances/api/rights.ts';
import { RepairBonusSource } from '../../../components/repair-bonus-source.tsx';

function Guarantee({ label, active, until, children }: { label: string; active: boolean; until: string; children?: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {active ? (
        <IconShieldCheck color="var(--mantine-color-eco-7)" aria-hidden />
      ) : (
        <IconShieldX color="var(--mantine-color-gray-6)" aria-hidden />
      )}
      <Stack gap={2}>
        <Text fw={600}>
          {label}{' '}
          <Badge variant="light" color={active ? 'eco' : 'gray'} ml={4}>
            {active ? 'en cours' : 'terminée'}
          </Badge>
        </Text>
        <Text size="sm">
          {active ? 'Jusqu’au' : 'Terminée le'} {dayFr(until)}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

/**
 * « Mes droits » on the appliance page: the legal and commercial guarantees, the spare
 * parts, the repair bonus and what to do now, with the articles of law in « En savoir plus ».
 */
export function RightsSection({ appliance, events }: { appliance: Appliance; events: Event[] }) {
  const rights = useRights(appliance.id);
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
      {rights.data && <RightsBody rights={rights.data} appliance={appliance} events={events} />}
    </Paper>
  );
}

function RightsBody({ rights, appliance, events }: { rights: Droits; appliance: Appliance; events: Event[] }) {
  const { legale, commerciale, pieces, bonus, conseil } = rights;
  const products = useRefProducts();
  const carbonSlug = products.data?.find((p) => p.id === appliance.prod_id)?.carbonSlug;
  const choice = repairOrReplace(
    rights,
    appliance.dt_livraison ?? appliance.dt_achat,
    carbonSlug ? carbonBySlug.get(carbonSlug) : undefined,
    parisDay(new Date()),
    {
      kwhYear: appliance.energy_kwh_year,
      classe: appliance.classenergie,
    },
  );
  return (
    <Stack gap="md" data-testid="rights">
      {/* Orange's title on its light background is below AA contrast (axe): gray when a date is missing. */}
      <Alert color={conseil.action === 'renseigner' ? 'gray' : 'eco'} variant="light" title="Que faire en cas de panne ?">
        {conseil.texte}
      </Alert>
      <Stack gap={2} data-testid="repair-or-replace">
        <Text fw={600}>Réparer ou remplacer ?</Text>
        <Text size="sm">{choice.texte}</Text>
      </Stack>
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
        <Text size="sm">{pieces.texte}</Text>
        <Text size="xs" c="dimmed">
          {pieces.source}
        </Text>
      </Stack>
      <Stack gap={2}>
        <Text fw={600}>Bonus réparation</Text>
        <Text size="sm">{bonus.raison}</Text>
        {bonus.montant > 0 && <RepairBonusSource />}
      </Stack>
      {(legale?.active || commerciale?.active) && <ClaimLetter appliance={appliance} events={events} />}
      <details>
        <summary>En savoir plus sur vos droits</summary>
        <Text size="sm" mt="xs">
          Garantie légale de conformité : 2 ans à partir de la livraison, pour un appareil neuf comme pour un appareil d’occasion acheté à
          un professionnel ; pendant ce délai, le défaut est présumé exister dès la livraison (12 mois seulement pour un appareil
          d’occasion : ensuite, c’est à vous de le montrer) ; 6 mois de plus après chaque réparation faite dans ce cadre ; un appareil
          remplacé par le vendeur, alors que vous aviez demandé sa réparation, repart pour 2 ans (articles L217-3, L217-7 et L217-13 du code
          de la consommation). Le vendeur doit réparer ou remplacer gratuitement dans les 30 jours.
        </Text>
        <Text size="sm" mt="xs">
          Garantie commerciale : celle que le vendeur ou le fabricant vous a promise ; une immobilisation d’au moins 7 jours pour une
          réparation qu’elle couvre s’ajoute à sa durée (article L217-28). Défaut caché présent dès l’achat : une action reste possible dans
          les 2 ans de sa découverte (articles 1641 et 1648 du code civil).
        </Text>
      </details>
    </Stack>
  );
}

/** The letter to the seller: pre-filled, to copy into an e-mail or download as a PDF. */
function ClaimLetter({ appliance, events }: { appliance: Appliance; events: Event[] }) {
  const session = useSession();
  const breakdown = events.filter((e) => e.type === 'PANNE').sort((a, b) => b.dt_realisation.localeCompare(a.dt_realisation))[0];
  const paragraphs = claimLetter({
    prenom: session?.firstname ?? '',
    nom: session?.lastname ?? '',
    adresse: session?.adresse ?? null,
    vendeur: appliance.vendeur,
    appareil: appliance.prod_name ?? appliance.name,
    marque: appliance.marque,
    modele: appliance.modele,
    numeroSerie: appliance.numero_serie,
    dtAchat: appliance.dt_achat,
    dtLivraison: appliance.dt_livraison,
    prixAchat: appliance.prix_achat,
    occasion: appliance.occasion,
    facture: appliance.facture !== null,
    defaut: breakdown
      ? `${breakdown.title.replace(/\.$/, '')} (constaté le ${dayFr(parisDay(new Date(breakdown.dt_realisation)))})`
      : (appliance.panne_note ?? null),
    aujourdhui: parisDay(new Date()),
  });
  const text = paragraphs.join('\n\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notifications.show({ color: 'eco', message: 'Le texte de la lettre est copié : collez-le dans un e-mail au vendeur.' });
    } catch {
      notifications.show({ color: 'orange', message: 'Le texte n’a pas pu être copié : sélectionnez-le dans l’aperçu.' });
    }
  };
  const download = async () => {
    const bytes = await letterPdf(paragraphs);
    const href = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
    const link = Object.assign(document.createElement('a'), { href, download: `lettre-garantie-${appliance.id}.pdf` });
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
  };
  return (
    <details data-testid="claim-letter">
      <summary>Lettre au vendeur pour faire jouer la garantie</summary>
      <Stack gap="xs" mt="xs">
        {/* Its « [Adresse du vendeur] » are blanks for the person to fill in, said so (the phone guard of e2e/a11y.spec.ts knows). */}
        <Paper withBorder radius="md" p="sm" bg="gray.0" data-blanks>
          {paragraphs.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the letter's paragraphs never reorder.
            <Text key={i} size="sm" mb={6} style={{ whiteSpace: 'pre-line' }}>
              {p}
            </Text>
          ))}
        </Paper>
        <Group gap="xs">
          <Button variant="light" leftSection={<IconCopy size={18} />} onClick={copy}>
            Copier le texte
          </Button>
          <Button variant="light" leftSection={<IconFileDownload size={18} />} onClick={download}>
            Télécharger en PDF
          </Button>
        </Group>
      </Stack>
    </details>
  );
}
