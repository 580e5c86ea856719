import { ActionIcon, Anchor, AppShell, Box, Button, Group, Indicator, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useNotifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconBell,
  IconClockUp,
  IconDotsVertical,
  IconLogout,
  IconSearch,
  IconUserCircle,
  IconWifiOff,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { MSG, OFFLINE_TEXTS, pendingCountFr, QUEUE_TEXTS, refusedCountFr } from '@ecofoyer/contracts';
import { useSession } from '../../features/auth/api/use-session.ts';
import { HouseholdName } from '../../features/foyer/components/household-name.tsx';
import { useNotificationCount } from '../../features/notifications/api/notification-count.ts';
import { useOffline } from '../../lib/network-state.ts';
import { startWrites, useQueuedWrites } from '../../lib/offline-writes.ts';
import { paths } from '../../lib/paths.ts';
import { LogoutDialog } from './logout-dialog.tsx';
import { isNavActive, MAIN_NAV, OPTIONS_NAV } from './nav-items.ts';
import classes from './app-layout.module.css';
import { SEARCH_PLACEHOLDER } from './search-placeholder.ts';

/** product §2: the profile, badge and maintenance pages hide the header. */
function headerHidden(pathname: string) {
  return pathname === '/profile' || pathname.startsWith('/badges/') || pathname.startsWith('/entretien/');
}

/** The header's bell with the unread count (its own component: a new count re-renders only it). */
function NotificationBell() {
  const unread = useNotificationCount();
  return (
    <Indicator label={unread} size={18} disabled={!unread} color="red" offset={6}>
      <ActionIcon
        component={Link}
        to={paths.notifications}
        variant="subtle"
        size={44}
        radius="xl"
        title="Notifications"
        aria-label={unread ? `Notifications : ${unread} non lue${unread > 1 ? 's' : ''}` : 'Notifications'}
      >
        <IconBell size={24} />
      </ActionIcon>
    </Indicator>
  );
}

/** product §1/§7: the unread count feeds the app badge also where the bell is not shown. */
function AppBadgeSync() {
  useNotificationCount();
  return null;
}

/**
 * « Hors ligne » while the network is down or requests fail for lack of it (lib/network-state.ts):
 * the service worker serves the app and the copies of what was opened online (decision 030). The
 * changes kept on this device are counted here (« 2 modifications en attente d’envoi »), and those the
 * server refused once replayed open « Modifications non envoyées » (decision 031).
 */
function OfflineNotice() {
  const offline = useOffline();
  const writes = useQueuedWrites();
  const [listOpened, setListOpened] = useState(false);
  const refused = writes.filter((w) => w.refusal).length;
  const waiting = writes.length - refused;
  if (!offline && writes.length === 0) return null;
  return (
    <>
      <Stack gap={4} className={classes.offline} role="status" data-testid="offline-banner">
        {offline && (
          <Group gap="xs" wrap="nowrap">
            <IconWifiOff size={18} aria-hidden style={{ flex: 'none' }} />
            <Text size="sm">
              <strong>{OFFLINE_TEXTS.bannerTitle}</strong> · {OFFLINE_TEXTS.banner}
            </Text>
          </Group>
        )}
        {waiting > 0 && (
          <Group gap="xs" wrap="nowrap">
            <IconClockUp size={18} aria-hidden style={{ flex: 'none' }} />
            <Text size="sm" fw={600} data-testid="pending-count">
              {pendingCountFr(waiting)}
            </Text>
          </Group>
        )}
        {refused > 0 && (
          <Group gap="xs" wrap="nowrap">
            <IconAlertTriangle size={18} aria-hidden style={{ flex: 'none' }} />
            <Text size="sm" fw={600} data-testid="refused-count">
              {refusedCountFr(refused)}
            </Text>
            <Button size="compact-sm" variant="white" onClick={() => setListOpened(true)}>
              {QUEUE_TEXTS.show}
            </Button>
          </Group>
        )}
      </Stack>
      {listOpened && (
        <Suspense fallback={null}>
          <RefusedWrites opened onClose={() => setListOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Starts the queue of changes made offline (decision 031): replays it now and when the network is back. */
function WriteQueue() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      startWrites(() => {
        for (const queryKey of [['events'], ['appliances'], ['universes'], ['badges']]) void queryClient.invalidateQueries({ queryKey });
      }),
    [queryClient],
  );
  return null;
}

// Menus and toasts (floating-ui, focus trap, transitions) are not needed to draw a page: they load
// after it, so the first paint of every signed-in page waits for less JS.
const OptionsMenu = lazy(() => import('./options-menu.tsx').then((m) => ({ default: m.OptionsMenu })));
const Toasts = lazy(() => import('./toasts.tsx').then((m) => ({ default: m.Toasts })));
const RefusedWrites = lazy(() => import('./refused-writes.tsx').then((m) => ({ default: m.RefusedWrites })));

/**
 * Runs `run` once the page has been quiet for a while: a few seconds after the load, in an idle
 * moment, so that warming up what a tap may need does not compete with the page's own first data
 * and rendering. A tap before then loads it at once.
 */
const WARM_UP_DELAY_MS = 4000;
const whenIdle = (run: () => void) => {
  const timer = setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : run()), WARM_UP_DELAY_MS);
  return () => clearTimeout(timer);
};

/** The phone header's Options button: the real menu loads when the page is idle, or on a tap. */
function DeferredOptionsMenu() {
  const [load, setLoad] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  useEffect(() => whenIdle(() => setLoad(true)), []);
  const placeholder = (
    <ActionIcon
      variant="subtle"
      size={44}
      radius="xl"
      aria-label="Options"
      aria-haspopup="menu"
      onClick={() => {
        setOpenOnLoad(true);
        setLoad(true);
      }}
    >
      <IconDotsVertical size={24} />
    </ActionIcon>
  );
  if (!load) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <OptionsMenu defaultOpened={openOnLoad} />
    </Suspense>
  );
}

/** Mounts the toasts' container once a toast is asked for (notifications.show keeps it queued). */
function DeferredToasts() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (notifications.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/** product §2, navigation shell: desktop left bar and header, phone header and bottom tab bar. */
export function AppLayout() {
  const { pathname } = useLocation();
  // Read synchronously: the left bar and the tab bar are each rendered only where they show,
  // so a screen reader never meets the hidden one.
  const isDesktop = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  const session = useSession();
  const [logoutOpened, logoutModal] = useDisclosure(false);
  const hideHeader = headerHidden(pathname);
  const isHome = pathname === '/home' || pathname === '/';

  return (
    <AppShell
      header={hideHeader ? undefined : { height: 64 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: true } }}
      footer={{ height: 68, collapsed: Boolean(isDesktop) }}
      padding={{ base: 'md', sm: 'lg' }}
      className={classes.shell}
    >
      {!hideHeader && (
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={paths.home} underline="never" aria-label="EcoFoyer, accueil">
              <Logo size={34} />
            </Anchor>
            {isDesktop ? (
              <Group gap="sm" wrap="nowrap">
                <HouseholdName />
                <UnstyledButton component={Link} to={paths.profile} className={classes.user}>
                  <Group gap={8} wrap="nowrap">
                    <IconUserCircle size={26} aria-hidden />
                    <Text fw={600} data-testid="current-user">
                      {session?.firstname} {session?.lastname}
                    </Text>
                  </Group>
                </UnstyledButton>
                <NotificationBell />
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size={44}
                  radius="xl"
                  onClick={logoutModal.open}
                  title="Déconnecter"
                  aria-label="Déconnecter"
                >
                  <IconLogout size={24} />
                </ActionIcon>
              </Group>
            ) : (
              <Group gap={4} wrap="nowrap">
                {/* Phones are the main target: the unread count is in their header too. */}
                <NotificationBell />
                <DeferredOptionsMenu />
                <ActionIcon component={Link} to={paths.profile} variant="subtle" size={44} radius="xl" aria-label="Mon profil">
                  <IconUserCircle size={28} />
                </ActionIcon>
              </Group>
            )}
          </Group>
        </AppShell.Header>
      )}

      {isDesktop && (
        <AppShell.Navbar p="sm" aria-label="Navigation principale">
          <Stack gap={4} style={{ flex: 1 }}>
            {MAIN_NAV.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<item.icon size={22} />}
                active={isNavActive(item.to, pathname)}
                className={classes.navLink}
              />
            ))}
          </Stack>
          <Stack gap={4}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" id="options-title">
              Options
            </Text>
            <nav aria-labelledby="options-title">
              {OPTIONS_NAV.map((item) => (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  leftSection={<item.icon size={20} />}
                  active={isNavActive(item.to, pathname)}
                  className={classes.navLink}
                />
              ))}
              <NavLink
                component="button"
                label="Déconnecter"
                c="red.9"
                leftSection={<IconLogout size={20} />}
                onClick={logoutModal.open}
                className={classes.navLink}
              />
            </nav>
          </Stack>
        </AppShell.Navbar>
      )}

      <AppShell.Main className={classes.main}>
        <OfflineNotice />
        <WriteQueue />
        {session?.email?.endsWith('@demo.invalid') && (
          <Text size="sm" className={classes.demoBanner} role="note" data-testid="demo-banner">
            {MSG.demoBanner}
          </Text>
        )}
        {isHome && (
          <UnstyledButton component={Link} to={paths.inventorySearch} className={classes.extraBar}>
            <Group gap="sm" wrap="nowrap">
              <IconSearch size={20} aria-hidden />
              <Text c="dimmed">{SEARCH_PLACEHOLDER}</Text>
            </Group>
          </UnstyledButton>
        )}
        <Box className={classes.content}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>

      {!isDesktop && (
        <AppShell.Footer className={classes.tabBar}>
          <nav aria-label="Navigation principale" className={classes.tabs}>
            {MAIN_NAV.map((item) => {
              const active = isNavActive(item.to, pathname);
              return (
                <UnstyledButton
                  key={item.to}
                  component={Link}
                  to={item.to}
                  className={classes.tab}
                  data-active={active || undefined}
                  aria-current={active ? 'page' : undefined}
                >
                  <item.icon size={24} aria-hidden />
                  <span>{item.short}</span>
                </UnstyledButton>
              );
            })}
          </nav>
        </AppShell.Footer>
      )}
      <LogoutDialog opened={logoutOpened} onClose={logoutModal.close} />
      {(!isDesktop || hideHeader) && <AppBadgeSync />}
      {/* Every toast is shown inside the shell: the container stays out of the public pages' JS. */}
      <DeferredToasts />
    </AppShell>
  );
}
