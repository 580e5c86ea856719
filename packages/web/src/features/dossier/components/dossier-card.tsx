import { appliancesCountFr, type DossierJob, MSG } from '@ecofoyer/contracts';
import { Alert, Button, Checkbox, Divider, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { OfflineNote } from '../../../components/offline-note.tsx';
import { useOffline } from '../../../lib/network-state.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCanEdit } from '../../foyer/api/foyer.ts';
import { downloadDossier, useCreateDossier, useDossier, useDossiers } from '../api/dossier.ts';
import { sizeFr } from '../size-fr.ts';
import { DossierShares } from './dossier-shares.tsx';

const WHEN = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/**
 * « Dossier d’inventaire » in the profile: a PDF of every appliance for an insurer or a
 * move, built on the server while the card shows its progress, then downloaded; and the read-only
 * links that show the same inventory to someone without an account (not for a lecteur).
 */
export function DossierCard() {
  const canEdit = useCanEdit();
  const offline = useOffline();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640} mt="lg" component="section" aria-labelledby="dossier-inventaire">
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconFileTypePdf size={22} aria-hidden />
          <Title order={2} size="h3" id="dossier-inventaire">
            Dossier d’inventaire
          </Title>
        </Group>
        <Text size="sm">
          Pour votre assureur après un cambriolage ou un dégât des eaux, ou pour un déménagement : un PDF qui reprend chacun de vos
          appareils avec sa photo, sa marque, son modèle, son numéro de série, sa date et son prix d’achat, et sa garantie.
        </Text>
        {/* Built and downloaded from the server: offline, the card says so instead of failing. */}
        {offline ? <OfflineNote what="le dossier PDF se crée et se télécharge avec une connexion" /> : <DossierBuilder />}
        {canEdit && !offline && (
          <>
            <Divider />
            <DossierShares />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The last dossier of the last 24 h (being built, ready or failed), and the button to create one. */
function DossierBuilder() {
  const dossiers = useDossiers();
  const latest = dossiers.data?.[0];
  const job = useDossier(latest, dossiers.dataUpdatedAt);
  const create = useCreateDossier();
  const [factures, setFactures] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const current = job.data;
  const building = current?.statut === 'en-cours';
  // The dossier is gone (deleted after 24 h): the card offers a new one.
  const lost = job.error instanceof ApiError && job.error.status >= 400 && job.error.status < 500;
  // The button pressed goes away while the dossier is built: the keyboard's focus follows the
  // progress, then the download button (only after a press here, never on a page load).
  const followed = useRef(false);
  const downloadButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!followed.current || current?.statut === 'en-cours') return;
    followed.current = false;
    if (current?.statut === 'pret') downloadButton.current?.focus();
  }, [current?.statut]);

  const start = (withInvoices: boolean) => {
    setDownloadError(null);
    followed.current = true;
    create.mutate({ factures: withInvoices });
  };
  const download = async (ready: DossierJob) => {
    setDownloadError(null);
    setDownloading(true);
    try {
      await downloadDossier(ready);
    } catch (e) {
      setDownloadError(errorMessage(e, MSG.dossierFailed));
      if (e instanceof ApiError && e.status === 404) void dossiers.refetch();
    } finally {
      setDownloading(false);
    }
  };

  if (dossiers.isPending) return <Skeleton height={88} aria-busy="true" aria-label="Chargement du dossier" />;
  if (dossiers.isError)
    return <ErrorAlert message={errorMessage(dossiers.error, MSG.serverError)} onRetry={() => void dossiers.refetch()} />;

  return (
    <Stack gap="md">
      {current && building && !lost && <BuildProgress job={current} focus={followed.current} />}
      {current?.statut === 'pret' && !lost && (
        <Stack gap="sm" align="flex-start">
          <Alert color="eco" icon={<IconCircleCheck />} title="Votre dossier est prêt" w="100%" role="status">
            <Text size="sm">
              PDF{current.taille !== null && <> de {sizeFr(current.taille)}</>}, créé le {WHEN.format(new Date(current.demandeLe))}
              {current.factures ? ', factures comprises' : ''}. Il reste téléchargeable 24 h.
            </Text>
          </Alert>
          <Button
            ref={downloadButton}
            leftSection={<IconDownload size={18} />}
            onClick={() => void download(current)}
            loading={downloading}
          >
            Télécharger le dossier
          </Button>
        </Stack>
      )}
      {current?.statut === 'echec' && !lost && (
        <ErrorAlert message={current.message ?? MSG.dossierFailed} onRetry={() => start(current.factures)} />
      )}
      {lost && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {errorMessage(job.error, MSG.dossierUnknown)}
        </Alert>
      )}
      {(downloadError || create.isError) && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {downloadError ?? errorMessage(create.error, MSG.dossierFailed)}
        </Alert>
      )}
      {!(building && !lost) && (
        <Stack gap="sm" align="flex-start">
          <Checkbox
            label="Ajouter les factures à la fin du dossier"
            checked={factures}
            onChange={(e) => setFactures(e.currentTarget.checked)}
          />
          <Button
            variant={current?.statut === 'pret' ? 'light' : 'filled'}
            leftSection={<IconFileTypePdf size={18} />}
            onClick={() => start(factures)}
            loading={create.isPending}
          >
            Créer le dossier (PDF)
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/** « Préparation du dossier… 120 / 500 appareils »: a bar whose value is the appliances done, and the same words read out politely. */
function BuildProgress({ job, focus }: { job: DossierJob; focus: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only, when the card's button was just pressed.
  useEffect(() => {
    if (focus) box.current?.focus();
  }, []);
  const label =
    job.total > 0
      ? `Préparation du dossier… ${job.fait.toLocaleString('fr-FR')} / ${appliancesCountFr(job.total)}`
      : 'Préparation du dossier…';
  const percent = job.total > 0 ? Math.round((job.fait / job.total) * 100) : 0;
  return (
    <Stack gap={6} data-testid="dossier-progress" ref={box} tabIndex={-1} style={{ outline: 'none' }}>
      <Text size="sm" fw={600} role="status" aria-live="polite">
        {label}
      </Text>
      <Progress.Root
        size="lg"
        role="progressbar"
        aria-label="Préparation du dossier"
        aria-valuemin={0}
        aria-valuemax={Math.max(job.total, 1)}
        aria-valuenow={job.fait}
        aria-valuetext={label}
      >
        <Progress.Section value={percent} withAria={false} />
      </Progress.Root>
    </Stack>
  );
}
