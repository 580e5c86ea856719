/**
 * Families of devices (shared by second life and re-equipment, which tailor their advice to
 * them), one for every product slug of the catalogue.
 */

/** Device families used to tailor second-life and re-equipment advice. */
export type DeviceFamily =
  | 'gros-electromenager'
  | 'froid'
  | 'petit-electromenager'
  | 'chauffage-climatisation'
  | 'ecrans'
  | 'informatique-telephonie'
  | 'audio-photo-jeux'
  | 'bricolage-jardin-mobilite';

export const FAMILY_LABELS: Record<DeviceFamily, string> = {
  'gros-electromenager': 'Gros électroménager',
  froid: 'Appareils de froid',
  'petit-electromenager': 'Petit électroménager',
  'chauffage-climatisation': 'Chauffage et climatisation',
  ecrans: 'Écrans',
  'informatique-telephonie': 'Informatique et téléphonie',
  'audio-photo-jeux': 'Audio, photo et jeux vidéo',
  'bricolage-jardin-mobilite': 'Bricolage, jardin et mobilité électrique',
};

/** Every product slug of the app → its family (all 71 slugs below, none missing). */
export const FAMILY_OF_PRODUCT: Record<string, DeviceFamily> = {
  // Gros électroménager (lavage, cuisson)
  'lave-linge': 'gros-electromenager',
  'seche-linge': 'gros-electromenager',
  'lave-vaisselle': 'gros-electromenager',
  four: 'gros-electromenager',
  'plaque-de-cuisson': 'gros-electromenager',
  cuisiniere: 'gros-electromenager',
  hotte: 'gros-electromenager',

  // Froid
  refrigerateur: 'froid',
  congelateur: 'froid',
  'cave-a-vin': 'froid',

  // Petit électroménager
  'micro-ondes': 'petit-electromenager',
  'mini-four': 'petit-electromenager',
  bouilloire: 'petit-electromenager',
  'cafetiere-dosettes': 'petit-electromenager',
  'cafetiere-filtre': 'petit-electromenager',
  'cafetiere-expresso': 'petit-electromenager',
  'machine-a-cafe-automatique': 'petit-electromenager',
  'grille-pain': 'petit-electromenager',
  'robot-cuiseur': 'petit-electromenager',
  'robot-patissier': 'petit-electromenager',
  'presse-agrumes': 'petit-electromenager',
  centrifugeuse: 'petit-electromenager',
  friteuse: 'petit-electromenager',
  'machine-a-pain': 'petit-electromenager',
  yaourtiere: 'petit-electromenager',
  'appareil-a-raclette': 'petit-electromenager',
  'seche-cheveux': 'petit-electromenager',
  lisseur: 'petit-electromenager',
  'rasoir-electrique': 'petit-electromenager',
  'brosse-a-dents-electrique': 'petit-electromenager',
  'fer-a-repasser': 'petit-electromenager',
  'centrale-vapeur': 'petit-electromenager',
  'nettoyeur-vapeur': 'petit-electromenager',
  aspirateur: 'petit-electromenager',
  'machine-a-coudre': 'petit-electromenager',
  lampe: 'petit-electromenager',
  veilleuse: 'petit-electromenager',
  babyphone: 'petit-electromenager',
  // Small battery device, under 25 cm: the small-appliance advice (remove the battery, « 1 pour 0 ») fits it.
  'detecteur-de-fumee': 'petit-electromenager',

  // Chauffage, climatisation, eau chaude et traitement de l'air
  radiateur: 'chauffage-climatisation',
  climatiseur: 'chauffage-climatisation',
  ventilateur: 'chauffage-climatisation',
  'purificateur-d-air': 'chauffage-climatisation',
  humidificateur: 'chauffage-climatisation',
  deshumidificateur: 'chauffage-climatisation',
  'chauffe-eau': 'chauffage-climatisation',
  chaudiere: 'chauffage-climatisation',
  'pompe-a-chaleur': 'chauffage-climatisation',

  // Écrans
  televiseur: 'ecrans',
  videoprojecteur: 'ecrans',
  moniteur: 'ecrans',

  // Informatique et téléphonie
  'telephone-portable': 'informatique-telephonie',
  'telephone-fixe': 'informatique-telephonie',
  tablette: 'informatique-telephonie',
  'ordinateur-portable': 'informatique-telephonie',
  'ordinateur-fixe': 'informatique-telephonie',
  imprimante: 'informatique-telephonie',
  scanner: 'informatique-telephonie',
  'box-internet': 'informatique-telephonie',

  // Audio, photo et jeux vidéo
  'chaine-hi-fi': 'audio-photo-jeux',
  enceinte: 'audio-photo-jeux',
  'casque-audio': 'audio-photo-jeux',
  'radio-reveil': 'audio-photo-jeux',
  'appareil-photo': 'audio-photo-jeux',
  'console-de-jeux': 'audio-photo-jeux',
  'console-portable': 'audio-photo-jeux',

  // Bricolage, jardin et mobilité électrique
  'perceuse-visseuse': 'bricolage-jardin-mobilite',
  'nettoyeur-haute-pression': 'bricolage-jardin-mobilite',
  'tondeuse-a-gazon': 'bricolage-jardin-mobilite',
  'taille-haie': 'bricolage-jardin-mobilite',
  'trottinette-electrique': 'bricolage-jardin-mobilite',
};
