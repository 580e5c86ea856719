/** Every route path of the app (product §2, route table), in one place. */
export const paths = {
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  welcome: '/welcome',
  home: '/home',
  profile: '/profile',
  calendar: '/calendar',
  universes: '/inventaire/univers',
  inventory: '/inventaire',
  offers: '/offres',
  notifications: '/notification',
  cgu: '/cgu',
  faq: '/faq',
  privacy: '/confidentialite',
  smartfix: '/smarfix',
  inventorySearch: '/inventaire/search',
  invitation: '/invitation',
  unsubscribe: '/desabonnement',
  labels: '/etiquettes',
  claims: '/demarches',
} as const;

/** A claim's page (« Ma démarche »): a reminder of an unanswered request opens it. */
export const claimPath = (id: number) => `/demarches/${id}`;

/** « Lancer ma démarche » for an appliance, from its breakdown when there is one (the assistant's diagnosis, the appliance page). */
export const newClaimPath = (applianceId: number, eventId?: number | null) =>
  `/demarches/nouvelle?applianceId=${applianceId}${eventId ? `&eventId=${eventId}` : ''}`;

/** product §2, flags of the product chooser and the inventory, carried in the query (they survive a reload). */
export type ProductListFlag = 'tomaintenance' | 'toadd' | 'tosecond' | 'torepair';
export const productListFor = (flag: ProductListFlag) => `/productlist?flag=${flag}`;
export const inventoryFor = (flag: 'tosecond') => `/inventaire?flag=${flag}`;

/** product §2: paths reachable without a signed-in user. */
export function isPublicPath(pathname: string): boolean {
  return (
    [
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/confirm-email',
      '/confidentialite',
      '/invitation',
      '/desabonnement',
    ].includes(pathname) ||
    pathname === '/welcome' ||
    pathname.startsWith('/welcome/') ||
    pathname.startsWith('/public/badges/') ||
    pathname.startsWith('/partage/')
  );
}
