/**
 * Routes of spec §2 whose features arrive with later issues: each shows its title and a line
 * saying what will be there (the issue that builds it replaces the entry with its page).
 */
export const PLANNED_ROUTES: { path: string; title: string; description: string }[] = [
  { path: '/smarfix', title: 'Smart-fix : réparable ?', description: 'Une estimation de la réparabilité de votre appareil à partir de milliers de réparations réelles.' },
];
