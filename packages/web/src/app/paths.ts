/** Every route path of the app (spec §2 route table), in one place. */
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
  smartfix: '/smarfix',
  inventorySearch: '/inventaire/search',
} as const;

/** spec §2: paths reachable without a signed-in user. */
export function isPublicPath(pathname: string): boolean {
  return (
    ['/login', '/register', '/forgot-password', '/reset-password'].includes(pathname) ||
    pathname === '/welcome' ||
    pathname.startsWith('/welcome/') ||
    pathname.startsWith('/public/badges/')
  );
}
