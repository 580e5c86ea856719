/**
 * product §2, Appointment: the partner widget's product category, mapped from the product. Keys are the
 * reference products' slugs (server db/reference/products.json); a partner with other category
 * codes changes the `code`s here. Unknown products use OTHER.
 */
export interface RepairCategory {
  code: string;
  label: string;
}

const c = (code: string, label: string): RepairCategory => ({ code, label });
const LAVAGE = c('lavage', 'Lavage et séchage');
const FROID = c('froid', 'Froid');
const CUISSON = c('cuisson', 'Cuisson');
const CAFE = c('cafe', 'Machines à café');
const CUISINE = c('petit-electromenager-cuisine', 'Petit électroménager de cuisine');
const SOIN = c('beaute-soin', 'Beauté et soin');
const ENTRETIEN = c('entretien-maison', 'Entretien de la maison et du linge');
const CLIMAT = c('chauffage-climatisation', 'Chauffage, climatisation et traitement de l’air');
const IMAGE = c('image', 'TV et vidéo');
const SON = c('son', 'Audio');
const INFO = c('informatique', 'Informatique');
const TEL = c('telephonie', 'Téléphonie et tablettes');
const JEUX = c('jeux-video', 'Consoles de jeux');
const JARDIN = c('jardin-bricolage', 'Jardin et bricolage');
const MOBILITE = c('mobilite', 'Mobilité électrique');
export const OTHER: RepairCategory = c('autre', 'Autre appareil');

export const REPAIR_CATEGORIES: Record<string, RepairCategory> = {
  'lave-linge': LAVAGE,
  'seche-linge': LAVAGE,
  'lave-vaisselle': LAVAGE,
  refrigerateur: FROID,
  congelateur: FROID,
  'cave-a-vin': FROID,
  four: CUISSON,
  'micro-ondes': CUISSON,
  'mini-four': CUISSON,
  'plaque-de-cuisson': CUISSON,
  cuisiniere: CUISSON,
  hotte: CUISSON,
  'cafetiere-dosettes': CAFE,
  'cafetiere-filtre': CAFE,
  'cafetiere-expresso': CAFE,
  'machine-a-cafe-automatique': CAFE,
  bouilloire: CUISINE,
  'grille-pain': CUISINE,
  'robot-cuiseur': CUISINE,
  'robot-patissier': CUISINE,
  'presse-agrumes': CUISINE,
  centrifugeuse: CUISINE,
  friteuse: CUISINE,
  'machine-a-pain': CUISINE,
  yaourtiere: CUISINE,
  'appareil-a-raclette': CUISINE,
  'seche-cheveux': SOIN,
  lisseur: SOIN,
  'rasoir-electrique': SOIN,
  'brosse-a-dents-electrique': SOIN,
  aspirateur: ENTRETIEN,
  'fer-a-repasser': ENTRETIEN,
  'centrale-vapeur': ENTRETIEN,
  'nettoyeur-vapeur': ENTRETIEN,
  'machine-a-coudre': ENTRETIEN,
  radiateur: CLIMAT,
  climatiseur: CLIMAT,
  ventilateur: CLIMAT,
  'purificateur-d-air': CLIMAT,
  humidificateur: CLIMAT,
  deshumidificateur: CLIMAT,
  'chauffe-eau': CLIMAT,
  chaudiere: CLIMAT,
  'pompe-a-chaleur': CLIMAT,
  televiseur: IMAGE,
  videoprojecteur: IMAGE,
  moniteur: INFO,
  'chaine-hi-fi': SON,
  enceinte: SON,
  'casque-audio': SON,
  'radio-reveil': SON,
  babyphone: SON,
  'appareil-photo': IMAGE,
  'ordinateur-portable': INFO,
  'ordinateur-fixe': INFO,
  imprimante: INFO,
  scanner: INFO,
  'box-internet': INFO,
  'telephone-portable': TEL,
  'telephone-fixe': TEL,
  tablette: TEL,
  'console-de-jeux': JEUX,
  'console-portable': JEUX,
  lampe: ENTRETIEN,
  veilleuse: ENTRETIEN,
  // Replaced, not repaired (changed whole, at the latest after about 10 years): no repairers' category fits it.
  'detecteur-de-fumee': OTHER,
  'perceuse-visseuse': JARDIN,
  'nettoyeur-haute-pression': JARDIN,
  'tondeuse-a-gazon': JARDIN,
  'taille-haie': JARDIN,
  'trottinette-electrique': MOBILITE,
};

export const repairCategoryOf = (slug: string | null | undefined): RepairCategory => (slug && REPAIR_CATEGORIES[slug]) || OTHER;
