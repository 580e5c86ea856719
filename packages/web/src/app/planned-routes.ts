/**
 * Routes of spec §2 whose features arrive with later issues: each shows its title and a line
 * saying what will be there (the issue that builds it replaces the entry with its page).
 */
export const PLANNED_ROUTES: { path: string; title: string; description: string }[] = [
  { path: '/callplan', title: 'Prendre rendez-vous', description: 'La prise de rendez-vous chez un réparateur pour votre appareil.' },
  { path: '/replace/appliance', title: 'Remplacer un appareil', description: 'Des conseils pour choisir un appareil durable et réparable.' },
  { path: '/replace/product', title: 'Choisir un nouveau produit', description: 'Des pistes pour vous rééquiper de façon responsable.' },
  { path: '/secondlife/actionselect', title: 'Seconde vie', description: 'Donner, vendre ou recycler votre appareil.' },
  { path: '/secondlife/give', title: 'Donner mon appareil', description: 'Les sites de don entre particuliers et les points de collecte solidaires.' },
  { path: '/secondlife/sell', title: 'Vendre mon appareil', description: 'Des conseils et des adresses pour revendre votre appareil.' },
  { path: '/secondlife/recycle', title: 'Recycler mon appareil', description: 'Où déposer votre appareil pour qu’il soit recyclé.' },
  { path: '/renew/optionselect', title: 'Se rééquiper', description: 'Les options pour remplacer un appareil : réparer, reconditionné ou neuf.' },
  { path: '/renew/fundsearch', title: 'Financer mon rééquipement', description: 'Les aides et bonus pour vous rééquiper.' },
  { path: '/renew/tip', title: 'Conseils de rééquipement', description: 'Nos conseils pour un achat durable.' },
  { path: '/renew/offer', title: 'Offres de rééquipement', description: 'Les offres de nos partenaires pour vous rééquiper.' },
  { path: '/repair', title: 'Réparer avec l’assistant', description: 'L’assistant de diagnostic : décrivez la panne, il vous propose précautions, causes, tutoriels et réparateurs.' },
  { path: '/smarfix', title: 'Smart-fix : réparable ?', description: 'Une estimation de la réparabilité de votre appareil à partir de milliers de réparations réelles.' },
];
