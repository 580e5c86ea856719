import {
  IconBell,
  IconCalendar,
  IconFileText,
  IconHelpCircle,
  IconHome,
  IconLayoutGrid,
  IconScale,
  IconTag,
  IconTool,
} from '@tabler/icons-react';
import { paths } from '../../lib/paths.ts';

/** product §2, navigation shell: the main entries (left bar and bottom tab bar). */
export const MAIN_NAV = [
  { to: paths.home, label: 'Accueil', short: 'Accueil', icon: IconHome },
  { to: paths.calendar, label: 'Calendrier', short: 'Calendrier', icon: IconCalendar },
  { to: paths.universes, label: 'Inventaire', short: 'Inventaire', icon: IconLayoutGrid },
  { to: paths.offers, label: 'Offres Partenaires', short: 'Offres', icon: IconTag },
] as const;

/** product §2, Options menu (then the Déconnecter action), with « Mes démarches » (a claim followed to its end). */
export const OPTIONS_NAV = [
  { to: paths.notifications, label: 'Notifications', icon: IconBell },
  { to: paths.claims, label: 'Mes démarches', icon: IconScale },
  { to: paths.cgu, label: 'CGU', icon: IconFileText },
  { to: paths.faq, label: 'FAQ', icon: IconHelpCircle },
  { to: paths.smartfix, label: 'Smart-fix', icon: IconTool },
] as const;

/** The Inventaire entry stays lit on every inventory page. */
export function isNavActive(to: string, pathname: string): boolean {
  if (to === paths.universes) return pathname.startsWith('/inventaire');
  if (to === paths.home) return pathname === '/home' || pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
