import {
  dayFr,
  type Event,
  eventStateLabel,
  FILE_ACCEPT,
  formatBonus,
  longDateFr,
  MSG,
  QUEUE_TEXTS,
  repairBonusFor,
} from '@ecofoyer/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconBook,
  IconCamera,
  IconFileInvoice,
  IconPencil,
  IconRecycle,
  IconShoppingCart,
  IconTool,
} from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { EXTERNAL_LINKS } from '../../../lib/external-links.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { OfflineFileSwitch } from '../../../components/offline-file-switch.tsx';
import { PdfViewer } from '../../../components/pdf-viewer.tsx';
import { useSlot } from '../../../lib/slots.tsx';
import { useApplianceEvents } from '../../events/api/events.ts';
import { useRefProducts } from '../../references/api/references.ts';
import { useAppliance } from '../api/appliances.ts';
import { FileUploadButton } from '../components/file-upload-button.tsx';
import { NextMaintenance, nextPlanned } from '../components/next-maintenance.tsx';
import { applianceUpdatePath } from '../paths.ts';
import dl from '../../../components/definition-list.module.css';
import classes from './appliance-detail-page.module.css';
import { EditOnly } from '../../foyer/components/edit-only.tsx';
import { useCanEdit } from '../../foyer/api/foyer.ts';
import { BreakdownForm } from '../../events/components/breakdown-form.tsx';
import { EventNote } from '../../events/components/event-note.tsx';
import type { Pending } from '../../../lib/offline-writes.ts';
import { RepairBonusSource } from '../../../components/repair-bonus-source.tsx';

function Action({
  icon: Icon,
  label,
  to,
  href,
  onClick,
}: {
  icon: ComponentType<{ size?: number }>;
  label: string;
  to?: string;
  href?: string;
  onClick?: () => void;
}) {
  const content = (
    <>
      <Icon size={26} />
      <Text size="sm" fw={600} ta="center">
        {label}
      </Text>
    </>
  );
  if (to)
    return (
      <UnstyledButton component={Link} to={to} className={classes.action}>
        {content}
      </UnstyledButton>
    );
  if (href)
    return (
      <UnstyledButton component="a" href={href} target="_blank" rel="noopener noreferrer" className={classes.action}>
        {content}
        <span className="visually-hidden"> (nouvel onglet)</span>
      </UnstyledButton>
    );
  return (
    <UnstyledButton onClick={onClick} className={classes.action}>
      {content}
    </UnstyledButton>
  );
}

/**
 * product §2: the maintenance and repair history of the appliance (newest first), each entry with its
 * note; a change made offline shows « En attente d’envoi » until it reached the server (decision 031).
 */
function History({ events, empty }: { events: Pending<Event>[]; empty: string }) {
  const canEdit = useCanEdit();
  if (events.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap={6} component="ul" className={classes.history}>
      {events.slice(0, 5).map((e) => (
        <li key={e.id} data-testid="history-entry">
          <Group gap={6}>
            <Text fw={600}>{e.title}</Text>
            {e.pending && (
              <Badge
                color={e.pending === 'refused' ? 'red' : 'blue'}
                c={e.pending === 'refused' ? 'red.9' : 'blue.9'}
                variant="light"
                size="sm"
                data-testid="pending-badge"
              >
                {e.pending === 'refused' ? 'Non envoyée' : QUEUE_TEXTS.pending}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {longDateFr(e.done_at ?? e.dt_realisation)}
            {e.type === 'MAINTENANCE' ? (e.status === 'DONE' ? ' · effectué' : ' · prévu') : ` · ${eventStateLabel(e).toLowerCase()}`}
            {e.note ? ` · ${e.note}` : ''}
          </Text>
          {canEdit && e.pending !== 'refused' && <EventNote event={e} />}
        </li>
      ))}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** product §2, Appliance detail (/inventaire/univers/appliance/fichedetail?id=…); a missing id → /home. */
export function ApplianceDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const appliance = useAppliance(Number.isInteger(id) && id > 0 ? id : null);
  const events = useApplianceEvents(Number.isInteger(id) && id > 0 ? id : null);
  const products = useRefProducts();
  const RightsSection = useSlot('applianceRights');
  const EnergySection = useSlot('applianceEnergy');
  const RecallBanners = useSlot('applianceRecalls');
  const [manualOpened, manual] = useDisclosure(false);
  const [invoiceOpened, invoice] = useDisclosure(false);
  // A phone gets the document full screen, with its close button always in reach.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;

  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/home" replace />;
  if (appliance.isPending) return <Skeleton h={320} radius="lg" />;
  if (appliance.isError) {
    return (
      <>
        <PageTitle title="Mon appareil" />
        <Alert color="red" icon={<IconAlertCircle />}>
          {appliance.error.message}{' '}
          <Anchor component={Link} to="/inventaire">
            Retour à mes appareils
          </Anchor>
        </Alert>
      </>
    );
  }

  const a = appliance.data;
  const bonusTypes = products.data?.find((p) => p.id === a.prod_id)?.repairBonusTypes ?? [];
  const bonus = repairBonusFor(bonusTypes);
  const planned = nextPlanned(events.data ?? []);
  const productQuery = `appliance=${a.id}${a.prod_id ? `&prod=${a.prod_id}` : ''}`;
  return (
    <>
      <PageTitle
        title={a.name}
        right={
          <EditOnly>
            <Button component={Link} to={applianceUpdatePath(a.id)} variant="light" leftSection={<IconPencil size={18} />}>
              Modifier
            </Button>
          </EditOnly>
        }
      />
      <Stack gap="md">
        <RecallBanners appliance={a} />
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Group align="flex-start" gap="lg" wrap="wrap">
            <Stack gap="xs" align="center" w={{ base: '100%', sm: 220 }}>
              <Image
                src={a.pict ?? a.product?.pict ?? '/logo.svg'}
                alt={`Photo de ${a.name}`}
                w={200}
                h={200}
                fit={a.pict ? 'cover' : 'contain'}
                radius="md"
                bg="var(--mantine-color-eco-0)"
              />
              <FileUploadButton
                applianceId={a.id}
                slot="image"
                accept={FILE_ACCEPT.image}
                label="Changer la photo"
                icon={<IconCamera size={18} />}
              />
            </Stack>
            <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
              <Group gap="xs">
                {a.prod_name && <Badge variant="light">{a.prod_name}</Badge>}
                {a.univer_name && (
                  <Badge variant="outline" color="gray.7">
                    {a.univer_name}
                  </Badge>
                )}
              </Group>
              <dl className={dl.list}>
                <dt>Marque</dt>
                <dd>{a.marque ?? '—'}</dd>
                <dt>Modèle</dt>
                <dd>{a.modele ?? '—'}</dd>
                <dt>Classe énergie</dt>
                <dd>{a.classenergie ?? 'Non renseignée'}</dd>
                <dt>Ajouté le</dt>
                <dd>{dayFr(a.dt_creation)}</dd>
                <dt>Date d’achat</dt>
                <dd>{a.dt_achat ? dayFr(a.dt_achat) : MSG.unknownDate}</dd>
                {a.facture_ref && (
                  <>
                    <dt>Référence facture</dt>
                    <dd>{a.facture_ref}</dd>
                  </>
                )}
                {a.vendeur && (
                  <>
                    <dt>Vendeur</dt>
                    <dd>{a.vendeur}</dd>
                  </>
                )}
                {a.prix_achat !== null && (
                  <>
                    <dt>Prix d’achat</dt>
                    <dd>{new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(a.prix_achat)}</dd>
                  </>
                )}
                {a.numero_serie && (
                  <>
                    <dt>N° de série</dt>
                    <dd>{a.numero_serie}</dd>
                  </>
                )}
                {a.occasion && (
                  <>
                    <dt>État à l’achat</dt>
                    <dd>D’occasion</dd>
                  </>
                )}
              </dl>
              {bonus && (
                <div>
                  <Text data-testid="repair-bonus">
                    <strong>Bonus réparation{'\u00a0'}: </strong>
                    {formatBonus(bonus)} chez un réparateur labellisé
                  </Text>
                  <RepairBonusSource />
                </div>
              )}
              {a.note && (
                <Text className={classes.note}>
                  <strong>Note : </strong>
                  {a.note}
                </Text>
              )}
            </Stack>
          </Group>
        </Paper>

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Actions rapides">
          <Action icon={IconBook} label="Lire la notice" onClick={manual.open} />
          <Action icon={IconTool} label="Réparer une panne" to={`/repair?${productQuery}`} />
          <Action icon={IconShoppingCart} label="Accessoires et consommables" href={EXTERNAL_LINKS.spareParts} />
          <EditOnly>
            <Action icon={IconRecycle} label="Donner une seconde vie" to={`/secondlife/actionselect?${productQuery}`} />
          </EditOnly>
        </SimpleGrid>

        <EnergySection appliance={a} />

        <RightsSection appliance={a} events={events.data ?? []} />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Section title="Historique d’entretien">
            {planned && <NextMaintenance key={planned.id} event={planned} focus={params.get('depuis') === 'etiquette'} />}
            <History
              events={(events.data ?? []).filter(
                (e) =>
                  e.type === 'MAINTENANCE' && (e.status === 'DONE' || new Date(e.dt_realisation) <= new Date(Date.now() + 31 * 86_400_000)),
              )}
              empty="Aucun entretien enregistré pour le moment."
            />
            <Anchor component={Link} to={`/entretien/fiche?${productQuery}`} fw={600}>
              Voir les tutoriels d’entretien
            </Anchor>
          </Section>
          <Section title="Historique des réparations">
            <History events={(events.data ?? []).filter((e) => e.type === 'PANNE')} empty="Aucune panne enregistrée." />
            {a.panne_note && <Text mt="xs">Dernière panne notée : {a.panne_note}</Text>}
            <EditOnly>
              <BreakdownForm applianceId={a.id} applianceName={a.name} />
            </EditOnly>
          </Section>
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Section title="Facture">
            <Stack gap="sm">
              {a.facture ? (
                <Button variant="subtle" leftSection={<IconFileInvoice size={18} />} onClick={invoice.open} justify="flex-start">
                  Voir la facture
                </Button>
              ) : (
                <Text c="dimmed">Gardez votre facture ici : elle sert pour la garantie et le bonus réparation (PDF, JPG ou PNG).</Text>
              )}
              <FileUploadButton
                applianceId={a.id}
                slot="facture"
                accept={FILE_ACCEPT.invoice}
                label={a.facture ? 'Remplacer la facture' : 'Ajouter la facture'}
              />
            </Stack>
          </Section>
          <Section title="Notice">
            <Stack gap="sm">
              {a.notice ? (
                <>
                  <Button variant="subtle" leftSection={<IconBook size={18} />} onClick={manual.open} justify="flex-start">
                    Lire la notice
                  </Button>
                  <OfflineFileSwitch url={a.notice} />
                </>
              ) : (
                <Text c="dimmed">Ajoutez la notice de l’appareil (PDF) pour l’avoir toujours sous la main.</Text>
              )}
              <FileUploadButton
                applianceId={a.id}
                slot="notice"
                accept={FILE_ACCEPT.manual}
                label={a.notice ? 'Remplacer la notice' : 'Ajouter la notice'}
              />
            </Stack>
          </Section>
        </SimpleGrid>
      </Stack>

      <Modal
        opened={manualOpened}
        onClose={manual.close}
        title={`Notice — ${a.name}`}
        size="xl"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        {a.notice ? (
          <PdfViewer url={a.notice} title={`Notice de ${a.name}`} fileName={`notice-${a.name}.pdf`} />
        ) : (
          <Stack>
            <Text>Aucune notice n’est encore enregistrée pour cet appareil.</Text>
            <FileUploadButton applianceId={a.id} slot="notice" accept={FILE_ACCEPT.manual} label="Ajouter la notice (PDF)" />
          </Stack>
        )}
      </Modal>
      <Modal
        opened={invoiceOpened}
        onClose={invoice.close}
        title={`Facture — ${a.name}`}
        size="xl"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        {a.facture &&
          (a.facture_type === 'application/pdf' ? (
            <PdfViewer url={a.facture} title={`Facture de ${a.name}`} fileName={`facture-${a.name}.pdf`} />
          ) : (
            <Image src={a.facture} alt={`Facture de ${a.name}`} />
          ))}
      </Modal>
    </>
  );
}
