import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { BootScreen } from './boot-screen.tsx';
import { lazyPage } from './lazy.ts';
import { RequireAuth } from './require-auth.tsx';
import { homeLoader, shellLoader } from './route-data.ts';
import { NotFoundPage, RouteError } from './route-error.tsx';

const home = lazyPage(
  'home',
  () => import('./pages/home.tsx'),
  (m) => m.Home,
);
const welcome = lazyPage(
  'welcome',
  () => import('../features/welcome/pages/welcome-page.tsx'),
  (m) => m.WelcomePage,
);
const board = (name: 'user' | 'freemium' | 'assure') =>
  lazyPage(
    'boards',
    () => import('../features/boards/pages/board-page.tsx'),
    (m) => () => <m.BoardPage name={name} />,
  );

/**
 * Every route of product §2. Public ones first; the rest behind the guard, inside the shell. Only the
 * login page is in the entry chunk: every other page is loaded on demand (JS budgets, decision 006).
 */
export const routes: RouteObject[] = [
  { path: '/login', Component: LoginPage, errorElement: <RouteError /> },
  {
    path: '/confidentialite',
    lazy: lazyPage(
      'privacy',
      () => import('../features/info/pages/privacy-page.tsx'),
      (m) => m.PrivacyPage,
    ),
    HydrateFallback: BootScreen,
    errorElement: <RouteError />,
  },
  {
    lazy: lazyPage(
      'query',
      () => import('./query-layout.tsx'),
      (m) => m.QueryLayout,
    ),
    HydrateFallback: BootScreen,
    errorElement: <RouteError />,
    children: [
      {
        path: '/register',
        lazy: lazyPage(
          'register',
          () => import('../features/auth/pages/register-page.tsx'),
          (m) => m.RegisterPage,
        ),
        errorElement: <RouteError />,
      },
      {
        path: '/forgot-password',
        lazy: lazyPage(
          'forgot-password',
          () => import('../features/auth/pages/forgot-password-page.tsx'),
          (m) => m.ForgotPasswordPage,
        ),
        errorElement: <RouteError />,
      },
      {
        path: '/confirm-email',
        lazy: lazyPage(
          'confirm-email',
          () => import('../features/auth/pages/confirm-email-page.tsx'),
          (m) => m.ConfirmEmailPage,
        ),
        errorElement: <RouteError />,
      },
      {
        path: '/reset-password',
        lazy: lazyPage(
          'reset-password',
          () => import('../features/auth/pages/reset-password-page.tsx'),
          (m) => m.ResetPasswordPage,
        ),
        errorElement: <RouteError />,
      },
      {
        path: '/desabonnement',
        lazy: lazyPage(
          'unsubscribe',
          () => import('../features/notifications/pages/unsubscribe-page.tsx'),
          (m) => m.UnsubscribePage,
        ),
        errorElement: <RouteError />,
      },
      {
        path: '/invitation',
        lazy: lazyPage(
          'invitation',
          () => import('../features/foyer/pages/invitation-page.tsx'),
          (m) => m.InvitationPage,
        ),
        errorElement: <RouteError />,
      },
      { path: '/welcome', lazy: welcome, errorElement: <RouteError /> },
      { path: '/welcome/:step', lazy: welcome, errorElement: <RouteError /> },
      {
        path: '/partage/:jeton',
        lazy: lazyPage(
          'shared-dossier',
          () => import('../features/dossier/pages/shared-dossier-page.tsx'),
          (m) => m.SharedDossierPage,
        ),
        errorElement: <RouteError />,
      },
      {
        path: '/public/badges/:publicUuid',
        lazy: lazyPage(
          'public-badge',
          () => import('../features/badges/pages/public-badge-page.tsx'),
          (m) => m.PublicBadgePage,
        ),
        errorElement: <RouteError />,
      },
      {
        Component: RequireAuth,
        errorElement: <RouteError />,
        children: [
          {
            lazy: lazyPage(
              'shell',
              () => import('./shell/app-layout.tsx'),
              (m) => m.AppLayout,
            ),
            loader: shellLoader,
            errorElement: <RouteError />,
            children: [
              { path: '/', lazy: home, loader: homeLoader, errorElement: <RouteError /> },
              { path: '/home', lazy: home, loader: homeLoader, errorElement: <RouteError /> },
              {
                path: '/profile',
                lazy: lazyPage(
                  'profile',
                  () => import('./pages/profile.tsx'),
                  (m) => m.Profile,
                ),
                errorElement: <RouteError />,
              },
              { path: '/user', lazy: board('user'), errorElement: <RouteError /> },
              { path: '/freemium', lazy: board('freemium'), errorElement: <RouteError /> },
              { path: '/assure', lazy: board('assure'), errorElement: <RouteError /> },
              {
                path: '/inventaire/univers',
                lazy: lazyPage(
                  'universes',
                  () => import('../features/universes/pages/universes-page.tsx'),
                  (m) => m.UniversesPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/inventaire/univers/:id/detail',
                lazy: lazyPage(
                  'universe-detail',
                  () => import('../features/universes/pages/universe-detail-page.tsx'),
                  (m) => m.UniverseDetailPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/inventaire/univers/update',
                lazy: lazyPage(
                  'universe-update',
                  () => import('../features/universes/pages/universe-update-page.tsx'),
                  (m) => m.UniverseUpdatePage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/inventaire',
                lazy: lazyPage(
                  'inventory',
                  () => import('../features/appliances/pages/inventory-page.tsx'),
                  (m) => m.InventoryPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/inventaire/search',
                lazy: lazyPage(
                  'inventory-search',
                  () => import('../features/appliances/pages/inventory-search-page.tsx'),
                  (m) => m.InventorySearchPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/inventaire/univers/appliance/fichedetail',
                lazy: lazyPage(
                  'appliance-detail',
                  () => import('./pages/appliance-detail.tsx'),
                  (m) => m.ApplianceDetail,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/inventaire/univers/appliance/update',
                lazy: lazyPage(
                  'appliance-update',
                  () => import('./pages/appliance-update.tsx'),
                  (m) => m.ApplianceUpdate,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/productlist',
                lazy: lazyPage(
                  'products',
                  () => import('../features/products/pages/product-list-page.tsx'),
                  (m) => m.ProductListPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/new-device',
                lazy: lazyPage(
                  'new-device',
                  () => import('./pages/new-device.tsx'),
                  (m) => m.NewDevice,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/inventaire/nouveau_2',
                lazy: lazyPage(
                  'new-device',
                  () => import('./pages/new-device.tsx'),
                  (m) => m.NewDevice,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/entretien/fiche',
                lazy: lazyPage(
                  'maintenance',
                  () => import('../features/maintenance/pages/maintenance-card-list-page.tsx'),
                  (m) => m.MaintenanceCardListPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/entretien/fichedetail',
                lazy: lazyPage(
                  'maintenance-detail',
                  () => import('../features/maintenance/pages/maintenance-card-detail-page.tsx'),
                  (m) => m.MaintenanceCardDetailPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/calendar',
                lazy: lazyPage(
                  'calendar',
                  () => import('../features/events/pages/calendar-page.tsx'),
                  (m) => m.CalendarPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/notification',
                lazy: lazyPage(
                  'notifications',
                  () => import('./pages/notifications.tsx'),
                  (m) => m.Notifications,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/badges/:badgeId',
                lazy: lazyPage(
                  'badge',
                  () => import('../features/badges/pages/badge-detail-page.tsx'),
                  (m) => m.BadgeDetailPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/carbotool',
                lazy: lazyPage(
                  'carbon',
                  () => import('../features/carbon/pages/carbon-tool-page.tsx'),
                  (m) => m.CarbonToolPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/carbomap',
                lazy: lazyPage(
                  'carbon-map',
                  () => import('./pages/carbon-map.tsx'),
                  (m) => m.CarbonMap,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/offres',
                lazy: lazyPage(
                  'offers',
                  () => import('../features/offers/pages/offers-page.tsx'),
                  (m) => m.OffersPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/repair',
                lazy: lazyPage(
                  'repair',
                  () => import('./pages/repair.tsx'),
                  (m) => m.Repair,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/callplan',
                lazy: lazyPage(
                  'callplan',
                  () => import('../features/repairers/pages/callplan-page.tsx'),
                  (m) => m.CallplanPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/secondlife/actionselect',
                lazy: lazyPage(
                  'second-life',
                  () => import('../features/second-life/pages/second-life-choice-page.tsx'),
                  (m) => m.SecondLifeChoicePage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/secondlife/give',
                lazy: lazyPage(
                  'second-life-guides',
                  () => import('./pages/second-life-guides.tsx'),
                  (m) => m.Give,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/secondlife/sell',
                lazy: lazyPage(
                  'second-life-guides',
                  () => import('./pages/second-life-guides.tsx'),
                  (m) => m.Sell,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/secondlife/recycle',
                lazy: lazyPage(
                  'second-life-guides',
                  () => import('./pages/second-life-guides.tsx'),
                  (m) => m.Recycle,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/replace/appliance',
                lazy: lazyPage(
                  'renew',
                  () => import('../features/renew/pages/renew-pages.tsx'),
                  (m) => m.ReplaceAppliancePage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/replace/product',
                lazy: lazyPage(
                  'renew',
                  () => import('../features/renew/pages/renew-pages.tsx'),
                  (m) => m.ReplaceProductPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/renew/optionselect',
                lazy: lazyPage(
                  'renew',
                  () => import('../features/renew/pages/renew-pages.tsx'),
                  (m) => m.RenewOptionsPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/renew/fundsearch',
                lazy: lazyPage(
                  'renew',
                  () => import('../features/renew/pages/renew-pages.tsx'),
                  (m) => m.RenewFundsPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/renew/tip',
                lazy: lazyPage(
                  'renew',
                  () => import('../features/renew/pages/renew-pages.tsx'),
                  (m) => m.RenewTipPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/renew/offer',
                lazy: lazyPage(
                  'renew',
                  () => import('../features/renew/pages/renew-pages.tsx'),
                  (m) => m.RenewOfferPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/smarfix',
                lazy: lazyPage(
                  'smartfix',
                  () => import('../features/smartfix/pages/smartfix-page.tsx'),
                  (m) => m.SmartfixPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/cgu',
                lazy: lazyPage(
                  'cgu',
                  () => import('../features/info/pages/cgu-page.tsx'),
                  (m) => m.CguPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/etiquettes',
                lazy: lazyPage(
                  'labels',
                  () => import('../features/labels/pages/labels-page.tsx'),
                  (m) => m.LabelsPage,
                ),
                errorElement: <RouteError />,
              },
              // A scanned QR label: signed out, the guard goes to /login and back here.
              {
                path: '/a/:code',
                lazy: lazyPage(
                  'label',
                  () => import('../features/labels/pages/label-page.tsx'),
                  (m) => m.LabelPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/demarches',
                lazy: lazyPage(
                  'claims',
                  () => import('../features/claims/pages/claims-page.tsx'),
                  (m) => m.ClaimsPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/demarches/nouvelle',
                lazy: lazyPage(
                  'claims',
                  () => import('../features/claims/pages/new-claim-page.tsx'),
                  (m) => m.NewClaimPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/demarches/:id',
                lazy: lazyPage(
                  'claims',
                  () => import('../features/claims/pages/claim-page.tsx'),
                  (m) => m.ClaimPage,
                ),
                errorElement: <RouteError />,
              },
              {
                path: '/faq',
                lazy: lazyPage(
                  'faq',
                  () => import('../features/info/pages/faq-page.tsx'),
                  (m) => m.FaqPage,
                ),
                errorElement: <RouteError />,
              },
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
