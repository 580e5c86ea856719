/**
 * Finer appliance kinds inside the 40 ORDS categories, so that a washing machine is
 * compared with washing machines rather than with every "Gros électroménager". Each kind is read
 * from the records' `partner_product_category` (and the first words of their description) by the
 * training script (server/src/modules/smartfix/smartfix-kinds.ts holds the patterns).
 *
 * `plural` completes « En moyenne, 71 % des … apportés en atelier de réparation ont été réparés » ;
 * `keywords` are the everyday French words a user types in the category search (« frigo »,
 * « machine à laver »…), matched accent- and case-blind.
 */
export interface SmartfixKind {
  /** Stable id sent as `kind` in POST V1/smartfix/predict. */
  id: string;
  /** The ORDS category (1..40) the kind belongs to in the app. */
  categoryId: number;
  name: string;
  plural: string;
  keywords: string[];
}

export const SMARTFIX_KINDS: SmartfixKind[] = [
  {
    id: 'lave-linge',
    categoryId: 17,
    name: 'Lave-linge',
    plural: 'lave-linge',
    keywords: ['machine à laver', 'laver le linge', 'lessive'],
  },
  { id: 'lave-vaisselle', categoryId: 17, name: 'Lave-vaisselle', plural: 'lave-vaisselle', keywords: ['vaisselle'] },
  { id: 'seche-linge', categoryId: 17, name: 'Sèche-linge', plural: 'sèche-linge', keywords: ['séchoir', 'tumble'] },
  {
    id: 'refrigerateur',
    categoryId: 17,
    name: 'Réfrigérateur / congélateur',
    plural: 'réfrigérateurs et congélateurs',
    keywords: ['frigo', 'frigidaire', 'congélo', 'frais', 'froid'],
  },
  {
    id: 'micro-ondes',
    categoryId: 17,
    name: 'Four micro-ondes',
    plural: 'fours micro-ondes',
    keywords: ['micro-onde', 'micro onde', 'microonde'],
  },
  {
    id: 'four',
    categoryId: 17,
    name: 'Four / cuisinière / plaque de cuisson',
    plural: 'fours, cuisinières et plaques',
    keywords: ['plaque', 'induction', 'vitrocéramique', 'gazinière'],
  },
  { id: 'hotte', categoryId: 17, name: 'Hotte aspirante', plural: 'hottes aspirantes', keywords: ['hotte'] },
  { id: 'tondeuse-gazon', categoryId: 17, name: 'Tondeuse à gazon', plural: 'tondeuses à gazon', keywords: ['pelouse', 'jardin', 'gazon'] },
  {
    id: 'velo-trottinette',
    categoryId: 17,
    name: 'Vélo / trottinette électrique',
    plural: 'vélos et trottinettes électriques',
    keywords: ['vae', 'trottinette', 'vélo'],
  },
  {
    id: 'chauffage',
    categoryId: 28,
    name: 'Radiateur / chauffage d’appoint',
    plural: 'radiateurs et chauffages d’appoint',
    keywords: ['chauffage', 'radiateur', 'convecteur', 'soufflant'],
  },
  {
    id: 'pese-personne',
    categoryId: 28,
    name: 'Balance / pèse-personne',
    plural: 'balances et pèse-personnes',
    keywords: ['balance', 'pèse'],
  },
  { id: 'friteuse', categoryId: 29, name: 'Friteuse / friteuse sans huile', plural: 'friteuses', keywords: ['airfryer', 'air fryer'] },
  { id: 'mini-four', categoryId: 29, name: 'Mini-four', plural: 'mini-fours', keywords: ['four posable'] },
  { id: 'machine-a-pain', categoryId: 29, name: 'Machine à pain', plural: 'machines à pain', keywords: ['pain'] },
  { id: 'cuiseur-riz', categoryId: 29, name: 'Cuiseur à riz', plural: 'cuiseurs à riz', keywords: ['riz'] },
  { id: 'gaufrier', categoryId: 29, name: 'Gaufrier / appareil à croque', plural: 'gaufriers', keywords: ['gaufre', 'croque'] },
  {
    id: 'expresso',
    categoryId: 36,
    name: 'Machine à expresso / à dosettes',
    plural: 'machines à expresso et à dosettes',
    keywords: ['espresso', 'capsule', 'dosette', 'nespresso', 'senseo'],
  },
  { id: 'mixeur', categoryId: 37, name: 'Blender / mixeur', plural: 'blenders et mixeurs', keywords: ['mixer', 'plongeant', 'smoothie'] },
  {
    id: 'batteur',
    categoryId: 37,
    name: 'Batteur / robot pâtissier',
    plural: 'batteurs et robots pâtissiers',
    keywords: ['fouet', 'pâtissier', 'kitchenaid'],
  },
  {
    id: 'centrifugeuse',
    categoryId: 37,
    name: 'Centrifugeuse / presse-agrumes',
    plural: 'centrifugeuses et presse-agrumes',
    keywords: ['jus', 'extracteur'],
  },
  {
    id: 'aspirateur-robot',
    categoryId: 34,
    name: 'Aspirateur robot',
    plural: 'aspirateurs robots',
    keywords: ['roomba', 'robot aspirateur'],
  },
  {
    id: 'aspirateur-balai',
    categoryId: 34,
    name: 'Aspirateur balai / à main',
    plural: 'aspirateurs balais et à main',
    keywords: ['balai', 'sans fil', 'dyson'],
  },
  { id: 'perceuse', categoryId: 24, name: 'Perceuse / visseuse', plural: 'perceuses et visseuses', keywords: ['visseuse', 'perforateur'] },
  { id: 'taille-haie', categoryId: 24, name: 'Taille-haie', plural: 'taille-haies', keywords: ['haie'] },
  {
    id: 'coupe-bordure',
    categoryId: 24,
    name: 'Coupe-bordure / débroussailleuse',
    plural: 'coupe-bordures et débroussailleuses',
    keywords: ['débroussailleuse', 'rotofil'],
  },
  {
    id: 'nettoyeur-haute-pression',
    categoryId: 24,
    name: 'Nettoyeur haute pression',
    plural: 'nettoyeurs haute pression',
    keywords: ['karcher', 'kärcher', 'haute pression'],
  },
  { id: 'tronconneuse', categoryId: 24, name: 'Tronçonneuse / scie', plural: 'tronçonneuses et scies', keywords: ['scie', 'tronçonneuse'] },
  { id: 'rasoir', categoryId: 9, name: 'Rasoir / tondeuse à cheveux', plural: 'rasoirs et tondeuses', keywords: ['barbe', 'épilateur'] },
  {
    id: 'lisseur',
    categoryId: 9,
    name: 'Lisseur / fer à boucler',
    plural: 'lisseurs et fers à boucler',
    keywords: ['boucleur', 'fer à friser'],
  },
  { id: 'brosse-a-dents', categoryId: 9, name: 'Brosse à dents électrique', plural: 'brosses à dents électriques', keywords: ['dents'] },
  {
    id: 'platine-vinyle',
    categoryId: 13,
    name: 'Platine vinyle',
    plural: 'platines vinyle',
    keywords: ['tourne-disque', 'vinyle', 'disque'],
  },
  {
    id: 'lecteur-cd',
    categoryId: 13,
    name: 'Lecteur CD / cassettes',
    plural: 'lecteurs CD et cassettes',
    keywords: ['cd', 'cassette', 'k7'],
  },
  {
    id: 'ampli',
    categoryId: 13,
    name: 'Amplificateur / enceinte',
    plural: 'amplificateurs et enceintes',
    keywords: ['ampli', 'enceinte', 'haut-parleur'],
  },
  { id: 'montre', categoryId: 35, name: 'Montre', plural: 'montres', keywords: [] },
  { id: 'horloge', categoryId: 35, name: 'Horloge / réveil', plural: 'horloges et réveils', keywords: ['réveil', 'pendule'] },
  { id: 'televiseur', categoryId: 8, name: 'Téléviseur', plural: 'téléviseurs', keywords: ['télé', 'tv', 'télévision'] },
];

/** The 40 categories in the plural, for « En moyenne, 71 % des … ». */
export const SMARTFIX_CATEGORY_PLURALS: Record<number, string> = {
  1: 'climatiseurs et déshumidificateurs',
  2: 'batteries, chargeurs et adaptateurs',
  3: 'éclairages décoratifs ou de sécurité',
  4: 'ordinateurs de bureau',
  5: 'appareils photo compacts',
  6: 'appareils photo reflex et caméras',
  7: 'ventilateurs',
  8: 'écrans plats',
  9: 'appareils de coiffure et de beauté',
  10: 'appareils de divertissement portables',
  11: 'casques et écouteurs',
  12: 'chaînes hi-fi compactes',
  13: 'éléments hi-fi séparés',
  14: 'bouilloires',
  15: 'lampes',
  16: 'ordinateurs portables',
  17: 'gros appareils électroménagers',
  18: 'appareils divers',
  19: 'téléphones portables',
  20: 'instruments de musique',
  21: 'destructeurs de documents',
  22: 'accessoires informatiques',
  23: 'radios portables',
  24: 'outils électroportatifs',
  25: 'imprimantes et scanners',
  26: 'vidéoprojecteurs',
  27: 'machines à coudre',
  28: 'petits appareils électroménagers',
  29: 'petits appareils de cuisine',
  30: 'tablettes',
  31: 'grille-pain',
  32: 'jouets',
  33: 'accessoires TV et jeux vidéo',
  34: 'aspirateurs',
  35: 'montres et horloges',
  36: 'cafetières et machines à café',
  37: 'robots de cuisine',
  38: 'consoles de jeux',
  39: 'sèche-cheveux',
  40: 'fers à repasser',
};

/** Everyday French words for the 40 categories themselves (the category search). */
export const SMARTFIX_CATEGORY_KEYWORDS: Record<number, string[]> = {
  1: ['clim', 'climatisation'],
  2: ['chargeur', 'pile', 'alimentation'],
  3: ['guirlande', 'veilleuse'],
  4: ['pc', 'ordinateur', 'tour'],
  5: ['appareil photo'],
  6: ['caméscope', 'caméra'],
  8: ['écran', 'moniteur'],
  9: ['beauté', 'coiffure'],
  10: ['console portable', 'liseuse'],
  11: ['casque', 'écouteurs'],
  12: ['chaîne', 'hifi'],
  13: ['hifi'],
  16: ['pc portable', 'laptop', 'ordinateur'],
  17: ['électroménager', 'électroménagers'],
  19: ['smartphone', 'mobile', 'portable', 'téléphone'],
  22: ['clavier', 'souris'],
  24: ['outil', 'bricolage'],
  25: ['imprimante', 'scanner'],
  26: ['projecteur'],
  28: ['électroménager'],
  29: ['cuisine'],
  30: ['ipad'],
  31: ['toaster'],
  33: ['télécommande', 'manette'],
  35: ['montre', 'horloge'],
  36: ['café', 'cafetière'],
  37: ['robot', 'hachoir'],
  38: ['playstation', 'xbox', 'nintendo', 'switch'],
  39: ['séchoir à cheveux'],
  40: ['repassage', 'centrale vapeur'],
};

/**
 * The kind of a reference product (products.json slug) when it is not the kind's own id: « Mes
 * droits » estimates an appliance's repairability against its kind. A product whose kind
 * is unclear (a vacuum: robot, stick or sled?) is compared with its whole category.
 */
const KIND_OF_PRODUCT: Record<string, string> = {
  congelateur: 'refrigerateur',
  cuisiniere: 'four',
  'plaque-de-cuisson': 'four',
  'cafetiere-expresso': 'expresso',
  'cafetiere-dosettes': 'expresso',
  'machine-a-cafe-automatique': 'expresso',
  radiateur: 'chauffage',
  'perceuse-visseuse': 'perceuse',
  'rasoir-electrique': 'rasoir',
  'brosse-a-dents-electrique': 'brosse-a-dents',
  enceinte: 'ampli',
  'chaine-hi-fi': 'ampli',
  'radio-reveil': 'horloge',
  'trottinette-electrique': 'velo-trottinette',
  'tondeuse-a-gazon': 'tondeuse-gazon',
  'presse-agrumes': 'centrifugeuse',
  'robot-patissier': 'batteur',
};

/** The smart-fix kind of a reference product in its category, if it has one. */
export function smartfixKindOfProduct(slug: string, categoryId: number): SmartfixKind | undefined {
  const id = KIND_OF_PRODUCT[slug] ?? slug;
  return SMARTFIX_KINDS.find((k) => k.id === id && k.categoryId === categoryId);
}
