import {
  type Claim,
  claimDocument,
  type ClaimDocumentKind,
  claimNextSteps,
  dayFr,
  parisDay,
  REPAIR_DIRECTIVE_FACTS,
} from '@ecofoyer/contracts';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconFileDownload } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { letterPdf } from '../../../lib/letter-pdf.ts';
import { useAppliance } from '../../appliances/api/appliances.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { useRefProducts } from '../../references/api/references.ts';
import { useClaimOptions } from '../api/claims.ts';

const DOCUMENT_TITLES: Record<ClaimDocumentKind, string> = {
  'demande-vendeur': 'Lettre au vendeur',
  'demande-fabricant': 'Demande de réparation au fabricant',
  'formulaire-reparation': 'Demande du formulaire européen d’information sur la réparation',
  'relance-vendeur': 'Lettre de relance au vendeur',
};

/**
 * The documents of a claim, filled with the appliance's facts: the request its route calls for and,
 * once the deadline has passed, the reminder — each to read here, copy into an e-mail or download
 * as a PDF to print and send.
 */
export function ClaimDocuments({ claim, late }: { claim: Claim; late: boolean }) {
  const appliance = useAppliance(claim.applianceId);
  const options = useClaimOptions(claim.applianceId);
  const products = useRefProducts();
  const session = useSession();
  const failed = appliance.error ?? options.error;
  if (failed) return <ErrorAlert message={failed.message} onRetry={() => Promise.all([appliance.refetch(), options.refetch()])} />;
  if (!appliance.data || !options.data) return <Skeleton h={160} radius="lg" aria-label="Chargement…" />;
  const a = appliance.data;
  const kinds: ClaimDocumentKind[] = [];
  const own = options.data.voies.find((v) => v.voie === claim.voie)?.document;
  if (own) kinds.push(own);
  if (late && claimNextSteps(claim, parisDay(new Date())).some((s) => s.action === 'relance-vendeur')) kinds.unshift('relance-vendeur');
  if (kinds.length === 0) return null;
  const sent = claim.etapes.find((s) => s.type === 'envoyee')?.date ?? null;
  const input = {
    prenom: session?.firstname ?? '',
    nom: session?.lastname ?? '',
    adresse: session?.adresse ?? null,
    vendeur: a.vendeur,
    appareil: a.prod_name ?? a.name,
    marque: a.marque,
    modele: a.modele,
    numeroSerie: a.numero_serie,
    dtAchat: a.dt_achat,
    dtLivraison: a.dt_livraison,
    prixAchat: a.prix_achat,
    occasion: a.occasion,
    facture: a.facture !== null,
    defaut: claim.defaut,
    aujourdhui: parisDay(new Date()),
    destinataire: claim.destinataire,
    demandeEnvoyee: sent,
    productSlug: products.data?.find((p) => p.id === a.prod_id)?.slug ?? null,
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Courriers">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {kinds.length > 1 ? 'Courriers' : 'Courrier'}
        </Title>
        {claim.voie === 'reparation-fabricant' && !REPAIR_DIRECTIVE_FACTS.transpositionConfirmee && (
          <Alert color="gray" variant="light" title="Une demande, pas encore un droit acquis">
            {REPAIR_DIRECTIVE_FACTS.transposition}
          </Alert>
        )}
        {kinds.map((kind) => (
          <Letter
            key={kind}
            kind={kind}
            paragraphs={claimDocument(kind, input)}
            fileName={`${kind}-${claim.id}.pdf`}
            open={kind === kinds[0]}
          />
        ))}
        {sent && (
          <Text size="xs" c="dimmed">
            Demande envoyée le {dayFr(sent)}.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Letter({ kind, paragraphs, fileName, open }: { kind: ClaimDocumentKind; paragraphs: string[]; fileName: string; open: boolean }) {
  const text = paragraphs.join('\n\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notifications.show({ color: 'eco', message: 'Le texte est copié\u00a0: collez-le dans un e-mail.' });
    } catch {
      notifications.show({ color: 'orange', message: 'Le texte n’a pas pu être copié\u00a0: sélectionnez-le dans l’aperçu.' });
    }
  };
  const download = async () => {
    const bytes = await letterPdf(paragraphs, DOCUMENT_TITLES[kind]);
    const href = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
    const link = Object.assign(document.createElement('a'), { href, download: fileName });
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
  };
  return (
    <details open={open} data-testid={`claim-document-${kind}`}>
      <summary>{DOCUMENT_TITLES[kind]}</summary>
      <Stack gap="xs" mt="xs">
        {/* Its « [Adresse du vendeur] » are blanks for the person to fill in, said so (the phone guard of e2e/a11y.spec.ts knows). */}
        <Paper withBorder radius="md" p="sm" bg="gray.0" data-blanks>
          {paragraphs.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a letter's paragraphs never reorder.
            <Text key={i} size="sm" mb={6} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
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
