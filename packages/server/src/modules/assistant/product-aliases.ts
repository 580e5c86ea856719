/**
 * How people name each reference product (packages/server/src/db/reference/products.json) when they
 * type: everyday words, abbreviations and the brands or models that stand for one kind of device.
 * Brands that make many kinds of devices (Bosch, Samsung, Philips…) are not here: they say nothing
 * about the device. A brand of two or three kinds (Canon, Epson) is listed under each: it then bounds
 * the candidates to those kinds, which is still a hard constraint.
 */
export const PRODUCT_ALIASES: Record<string, string[]> = {
  refrigerateur: ['réfrigérateur', 'frigo', 'frigidaire', 'frigo américain', 'réfrigérateur congélateur', 'combiné', 'frigo combiné'],
  'lave-vaisselle': ['lave-vaisselle', 'lave vaisselle', 'lavevaisselle', 'machine à vaisselle', 'lv'],
  four: ['four', 'four encastrable', 'four électrique', 'four à chaleur tournante', 'four pyrolyse', 'four pyrolyse'],
  'micro-ondes': ['micro-ondes', 'micro onde', 'microonde', 'micro-onde', 'four à micro-ondes'],
  'mini-four': ['mini-four', 'mini four', 'petit four électrique', 'petit four', 'four posable'],
  'plaque-de-cuisson': ['plaque de cuisson', 'plaque', 'plaques', 'table de cuisson', 'induction', 'plaque induction', 'vitrocéramique', 'vitro', 'plaque gaz', 'plaque à gaz', 'plaques gaz', 'table de cuisson gaz', 'table gaz', 'feux gaz'],
  cuisiniere: ['cuisinière', 'piano de cuisson', 'gazinière', 'gaziniere', 'cuisinière gaz', 'cuisinière à gaz', 'cuisinière mixte', 'gazi', 'cuisinière mixte gaz'],
  hotte: ['hotte', 'hotte aspirante', 'hotte de cuisine'],
  bouilloire: ['bouilloire', 'théière électrique'],
  'cafetiere-dosettes': ['cafetière à dosettes', 'machine à dosettes', 'machine à capsules', 'cafetière à capsules', 'senseo', 'nespresso', 'dolce gusto', 'tassimo', 'vertuo'],
  'cafetiere-filtre': ['cafetière filtre', 'cafetière', 'cafetière électrique', 'machine à café filtre'],
  'cafetiere-expresso': ['expresso', 'espresso', 'machine expresso', 'percolateur', 'gaggia', 'machine à expresso', 'dedica'],
  'machine-a-cafe-automatique': ['machine à café automatique', 'machine à café', 'machine à grain', 'machine à grains', 'à grains', 'café en grains', 'delonghi', 'de longhi', 'jura', 'magnifica'],
  'grille-pain': ['grille-pain', 'grille pain', 'toaster'],
  'robot-cuiseur': ['robot cuiseur', 'robot de cuisine', 'thermomix', 'cookeo', 'monsieur cuisine', 'companion', 'multicuiseur'],
  'robot-patissier': ['robot pâtissier', 'kitchenaid', 'kenwood', 'batteur', 'pétrin'],
  'presse-agrumes': ['presse-agrumes', 'presse agrumes', 'presse-orange'],
  centrifugeuse: ['centrifugeuse', 'extracteur de jus'],
  friteuse: ['friteuse', 'airfryer', 'air fryer', 'actifry', 'friteuse sans huile'],
  'machine-a-pain': ['machine à pain', 'map'],
  yaourtiere: ['yaourtière', 'yaourtiere', 'multi délices', 'multidélices', 'multidelices'],
  'appareil-a-raclette': ['raclette', 'appareil à raclette', 'pierrade', 'plancha'],
  televiseur: ['téléviseur', 'télé', 'tele', 'tv', 'télévision', 'zapette', 'zappette', 'écran', 'écran plat', 'smart tv', 'oled', 'qled'],
  videoprojecteur: ['vidéoprojecteur', 'projecteur', 'vidéo projecteur', 'rétroprojecteur', 'vidéoproj', 'vidéo proj', 'projo', 'epson', 'benq', 'optoma'],
  'chaine-hi-fi': ['chaîne hi-fi', 'chaine hifi', 'ampli', 'amplificateur', 'platine', 'barre de son', 'home cinéma', 'chaîne hifi', 'chaîne', 'chaine', 'hifi', 'hi-fi', 'mini-chaîne'],
  enceinte: ['enceinte', 'enceinte bluetooth', 'haut-parleur', 'jbl', 'sonos', 'bose', 'marshall', 'baffle', 'baffles', 'enceinte connectée', 'echo dot', 'amazon echo', 'alexa', 'google home', 'nest audio', 'nest mini', 'homepod'],
  'console-de-jeux': ['console', 'console de jeux', 'playstation', 'ps4', 'ps5', 'xbox', 'wii', 'dualsense', 'dualshock'],
  tablette: ['tablette', 'ipad', 'galaxy tab', 'samsung tab', 'liseuse', 'kindle'],
  'appareil-photo': ['appareil photo', 'reflex', 'hybride', 'gopro', 'caméscope', 'canon', 'nikon', 'fujifilm', 'lumix', 'compact numérique'],
  radiateur: ['radiateur', 'convecteur', 'radiateur électrique', 'chauffage électrique', 'chauffage d’appoint', 'sèche-serviettes', 'radiateur à inertie'],
  climatiseur: ['climatiseur', 'clim', 'climatisation', 'climatiseur mobile', 'clim réversible', 'split', 'pinguino'],
  lampe: ['lampe', 'luminaire', 'lampadaire', 'ampoule', 'lampe de chevet'],
  'radio-reveil': ['radio-réveil', 'radio réveil', 'réveil', 'radio'],
  'telephone-portable': ['téléphone', 'téléphone portable', 'portable', 'smartphone', 'mobile', 'iphone', 'galaxy', 'android', 'pixel', 'xiaomi', 'redmi', 'oppo', 'huawei'],
  'casque-audio': ['casque', 'écouteurs', 'airpods', 'oreillettes', 'casque bluetooth'],
  ventilateur: ['ventilateur', 'ventilo', 'brasseur d’air'],
  'purificateur-d-air': ['purificateur', 'purificateur d’air'],
  'seche-cheveux': ['sèche-cheveux', 'seche cheveux', 'séchoir', 'sèche cheveux', 'babyliss'],
  lisseur: ['lisseur', 'fer à lisser', 'boucleur', 'fer à boucler', 'ghd'],
  'rasoir-electrique': ['rasoir', 'oneblade', 'braun series', 'rasoir électrique', 'tondeuse à barbe', 'épilateur'],
  'brosse-a-dents-electrique': ['brosse à dents', 'brosse à dents électrique', 'oral-b', 'sonicare', 'hydropulseur'],
  'lave-linge': ['lave-linge', 'lave linge', 'machine à laver', 'machine', 'laveuse', 'lave-linge séchant', 'll'],
  'seche-linge': ['sèche-linge', 'seche linge', 'séchoir', 'sèche linge', 'sèche-linge pompe à chaleur'],
  'fer-a-repasser': ['fer à repasser', 'fer', 'fer vapeur', 'perfectcare'],
  'centrale-vapeur': ['centrale vapeur', 'centrale', 'générateur vapeur', 'perfectcare'],
  chaudiere: ['chaudière', 'chaudière gaz', 'chaudière à gaz', 'chaudière à condensation', 'chaudière fioul', 'chaudière murale', 'chaudiere', 'chauffage central', 'tuyaux de chauffage', 'chauffage au gaz', 'saunier duval', 'frisquet', 'chappée', 'vaillant', 'viessmann', 'chaffoteaux', 'elm leblanc', 'geminox'],
  'pompe-a-chaleur': ['pompe à chaleur', 'pompe a chaleur', 'pac', 'pac air-eau', 'pac air eau', 'pompe à chaleur air-eau', 'pompe à chaleur air-air', 'unité extérieure', 'groupe extérieur'],
  'chauffe-eau': ['chauffe-eau', 'chauffe eau', 'ballon', 'ballon d’eau chaude', 'cumulus', 'chauffe-bain', 'chaffoteaux', 'saunier duval', 'vaillant'],
  'nettoyeur-vapeur': ['nettoyeur vapeur', 'balai vapeur', 'vaporetto', 'polti'],
  // « portable » is a phone or a laptop in French, « pc » a laptop or a desktop: each bounds the candidates to both.
  'ordinateur-portable': ['ordinateur portable', 'ordi', 'ordi portable', 'pc', 'pc portable', 'laptop', 'macbook', 'chromebook', 'notebook', 'portable', 'asus', 'lenovo', 'acer', 'dell', 'thinkpad', 'hp'],
  'ordinateur-fixe': ['ordinateur fixe', 'pc fixe', 'tour', 'unité centrale', 'pc', 'imac', 'ordinateur de bureau', 'asus', 'lenovo', 'acer', 'dell', 'hp'],
  moniteur: ['moniteur', 'écran', 'deuxième écran', 'second écran', 'écran d’ordinateur', 'écran pc'],
  imprimante: ['imprimante', 'imprimante jet d’encre', 'imprimante laser', 'epson', 'canon pixma', 'hp deskjet', 'hp officejet', 'brother', 'canon', 'hp'],
  scanner: ['scanner', 'scanneur', 'numériseur', 'scanner epson', 'scanner canon'],
  'machine-a-coudre': ['machine à coudre', 'surjeteuse', 'singer'],
  veilleuse: ['veilleuse'],
  babyphone: ['babyphone', 'écoute-bébé', 'baby phone'],
  // « console » alone is a home or a handheld console.
  'console-portable': ['console portable', 'console', 'switch', 'nintendo switch', 'game boy', 'steam deck', '3ds'],
  humidificateur: ['humidificateur'],
  aspirateur: ['aspirateur', 'aspi', 'aspirateur balai', 'aspirateur robot', 'robot aspirateur', 'roomba', 'roborock', 'dyson', 'aspirateur traîneau'],
  'detecteur-de-fumee': ['détecteur', 'détecteur de fumée', 'détecteur fumée', 'détecteur de fumées', 'daaf', 'détecteur incendie', 'détecteur avertisseur', 'alarme incendie', 'alarme de fumée', 'alarme anti-incendie', 'avertisseur de fumée', 'détecteur de monoxyde', 'détecteur de co', 'détecteur co'],
  'box-internet': ['box', 'box internet', 'internet', 'wifi de la box', 'livebox', 'freebox', 'bbox', 'sfr box', 'routeur', 'modem'],
  'telephone-fixe': ['téléphone fixe', 'fixe', 'combiné sans fil', 'dect', 'gigaset'],
  congelateur: ['congélateur', 'congel', 'congélo', 'coffre congélateur', 'freezer'],
  'cave-a-vin': ['cave à vin', 'cave à vins', 'armoire à vin', 'la sommelière', 'climadiff'],
  deshumidificateur: ['déshumidificateur', 'déshu', 'deshu', 'absorbeur d’humidité', "absorbeur d'humidité"],
  'perceuse-visseuse': ['perceuse', 'visseuse', 'perceuse-visseuse', 'perforateur', 'makita', 'ryobi', 'dewalt'],
  'nettoyeur-haute-pression': ['nettoyeur haute pression', 'kärcher', 'karcher', 'haute pression', 'lavor', 'nilfisk'],
  'trottinette-electrique': ['trottinette', 'trottinette électrique', 'trott', 'xiaomi m365', 'ninebot', 'xiaomi'],
  'tondeuse-a-gazon': ['tondeuse', 'tondeuse à gazon', 'robot tondeuse'],
  'taille-haie': ['taille-haie', 'taille haie', 'taillehaie'],
};

/**
 * Devices a household owns that no sheet is about, named by the same words as a device that has
 * sheets (a bike is no scooter, an ice maker no washing machine): named, they bound the candidates to
 * themselves, so the assistant says it has no sheet rather than answer with a look-alike's (review
 * item 5). « vae » is left out: its stem is « va » (« il va faire chaud »).
 */
export const UNCOVERED_DEVICES: Record<string, string[]> = {
  'velo-electrique': ['vélo électrique', 'vélo à assistance électrique', 'vélo', 'vtt électrique', 'biporteur'],
  'scooter-electrique': ['scooter électrique', 'scooter'],
  gyropode: ['gyropode', 'gyroroue', 'monoroue', 'hoverboard', 'overboard'],
  'machine-a-glacons': ['machine à glaçons', 'machine à glace'],
  'tondeuse-a-cheveux': ['tondeuse à cheveux', 'tondeuse cheveux'],
};

/**
 * Makers of many kinds of household devices: their name says nothing about the device nor about the
 * fault (« avec ma Seb », « LL Candy »): it counts for a sheet that names it (a maker's error codes) and
 * is not held against the others; an unknown word would otherwise weigh as much as a rare symptom and
 * make the assistant abstain (as held-out set 8 showed).
 */
export const MAKERS = [
  'aeg', 'arthur martin', 'beko', 'black et decker', 'black decker', 'black+decker', 'bosch', 'brandt', 'calor', 'candy', 'continental edison',
  'electrolux', 'essentielb', 'faure', 'fagor', 'gorenje', 'haier', 'hisense', 'hoover', 'indesit', 'krups', 'lg', 'liebherr', 'listo',
  'miele', 'moulinex', 'panasonic', 'philips', 'proline', 'rowenta', 'samsung', 'seb', 'sharp', 'siemens', 'smeg', 'sony', 'tefal',
  'thomson', 'toshiba', 'vedette', 'whirlpool', 'de dietrich', 'remington', 'braun',
];

/**
 * Parts and things that belong to one family of devices (« le foret », « la pastille », « le bac à
 * légumes »): when the chat has no device and the text names none, they say which devices the question
 * can be about, and so bound the candidates as a named device would. Unlike a device's
 * name they stay describing words of the question. Only parts that no other kind of household device has.
 */
export const PART_DEVICES: Record<string, string[]> = {
  foret: ['perceuse-visseuse'],
  forets: ['perceuse-visseuse'],
  mandrin: ['perceuse-visseuse'],
  embout: ['perceuse-visseuse'],
  'porte-filtre': ['cafetiere-expresso', 'cafetiere-filtre'],
  'porte filtre': ['cafetiere-expresso', 'cafetiere-filtre'],
  café: ['cafetiere-dosettes', 'cafetiere-filtre', 'cafetiere-expresso', 'machine-a-cafe-automatique'],
  capsule: ['cafetiere-dosettes'],
  capsules: ['cafetiere-dosettes'],
  dosette: ['cafetiere-dosettes'],
  dosettes: ['cafetiere-dosettes'],
  'bac à légumes': ['refrigerateur'],
  'bac a legumes': ['refrigerateur'],
  clayette: ['refrigerateur'],
  clayettes: ['refrigerateur'],
  feux: ['plaque-de-cuisson', 'cuisiniere'],
  brûleur: ['plaque-de-cuisson', 'cuisiniere'],
  brûleurs: ['plaque-de-cuisson', 'cuisiniere'],
  'plateau tournant': ['micro-ondes'],
  'plateau en verre': ['micro-ondes'],
  levier: ['grille-pain'],
  rôti: ['four', 'mini-four'],
  rôtis: ['four', 'mini-four'],
  graillon: ['four', 'mini-four', 'hotte'],
  tranches: ['grille-pain'],
  tartine: ['grille-pain'],
  tartines: ['grille-pain'],
  gâteau: ['four', 'mini-four'],
  gâteaux: ['four', 'mini-four'],
  gateaux: ['four', 'mini-four'],
  joystick: ['console-de-jeux', 'console-portable'],
  frites: ['friteuse'],
  pastille: ['lave-vaisselle'],
  pastilles: ['lave-vaisselle'],
  vaisselle: ['lave-vaisselle'],
  assiettes: ['lave-vaisselle'],
  couverts: ['lave-vaisselle'],
  'sel régénérant': ['lave-vaisselle'],
  'liquide de rinçage': ['lave-vaisselle'],
  hublot: ['lave-linge', 'seche-linge'],
  essorage: ['lave-linge'],
  essore: ['lave-linge'],
  lessive: ['lave-linge'],
  adoucissant: ['lave-linge'],
  linge: ['lave-linge', 'seche-linge'],
  cartouche: ['imprimante'],
  cartouches: ['imprimante'],
  toner: ['imprimante'],
  bourrage: ['imprimante'],
  suceur: ['aspirateur'],
  'brosse rotative': ['aspirateur'],
  'bac à poussière': ['aspirateur'],
  semelle: ['fer-a-repasser', 'centrale-vapeur'],
  'lame de coupe': ['tondeuse-a-gazon'],
  gazon: ['tondeuse-a-gazon'],
  herbe: ['tondeuse-a-gazon'],
  pelouse: ['tondeuse-a-gazon'],
  haie: ['taille-haie'],
  verseuse: ['cafetiere-filtre'],
  tambour: ['lave-linge', 'seche-linge'],
  casserole: ['plaque-de-cuisson', 'cuisiniere'],
  casseroles: ['plaque-de-cuisson', 'cuisiniere'],
  cocotte: ['plaque-de-cuisson', 'cuisiniere', 'four'],
  gâchette: ['centrale-vapeur', 'nettoyeur-vapeur', 'nettoyeur-haute-pression', 'perceuse-visseuse'],
  gachette: ['centrale-vapeur', 'nettoyeur-vapeur', 'nettoyeur-haute-pression', 'perceuse-visseuse'],
  aiguille: ['machine-a-coudre'],
  canette: ['machine-a-coudre'],
  radiateurs: ['chaudiere', 'radiateur'],
  'eau chaude': ['chauffe-eau', 'chaudiere'],
  cumulus: ['chauffe-eau'],
};
