import '@mantine/dates/styles.css';
import 'dayjs/locale/fr';
import { addPeriods, cardDurationFr, cardFrequencyFr, type Event, FREQUENCIES, FREQUENCY_LABELS, type Frequency, longDateFr, type MaintenanceCard, MSG, TEXT_MAX } from '@ecofoyer/contracts';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Image, List, Loader, Modal, Paper, Popover, Progress, Radio, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, Typography } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCalendarPlus, IconCalendarRepeat, IconCheck, IconClock, IconConfetti, IconInfoCircle, IconLeaf, IconPlayerPlay, IconSpray } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { AutoTextarea } from '../../../components/auto-textarea.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useAppliance } from '../../appliances/api/appliances.ts';
import { localDayKey, localTimeZone, plannedAt, plannedUntilQuery, useCreateEvent, useCreateSeries, useUpdateEvent } from '../../events/api/events.ts';
import { EARLY_DONE_WINDOW_DAYS, nearestPlanned } from '../../events/nearest-planned.ts';
import { useRefProducts } from '../../references/api/references.ts';
import { useMaintenanceCards } from '../api/maintenance.ts';
import dl from '../../../components/definition-list.module.css';
import { LevelBadge } from './maintenance-card-list-page.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';

const DATES_SETTINGS = { locale: 'fr', firstDayOfWeek: 1 as const, weekendDays: [] };

const positiveId = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

const dayFr = (date: Date) => longDateFr(date, localTimeZone());

/** The recurrence closest to the card's advised frequency (in days), offered first. */
function suggestedFrequency(days: number): Frequency {
  if (days <= 45) return 'monthly';
  if (days <= 135) return '3_months';
  if (days <= 270) return '6_months';
  return 'yearly';
}

/** What an event created from this page carries: the card, and the appliance or -1 (spec §7). */
interface Target {
  card: MaintenanceCard;
  applianceId: number | null;
}
const eventBody = ({ card, applianceId }: Target, when: Date, note: string | null) => ({
  title: card.title,
  dt_realisation: when.toISOString(),
  note,
  applianceId: applianceId ?? -1,
  maintenanceCardId: card.id,
  type: 'MAINTENANCE' as const,
});

/** spec §2 planning modal: a date (not in the past), shown in long French, a free note, "Valider". */
function PlanModal({ opened, onClose, target, onPlanned }: { opened: boolean; onClose: () => void; target: Target; onPlanned: (day: string) => void }) {
  const today = localDayKey(new Date());
  const [day, setDay] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const create = useCreateEvent();
  const phone = useMediaQuery('(max-width: 48em)');

  const close = () => {
    create.reset();
    onClose();
  };
  const submit = () => {
    if (!day) return;
    create.mutate(eventBody(target, plannedAt(day), note), {
      onSuccess: () => {
        notifications.show({ color: 'eco', title: 'Entretien planifié', message: `${target.card.title} : ${dayFr(plannedAt(day))}`, icon: <IconCheck size={18} /> });
        setDay(null);
        setNote('');
        onPlanned(day);
        close();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Planifier cet entretien" fullScreen={phone} size="auto" closeButtonProps={{ 'aria-label': 'Fermer' }} styles={{ title: { fontWeight: 700 } }}>
      <Stack gap="md" maw={420} mx="auto">
        <Text fw={600}>{target.card.title}</Text>
        <Stack gap={4} align="center">
          <Text size="sm" c="dimmed" ta="center" w="100%">
            Choisissez le jour :
          </Text>
          <DatePicker
            value={day}
            onChange={setDay}
            minDate={today}
            defaultDate={today}
            size="lg"
            hideOutsideDates
            highlightToday
            allowDeselect={false}
            ariaLabels={{ nextMonth: 'Mois suivant', previousMonth: 'Mois précédent', monthLevelControl: 'Choisir le mois', yearLevelControl: 'Choisir l’année', nextYear: 'Année suivante', previousYear: 'Année précédente', nextDecade: 'Décennie suivante', previousDecade: 'Décennie précédente' }}
            getDayAriaLabel={(d) => dayFr(plannedAt(d))}
          />
        </Stack>
        <Paper withBorder radius="md" p="sm" bg={day ? 'eco.0' : undefined} aria-live="polite" data-testid="planned-date">
          {day ? (
            <Group gap="xs" wrap="nowrap">
              <IconCalendarPlus size={20} aria-hidden />
              <Text fw={600}>{dayFr(plannedAt(day))}</Text>
            </Group>
          ) : (
            <Text c="dimmed">Aucune date choisie.</Text>
          )}
        </Paper>
        <AutoTextarea
          label="Note (facultatif)"
          placeholder="Ex. : penser à acheter du vinaigre blanc"
          value={note}
          maxLength={TEXT_MAX}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {create.isError && (
          <Alert color="red" icon={<IconAlertCircle />}>
            {create.error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="subtle" onClick={close}>
            Annuler
          </Button>
          <Button onClick={submit} disabled={!day} loading={create.isPending}>
            Valider
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A step's video; a video the browser cannot play shows the spec's message instead. */
function StepVideo({ src, title }: { src: string; title: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Alert color="gray" icon={<IconAlertCircle />}>{MSG.videoUnsupported}</Alert>;
  return (
    // biome-ignore lint/a11y/useMediaCaption: the cards' videos come without captions; each step's text is shown beside its video.
    <video controls src={src} preload="metadata" aria-label={`Vidéo : ${title}`} onError={() => setFailed(true)} style={{ width: '100%', maxHeight: '50vh', borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-dark-9)' }}>
      {MSG.videoUnsupported}
    </video>
  );
}

/**
 * Records "done now": the planned occurrence it stands for when there is one (issue 16: done early,
 * it leaves « À venir » and its reminder), else a new event dated today; then PUT done (retried
 * without a second POST).
 */
function useRecordDone(target: Target) {
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const queryClient = useQueryClient();
  const created = useRef<Event | null>(null);
  const done = useMutation({
    mutationFn: async () => {
      // What is planned up to the early-done window (a day more for the time zone), not the whole history.
      const events = await queryClient.fetchQuery(plannedUntilQuery(new Date(Date.now() + (EARLY_DONE_WINDOW_DAYS + 1) * 86_400_000)));
      created.current ??= nearestPlanned(events, target.card.id, target.applianceId, new Date()) ?? (await create.mutateAsync(eventBody(target, new Date(), null)));
      return update.mutateAsync({ id: created.current.id, done: true });
    },
  });
  const restart = () => {
    created.current = null;
    done.reset();
  };
  return { done, restart };
}

/** spec §2/§4 step dialog: the steps in steporder, then "Bravo, entretien effectué !" with recurrence planning. */
function StepsModal({ opened, onClose, target }: { opened: boolean; onClose: () => void; target: Target }) {
  const steps = useMemo(() => [...target.card.steplist].sort((a, b) => a.steporder - b.steporder), [target.card.steplist]);
  const [index, setIndex] = useState(0);
  const [frequency, setFrequency] = useState<Frequency>(suggestedFrequency(target.card.frequency));
  const phone = useMediaQuery('(max-width: 48em)');
  const { done, restart } = useRecordDone(target);
  const series = useCreateSeries();
  const final = index >= steps.length;
  const step = steps[index];
  const firstNext = addPeriods(plannedAt(localDayKey(new Date())), frequency, 1);

  const close = () => {
    onClose();
    setIndex(0);
    restart();
    series.reset();
  };
  const finish = () => {
    setIndex(steps.length);
    done.mutate();
  };
  const plan = () =>
    series.mutate(
      { ...eventBody(target, firstNext, null), frequency },
      {
        onSuccess: () => {
          notifications.show({ color: 'eco', title: 'Prochains entretiens planifiés', message: `${FREQUENCY_LABELS[frequency]}, à partir du ${dayFr(firstNext)}`, icon: <IconCheck size={18} /> });
          close();
        },
      },
    );

  return (
    <Modal opened={opened} onClose={close} title={target.card.title} fullScreen={phone} size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }} styles={{ title: { fontWeight: 700 } }}>
      {!final && step && (
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={600} c="eco.8" aria-live="polite">
              Étape {index + 1} sur {steps.length}
            </Text>
            <Progress value={((index + 1) / steps.length) * 100} aria-label={`Étape ${index + 1} sur ${steps.length}`} />
          </Stack>
          <Title order={2} fz="xl">
            {step.title}
          </Title>
          {step.video && <StepVideo key={step.id} src={step.video} title={step.title} />}
          {/* Rich text from the card: sanitised before it reaches the page. */}
          <Typography>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify on the line itself. */}
            <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(step.detail) }} />
          </Typography>
          <Group justify="space-between" mt="md">
            <Button variant="default" onClick={() => setIndex((i) => i - 1)} disabled={index === 0}>
              Précédent
            </Button>
            {index < steps.length - 1 ? (
              <Button onClick={() => setIndex((i) => i + 1)}>Suivant</Button>
            ) : (
              <Button onClick={finish} leftSection={<IconCheck size={20} />}>
                C’est fait !
              </Button>
            )}
          </Group>
        </Stack>
      )}
      {final && (
        <Stack gap="md" align="stretch">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
              <IconConfetti size={40} />
            </ThemeIcon>
            <Title order={2} fz="xl">
              {MSG.maintenanceDone}
            </Title>
            {done.isPending && (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  Enregistrement…
                </Text>
              </Group>
            )}
            {done.isSuccess && <Text c="dimmed">C’est noté dans vos réalisations.</Text>}
          </Stack>
          {done.isError && (
            <ErrorAlert message={done.error.message} onRetry={() => done.mutate()} />
          )}
          <Paper withBorder radius="lg" p="md">
            <Radio.Group
              value={frequency}
              onChange={(v) => setFrequency(v as Frequency)}
              label="Planifier les prochains entretiens"
              description={`Conseillé : ${cardFrequencyFr(target.card.frequency).toLowerCase()}.`}
            >
              <Stack gap="xs" mt="sm">
                {FREQUENCIES.map((f) => (
                  <Radio key={f} value={f} label={FREQUENCY_LABELS[f]} size="md" styles={{ body: { minHeight: 32, alignItems: 'center' } }} />
                ))}
              </Stack>
            </Radio.Group>
            <Text size="sm" mt="sm">
              Prochain entretien : <strong>{dayFr(firstNext)}</strong>
            </Text>
          </Paper>
          {series.isError && (
            <Alert color="red" icon={<IconAlertCircle />}>
              {series.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Terminer
            </Button>
            <Button color="warm.7" onClick={plan} loading={series.isPending} disabled={!done.isSuccess} leftSection={<IconCalendarRepeat size={20} />}>
              Planifier
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function Section({ title, children, right }: { title: string; children: ReactNode; right?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {right}
      </Group>
      {children}
    </Paper>
  );
}

/** A product's picture, or a neutral icon while its drawing is missing. */
function AgentImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <ThemeIcon size={48} radius="md" variant="light" aria-hidden style={{ flexShrink: 0 }}>
        <IconSpray size={26} />
      </ThemeIcon>
    );
  }
  return <Image src={src} alt="" w={48} h={48} fit="contain" radius="md" bg="eco.0" style={{ flexShrink: 0 }} onError={() => setFailed(true)} />;
}

/** spec §2: the info popup about the products, with the link to order them at /calendar. */
function ProductsInfo() {
  return (
    <Popover width={300} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" size={44} radius="xl" aria-label="Où trouver ces produits ?">
          <IconInfoCircle size={24} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm">
            Ces produits se trouvent en grande surface, en droguerie ou en magasin de bricolage. Préférez les produits simples et écologiques (vinaigre blanc, bicarbonate,
            savon noir) et les recharges.
          </Text>
          <Anchor component={Link} to={paths.calendar} size="sm" fw={600}>
            Commander les produits
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** spec §2 Maintenance card detail (/entretien/fichedetail?card=…&prod=…&appliance=…). */
export function MaintenanceCardDetailPage() {
  const [params] = useSearchParams();
  const cardId = positiveId(params.get('card'));
  const prod = positiveId(params.get('prod'));
  const applianceId = positiveId(params.get('appliance'));
  const cards = useMaintenanceCards(prod);
  const products = useRefProducts();
  const appliance = useAppliance(applianceId);
  const [planOpened, plan] = useDisclosure(false);
  const [stepsOpened, stepsDialog] = useDisclosure(false);
  const [plannedDay, setPlannedDay] = useState<string | null>(null);

  if (prod && cards.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={MSG.loading}>
        <Skeleton h={44} w={320} />
        <Skeleton h={220} radius="lg" />
        <Skeleton h={160} radius="lg" />
      </Stack>
    );
  }
  if (cards.isError) {
    return (
      <>
        <PageTitle title="Fiche d’entretien" />
        <ErrorAlert message={cards.error.message} onRetry={() => cards.refetch()} />
      </>
    );
  }
  const card = cards.data?.find((c) => c.id === cardId);
  if (!card) {
    // spec §8 Missing maintenance card.
    return (
      <>
        <PageTitle title="Fiche d’entretien" />
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {MSG.maintenanceCardMissing}
        </Alert>
        <Button component={Link} to={prod ? `/entretien/fiche?prod=${prod}${applianceId ? `&appliance=${applianceId}` : ''}` : '/entretien/fiche'} variant="light" mt="md">
          Voir les fiches d’entretien
        </Button>
      </>
    );
  }

  const productName = products.data?.find((p) => p.id === card.productId)?.prodName;
  const applianceName = applianceId ? appliance.data?.name : productName;
  const target: Target = { card, applianceId };
  const steps = [...card.steplist].sort((a, b) => a.steporder - b.steporder);

  return (
    <DatesProvider settings={DATES_SETTINGS}>
      <PageTitle title={card.title} />
      <Stack gap="md" maw={900}>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Group align="flex-start" gap="md" wrap="nowrap">
            <Image src={card.pict} alt="" w={{ base: 80, sm: 140 }} h={{ base: 80, sm: 140 }} fit="contain" radius="md" bg="eco.0" style={{ flexShrink: 0 }} />
            <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
              {applianceName ? (
                <Badge variant="light" size="lg" tt="none" c="eco.9" style={{ alignSelf: 'flex-start' }} data-testid="appliance-name">
                  {applianceName}
                </Badge>
              ) : (
                <Skeleton h={26} w={140} />
              )}
              <dl className={dl.list}>
                <dt>Durée</dt>
                <dd>
                  <IconClock size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {cardDurationFr(card, 'minutes')}
                </dd>
                {card.season && (
                  <>
                    <dt>Saison</dt>
                    <dd data-testid="card-season">
                      <IconLeaf size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {card.season.label}
                    </dd>
                  </>
                )}
                <dt>Fréquence</dt>
                <dd>
                  <IconCalendarRepeat size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {cardFrequencyFr(card.frequency)}
                </dd>
                <dt>Niveau</dt>
                <dd>
                  <LevelBadge level={card.level} />
                </dd>
              </dl>
            </Stack>
          </Group>
          <Group mt="lg" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
            <Button size="md" h={48} leftSection={<IconPlayerPlay size={20} />} onClick={stepsDialog.open} disabled={steps.length === 0}>
              Commencer
            </Button>
            <Button size="md" h={48} color="warm.7" variant="outline" leftSection={<IconCalendarPlus size={20} />} onClick={plan.open}>
              Planifier cet entretien
            </Button>
          </Group>
          {plannedDay && (
            <Alert color="eco" icon={<IconCheck />} mt="md" withCloseButton closeButtonLabel="Fermer" onClose={() => setPlannedDay(null)}>
              Entretien planifié le {dayFr(plannedAt(plannedDay))}.{' '}
              <Anchor component={Link} to={paths.calendar} fw={600}>
                Voir mon calendrier
              </Anchor>
            </Alert>
          )}
        </Paper>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Section title="Produits nécessaires" right={<ProductsInfo />}>
            {card.agentlist.length === 0 ? (
              <Text c="dimmed">Aucun produit particulier : de l’eau et un chiffon suffisent.</Text>
            ) : (
              <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Produits nécessaires">
                {card.agentlist.map((agent) => (
                  <Group key={agent.id} component="li" wrap="nowrap" gap="sm">
                    <AgentImage src={agent.pict} />
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <Text fw={600}>{agent.name}</Text>
                      {/* "—" marks a tool, which has no volume. */}
                      {agent.volume && agent.volume !== '—' && (
                        <Text size="sm" c="dimmed">
                          {agent.volume}
                        </Text>
                      )}
                    </div>
                    <Badge variant="default" tt="none" size="lg" aria-label={`Quantité : ${agent.count}`}>
                      × {agent.count}
                    </Badge>
                  </Group>
                ))}
              </Stack>
            )}
          </Section>
          <Section title="Les étapes">
            {steps.length === 0 ? (
              <Text c="dimmed">Les étapes détaillées de cette fiche arrivent bientôt.</Text>
            ) : (
              <List type="ordered" spacing="xs">
                {steps.map((s) => (
                  <List.Item key={s.id}>{s.title}</List.Item>
                ))}
              </List>
            )}
          </Section>
        </SimpleGrid>
      </Stack>

      <PlanModal opened={planOpened} onClose={plan.close} target={target} onPlanned={setPlannedDay} />
      <StepsModal opened={stepsOpened} onClose={stepsDialog.close} target={target} />
    </DatesProvider>
  );
}
