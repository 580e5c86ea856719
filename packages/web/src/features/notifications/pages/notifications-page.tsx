import { longDateFr, type Notification } from '@ecofoyer/contracts';
import { Alert, Badge, Button, Group, Indicator, Modal, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBell,
  IconBellRinging,
  IconCircleCheck,
  IconScale,
  IconShieldCheck,
  IconTrophy,
  IconTool,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSlot } from '../../../lib/slots.tsx';
import { subscribeToPush, useMarkRead, useNotifications, usePushState } from '../api/notifications.ts';
import { PUSH_STATE_FR, type PushOutcome, pushOutcomeMessage } from '../push-status.ts';
import classes from '../../../components/tile-list.module.css';
import own from './notifications-page.module.css';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { Skeletons } from '../../../components/skeletons.tsx';
import { applianceDetailPath } from '../../appliances/paths.ts';
import { claimPath } from '../../../lib/paths.ts';
import { useMarkDone } from '../../events/api/use-mark-done.tsx';
import { useCanEdit } from '../../foyer/api/foyer.ts';

/** How each kind of notification looks: a maintenance, a badge (« Défi »), a guarantee ending, a product recall. */
const KIND: Record<Notification['type'], { color: string; label: string; icon: ReactNode }> = {
  MAINTENANCE: { color: 'eco', label: 'Entretien', icon: <IconTool size={24} /> },
  CHALLENGE: { color: 'warm.8', label: 'Défi', icon: <IconTrophy size={24} /> },
  GARANTIE: { color: 'orange', label: 'Garantie', icon: <IconShieldCheck size={24} /> },
  RAPPEL: { color: 'red', label: 'Rappel produit', icon: <IconAlertTriangle size={24} /> },
  DEMARCHE: { color: 'orange', label: 'Démarche', icon: <IconScale size={24} /> },
};

const OUTCOME_COLOR: Record<PushOutcome['kind'], string> = { granted: 'eco', denied: 'orange', unsupported: 'gray', failed: 'red' };

/** product §2, Notifications: the list with an unread dot; any click opens the detail and marks it read. */
export function NotificationsPage() {
  const NeededProducts = useSlot('neededProducts');
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const [open, setOpen] = useState<Notification | null>(null);
  const [showProducts, setShowProducts] = useState(false);
  const [push, setPush] = useState<PushOutcome | null>(null);
  const pushState = usePushState();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { update, markDone } = useMarkDone();
  const canEdit = useCanEdit();

  // A push or a mail opens one notification (`?id=`): it opens here, read, its task one tap from done.
  const asked = Number(search.get('id')) || null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once per `?id=` (the mutation and navigate change at each render)
  useEffect(() => {
    if (asked === null) return;
    markRead.mutateAsync(asked).then(
      (n) => {
        if (n.claimId !== null) navigate(claimPath(n.claimId), { replace: true });
        else if (n.applianceId !== null) navigate(applianceDetailPath(n.applianceId), { replace: true });
        else setOpen(n);
      },
      () => undefined,
    );
  }, [asked]);
  const close = () => {
    setOpen(null);
    if (asked !== null) setSearch({}, { replace: true });
  };
  const recordDone = async (n: Notification) => {
    if (!n.event) return;
    await markDone(n.event.id);
    setOpen((current) => (current?.id === n.id && current.event ? { ...current, event: { ...current.event, status: 'DONE' } } : current));
  };

  const openNotification = (n: Notification) => {
    // A claim left unanswered opens the claim, its reminder letter and next steps ready.
    if (n.claimId !== null) {
      if (n.status === 'ACTIF') markRead.mutate(n.id);
      navigate(claimPath(n.claimId));
      return;
    }
    // A recall opens its appliance's page, where its banner says what to do.
    if (n.applianceId !== null) {
      if (n.status === 'ACTIF') markRead.mutate(n.id);
      navigate(applianceDetailPath(n.applianceId));
      return;
    }
    setOpen(n);
    setShowProducts(false);
    if (n.status === 'ACTIF') markRead.mutate(n.id);
  };
  const enablePush = async () => {
    setPush(await subscribeToPush());
    await pushState.refetch();
  };
  const pushButton = (visibility: { visibleFrom?: 'sm'; hiddenFrom?: 'sm' }) =>
    pushState.data === 'on' ? (
      <Button variant="subtle" leftSection={<IconCircleCheck size={18} />} disabled {...visibility}>
        Notifications activées
      </Button>
    ) : (
      <Button variant="light" leftSection={<IconBellRinging size={18} />} onClick={enablePush} {...visibility}>
        Activer les notifications
      </Button>
    );

  return (
    <>
      <PageTitle title="Notifications" right={pushButton({ visibleFrom: 'sm' })} />
      <Stack gap="sm" maw={760}>
        {pushButton({ hiddenFrom: 'sm' })}
        {pushState.data && (
          <Text size="sm" c="dimmed" data-testid="push-state">
            Notifications sur cet appareil : {PUSH_STATE_FR[pushState.data]}
          </Text>
        )}
        {push && (
          <Alert color={OUTCOME_COLOR[push.kind]} role={push.kind === 'granted' ? 'status' : 'alert'} data-testid="push-outcome">
            {pushOutcomeMessage(push)}
          </Alert>
        )}
        {notifications.isPending && <Skeletons count={3} h={72} />}
        {notifications.isError && !notifications.data && (
          <ErrorAlert message={notifications.error.message} onRetry={() => notifications.refetch()} />
        )}
        {notifications.data?.length === 0 && (
          <Paper withBorder radius="lg" p="xl">
            <Stack align="center" ta="center">
              <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
                <IconBell size={30} />
              </ThemeIcon>
              <Text size="lg">Aucune notification pour le moment.</Text>
              <Text c="dimmed">Vos rappels d’entretien et vos défis relevés apparaîtront ici.</Text>
              <Button component={Link} to="/calendar" variant="light">
                Voir mon calendrier
              </Button>
            </Stack>
          </Paper>
        )}
        <Stack gap="xs" component="ul" className={classes.list} aria-label="Notifications">
          {notifications.data?.map((n) => (
            <li key={n.id}>
              <UnstyledButton className={`${classes.item} ${n.status === 'ACTIF' ? own.unread : ''}`} onClick={() => openNotification(n)}>
                <Indicator disabled={n.status !== 'ACTIF'} color="red" size={12} offset={4} position="top-start" zIndex={1} aria-hidden>
                  <ThemeIcon size={44} radius="xl" variant="light" color={KIND[n.type].color}>
                    {KIND[n.type].icon}
                  </ThemeIcon>
                </Indicator>
                <div className={classes.text}>
                  <Text fw={n.status === 'ACTIF' ? 800 : 500}>
                    {n.title}
                    {n.status === 'ACTIF' && <span className="visually-hidden"> (non lue)</span>}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {longDateFr(n.dt_creation)} · {n.message}
                  </Text>
                </div>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
        {notifications.hasNextPage && (
          <Button
            variant="light"
            onClick={() => notifications.fetchNextPage()}
            loading={notifications.isFetchingNextPage}
            style={{ alignSelf: 'center' }}
          >
            Afficher les plus anciennes
          </Button>
        )}
        {notifications.isFetchNextPageError && (
          <ErrorAlert message={notifications.error?.message ?? ''} onRetry={() => notifications.fetchNextPage()} />
        )}
      </Stack>

      <Modal opened={open !== null} onClose={close} title={open?.title} centered closeButtonProps={{ 'aria-label': 'Fermer' }}>
        {open && (
          <Stack>
            <Group gap="xs">
              <Badge variant="light" color={KIND[open.type].color}>
                {KIND[open.type].label}
              </Badge>
              <Text size="sm" c="dimmed">
                Reçue le {longDateFr(open.dt_creation)}
              </Text>
            </Group>
            <Text>{open.message}</Text>
            {open.event && <Text fw={600}>Prévu le {longDateFr(open.event.dt_realisation)}</Text>}
            {open.event?.applianceName && <Text>Appareil : {open.event.applianceName}</Text>}
            {open.event?.note && (
              <Text>
                <strong>Notes : </strong>
                {open.event.note}
              </Text>
            )}
            {open.type === 'MAINTENANCE' && open.event && (
              <>
                {open.event.status === 'DONE' ? (
                  <Text c="eco.8" fw={600} role="status">
                    <IconCircleCheck size={18} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> Entretien fait
                  </Text>
                ) : (
                  canEdit && (
                    <Button leftSection={<IconCircleCheck size={18} />} loading={update.isPending} onClick={() => recordDone(open)}>
                      J’ai fait l’entretien
                    </Button>
                  )
                )}
                <Group>
                  {open.event.maintenanceCardId && open.event.productId && (
                    <Button
                      variant="light"
                      onClick={() => setShowProducts((v) => !v)}
                      aria-expanded={showProducts}
                      aria-controls="needed-products"
                    >
                      Voir les produits
                    </Button>
                  )}
                  {open.event.maintenanceCardId && open.event.productId && (
                    <Button
                      component={Link}
                      to={`/entretien/fichedetail?card=${open.event.maintenanceCardId}&prod=${open.event.productId}${open.event.applianceId ? `&appliance=${open.event.applianceId}` : ''}`}
                    >
                      Voir la fiche
                    </Button>
                  )}
                </Group>
                {showProducts && (
                  <NeededProducts productId={open.event?.productId ?? null} cardId={open.event?.maintenanceCardId ?? null} />
                )}
              </>
            )}
          </Stack>
        )}
      </Modal>
    </>
  );
}
