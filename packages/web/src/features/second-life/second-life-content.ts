/**
 * Seconde vie des appareils : donner, vendre ou faire recycler.
 *
 * Contenu éditorial en texte brut (pas de HTML ni de markdown), rédigé pour la
 * France. Les règles citées (reprise « 1 pour 1 » et « 1 pour 0 », filières
 * DEEE, restitution des box) sont celles en vigueur en 2025-2026.
 */

import type { DeviceFamily } from '../references/device-families.ts';

/** donnons.org category alias to search for each family (from external-services.json donnons_org.category_aliases_relevant). */
export const DONNONS_CATEGORY: Record<DeviceFamily, string> = {
  'gros-electromenager': 'Electromenager',
  froid: 'Electromenager',
  'petit-electromenager': 'Electromenager',
  'chauffage-climatisation': 'Electromenager',
  ecrans: 'Multimedia-High-tech',
  'informatique-telephonie': 'Multimedia-High-tech',
  'audio-photo-jeux': 'Multimedia-High-tech',
  'bricolage-jardin-mobilite': 'Bricolage-Construction-et-renovation',
};

export interface Place {
  name: string;
  url: string;
  description: string;
}

export interface SecondLifeGuide {
  give: { intro: string; conditions: string[] };
  sell: { intro: string; steps: string[]; places: Place[]; priceTip: string };
  recycle: { intro: string; options: { title: string; text: string }[]; warning?: string };
}

// ---------------------------------------------------------------------------
// Lieux de vente (sites réels) et options de recyclage communes
// ---------------------------------------------------------------------------

const LEBONCOIN: Place = {
  name: 'Leboncoin',
  url: 'https://www.leboncoin.fr/',
  description:
    'Petites annonces entre particuliers, idéales pour un appareil que l’acheteur vient chercher. Le paiement sécurisé de la plateforme protège la transaction, y compris en remise en main propre.',
};

const EBAY: Place = {
  name: 'eBay',
  url: 'https://www.ebay.fr/',
  description:
    'Vente à prix fixe ou aux enchères, utile pour toucher des acheteurs dans toute la France. Pour un objet lourd, proposez le retrait sur place.',
};

const BACK_MARKET_REPRISE: Place = {
  name: 'Back Market (reprise)',
  url: 'https://help.backmarket.com/hc/fr-fr/articles/360021663319-Pourquoi-ai-je-re%C3%A7u-une-contre-offre-du-reconditionneur-',
  description:
    "Un reconditionneur vous fait une offre de rachat, puis vérifie l’appareil à réception : si l’état réel diffère de votre description, il peut faire une contre-offre, voire ne proposer qu'1 € symbolique si la réparation coûterait trop cher.",
};

const REPRISE_1_POUR_1 = {
  title: 'Reprise « 1 pour 1 » à l’achat d’un appareil neuf',
  text: 'Quand vous achetez un appareil équivalent, le vendeur doit reprendre gratuitement l’ancien, en magasin ou à la livraison chez vous, même si vous ne l’aviez pas acheté chez lui. Cette obligation vaut aussi pour les sites en ligne, qui doivent vous indiquer la solution de reprise avant l’achat.',
};

const REPRISE_1_POUR_0 = {
  title: 'Reprise « 1 pour 0 », sans achat, dans les grands magasins',
  text: 'Les magasins qui consacrent au moins 400 m² à la vente d’équipements électriques et électroniques doivent reprendre gratuitement, sans obligation d’achat, les très petits appareils dont aucune dimension extérieure ne dépasse 25 cm. Cherchez le bac de collecte, souvent près de l’entrée ou des caisses.',
};

const DECHETERIE = {
  title: 'Déchèterie',
  text: 'Déposez l’appareil entier dans l’espace réservé aux déchets d’équipements électriques et électroniques (DEEE), d’où il part vers une filière agréée (ecosystem ou Ecologic) pour être dépollué et recyclé. Les conditions d’accès (badge, justificatif de domicile) dépendent de votre collectivité.',
};

const RESSOURCERIE = {
  title: 'Ressourcerie ou Emmaüs, s’il fonctionne encore',
  text: 'Un appareil en état de marche a plus de valeur réemployé que recyclé : les ressourceries et les groupes Emmaüs le remettent en vente à petit prix. Appelez avant de vous déplacer, car chaque structure fixe ses propres critères.',
};

const JE_DONNE_MON_ELECTROMENAGER = {
  title: 'Enlèvement gratuit à domicile (« Je donne mon électroménager »)',
  text: 'Dans les communes couvertes (Paris, une grande partie de l’Île-de-France et certaines villes d’autres régions), l’éco-organisme ecosystem vient chercher gratuitement votre gros électroménager chez vous, sur rendez-vous, à l’adresse jedonnemonelectromenager.fr. Les appareils réparables sont réemployés, les autres recyclés.',
};

// ---------------------------------------------------------------------------
// Guides par famille
// ---------------------------------------------------------------------------

export const SECOND_LIFE_GUIDES: Record<DeviceFamily, SecondLifeGuide> = {
  'gros-electromenager': {
    give: {
      intro:
        'Un lave-linge, un lave-vaisselle ou une cuisinière qui fonctionne encore peut équiper un autre foyer. Emmaüs et de nombreuses ressourceries acceptent ce type d’appareil en bon état, et certains groupes Emmaüs viennent le chercher gratuitement sur simple appel.',
      conditions: [
        'Vérifiez que l’appareil fonctionne et signalez honnêtement tout défaut : bruit, petite fuite, programme qui ne marche plus.',
        'Nettoyez-le : joint de hublot, filtre de vidange et bac à produits d’un lave-linge, filtres et bras d’un lave-vaisselle, four et plaques dégraissés.',
        'Joignez la notice, les tuyaux d’arrivée et de vidange, ainsi que les grilles et plaques fournies avec l’appareil.',
        'Pour un lave-linge, remettez les vis de bridage du tambour avant le transport si vous les avez conservées.',
        'Appelez la structure avant de vous déplacer : certaines n’acceptent que des appareils récents ou manquent de place.',
      ],
    },
    sell: {
      intro:
        'Un gros appareil en bon état se revend surtout localement, car l’acheteur vient le chercher. Attention : Envie, Emmaüs et les ressourceries ne rachètent pas les appareils des particuliers, ils les reçoivent en don.',
      steps: [
        'Nettoyez l’appareil à fond et lancez un cycle complet (ou une chauffe pour un four) pour vérifier qu’il fonctionne.',
        'Relevez la marque, la référence et l’année sur la plaque signalétique, et retrouvez la facture et la notice.',
        'Prenez des photos nettes à la lumière du jour : vue d’ensemble, intérieur, plaque signalétique et défauts éventuels.',
        'Rédigez une annonce précise : dimensions, capacité, classe énergétique, âge, défauts connus et conditions de retrait.',
        'Préparez le débranchement avant le rendez-vous : robinet fermé, eau vidangée, tuyaux et vis de bridage à portée de main.',
        'Utilisez le paiement sécurisé de la plateforme ou vérifiez le paiement avant le départ de l’appareil, et ne cliquez jamais sur un lien de paiement reçu par e-mail ou SMS.',
      ],
      places: [LEBONCOIN, EBAY],
      priceTip:
        'Comparez avec des annonces d’appareils de même marque, même âge et même état, et gardez en tête le prix d’un modèle reconditionné et garanti (chez Envie par exemple) : sans garantie, votre prix doit rester nettement en dessous. Une facture, une notice et un appareil propre et testé justifient un meilleur prix.',
    },
    recycle: {
      intro:
        'Un appareil hors d’usage est un déchet d’équipement électrique et électronique (DEEE) : il ne va ni aux ordures ménagères ni sur le trottoir, mais dans une filière qui le dépollue et le recycle.',
      options: [REPRISE_1_POUR_1, JE_DONNE_MON_ELECTROMENAGER, DECHETERIE, RESSOURCERIE],
      warning:
        'Ne démontez pas l’appareil pour en récupérer le métal : il doit arriver entier dans la filière pour être dépollué correctement. Pour une cuisinière ou une plaque au gaz, faites fermer et sécuriser l’arrivée de gaz avant tout déplacement.',
    },
  },

  froid: {
    give: {
      intro:
        'Un réfrigérateur, un congélateur ou une cave à vin qui refroidit encore correctement rend de grands services. Emmaüs accepte les réfrigérateurs en bon état, tout comme de nombreuses ressourceries, selon leurs propres critères.',
      conditions: [
        'Vérifiez que l’appareil atteint la bonne température (environ 4 °C au réfrigérateur, -18 °C au congélateur) et qu’il ne fait pas de bruit anormal.',
        'Dégivrez-le, nettoyez l’intérieur et le joint de porte, puis laissez-le sécher porte entrouverte pour éviter les odeurs.',
        'Donnez-le complet : clayettes, bacs à légumes, balconnets et notice.',
        'Transportez-le de préférence debout ; s’il a été couché, attendez quelques heures avant de le rebrancher.',
      ],
    },
    sell: {
      intro:
        'Les appareils de froid se revendent bien localement, surtout les modèles récents et bien classés. Envie, Emmaüs et les ressourceries ne les rachètent pas aux particuliers : ils les reçoivent en don.',
      steps: [
        'Dégivrez, nettoyez et faites tourner l’appareil quelques heures pour vérifier qu’il refroidit bien.',
        'Relevez sur la plaque signalétique la marque, la référence, le volume et l’année, et retrouvez la facture.',
        'Photographiez l’extérieur, l’intérieur vide, le joint de porte et l’étiquette énergie si vous l’avez gardée.',
        'Indiquez dans l’annonce les dimensions exactes, la classe énergétique, le niveau sonore et les défauts éventuels.',
        'Prévenez l’acheteur qu’il faut transporter l’appareil debout, et videz-le complètement avant son arrivée.',
        'Préférez le paiement sécurisé de la plateforme ou un paiement vérifié avant que l’appareil ne parte.',
      ],
      places: [LEBONCOIN, EBAY],
      priceTip:
        'Un appareil récent et bien classé vaut plus cher, car il coûtera moins en électricité à son nouveau propriétaire : mettez en avant sa classe énergétique et sa consommation annuelle. Un modèle ancien et gourmand se vend peu : s’il fonctionne, le don est souvent la meilleure option.',
    },
    recycle: {
      intro:
        'Un appareil de froid en fin de vie contient des gaz qui doivent être récupérés dans un centre de traitement spécialisé : il ne doit jamais finir sur le trottoir ni en benne à ferraille.',
      options: [REPRISE_1_POUR_1, JE_DONNE_MON_ELECTROMENAGER, DECHETERIE, RESSOURCERIE],
      warning:
        'Un réfrigérateur contient un fluide frigorigène dans son circuit et des gaz dans sa mousse isolante, qui réchauffent le climat s’ils s’échappent. Ne percez et ne coupez jamais les tuyaux à l’arrière, ne retirez pas le compresseur et confiez l’appareil entier à la filière de collecte.',
    },
  },

  'petit-electromenager': {
    give: {
      intro:
        'Cafetière, robot, aspirateur ou fer à repasser : un petit appareil qui marche trouve facilement preneur par le don entre particuliers, en ressourcerie ou chez Emmaüs. Plus il est propre et complet, plus il a de chances d’être réemployé.',
      conditions: [
        'Testez l’appareil et vérifiez que le cordon et la prise sont intacts, sans fil dénudé ni brûlure.',
        'Nettoyez-le et détartrez-le si besoin (bouilloire, cafetière, centrale vapeur) ; videz et dégraissez une friteuse, et apportez l’huile usagée en déchèterie.',
        'Rassemblez tous les accessoires : bol, lames, disques, filtres, sac ou batterie, chargeur et notice.',
        'Pour un rasoir ou une brosse à dents électrique, nettoyez et désinfectez l’appareil et prévoyez une tête neuve, car certaines structures refusent les articles d’hygiène déjà utilisés.',
      ],
    },
    sell: {
      intro:
        'Un petit appareil se revend surtout s’il est récent, de bonne marque ou peu courant (robot cuiseur, machine à café automatique, machine à coudre). Pour un objet de faible valeur, le don reste souvent plus simple.',
      steps: [
        'Nettoyez l’appareil, détartrez-le si besoin et faites-le fonctionner une fois pour confirmer qu’il marche.',
        'Rassemblez les accessoires, la notice et si possible la boîte et la facture.',
        'Photographiez l’appareil sous plusieurs angles, avec ses accessoires, sur un fond neutre et bien éclairé.',
        'Indiquez la référence exacte, l’âge, la fréquence d’utilisation et les défauts éventuels.',
        'Proposez la remise en main propre dans un lieu public ou l’envoi avec paiement sécurisé, et emballez soigneusement les pièces fragiles.',
      ],
      places: [LEBONCOIN, EBAY],
      priceTip:
        'Regardez les annonces du même modèle et fixez un prix légèrement au-dessus pour garder une marge de négociation. Si l’appareil vaut moins que le temps passé à le vendre, donnez-le : il sera utile plus vite.',
    },
    recycle: {
      intro:
        'Tout appareil qui fonctionne sur secteur, pile ou batterie est un DEEE : il ne doit pas aller à la poubelle, même s’il est tout petit.',
      options: [REPRISE_1_POUR_0, REPRISE_1_POUR_1, DECHETERIE, RESSOURCERIE],
      warning:
        'Retirez les piles et batteries amovibles (brosse à dents, rasoir, aspirateur sans fil, babyphone) et déposez-les dans un bac de collecte de piles : les batteries au lithium jetées à la poubelle provoquent des incendies dans les camions et les centres de tri. Si la batterie n’est pas amovible, déposez l’appareil entier dans un point de collecte DEEE.',
    },
  },

  'chauffage-climatisation': {
    give: {
      intro:
        'Radiateurs d’appoint, ventilateurs, purificateurs ou déshumidificateurs en état de marche intéressent beaucoup de foyers, surtout à l’approche de la saison. Donnez-les propres et complets, directement ou via une ressourcerie ou Emmaüs.',
      conditions: [
        'Testez toutes les fonctions : chauffe, ventilation, thermostat, minuterie et télécommande.',
        'Nettoyez ou remplacez les filtres (purificateur, climatiseur mobile) et videz, détartrez puis séchez bien le réservoir d’un humidificateur ou d’un déshumidificateur.',
        'Joignez la notice, la télécommande, le tuyau d’évacuation d’un climatiseur mobile et les éventuels filtres de rechange.',
        'Un chauffe-eau, une chaudière, une pompe à chaleur ou une climatisation fixe se donnent rarement : leur dépose et leur réinstallation demandent un professionnel.',
      ],
    },
    sell: {
      intro:
        'Ces appareils se vendent surtout en saison : ventilateurs et climatiseurs au début de l’été, radiateurs et humidificateurs à l’automne. Les ressourceries et Emmaüs ne les rachètent pas, ils les reçoivent en don.',
      steps: [
        'Nettoyez l’appareil et ses filtres, puis faites-le tourner un moment pour vérifier qu’il fonctionne sans bruit ni odeur anormale.',
        'Retrouvez la référence, la puissance, la notice et si possible la facture.',
        'Photographiez l’appareil, sa plaque signalétique, sa télécommande et ses accessoires.',
        'Précisez dans l’annonce la puissance, la surface de pièce conseillée, le niveau sonore et les défauts éventuels.',
        'Remettez l’appareil en main propre, en le faisant fonctionner devant l’acheteur, avec un paiement sécurisé ou vérifié.',
      ],
      places: [LEBONCOIN, EBAY],
      priceTip:
        'Publiez votre annonce juste avant la saison d’utilisation : la demande est alors plus forte et vous vendez plus vite, à meilleur prix. Hors saison, baissez le prix ou pensez au don.',
    },
    recycle: {
      intro:
        'Radiateurs, climatiseurs, chauffe-eau et appareils de traitement de l’air sont des DEEE : ils doivent rejoindre une filière de collecte qui les dépollue et les recycle.',
      options: [
        {
          title: 'Reprise « 1 pour 1 » par le vendeur ou l’installateur',
          text: 'À l’achat d’un appareil équivalent, le vendeur doit reprendre gratuitement l’ancien, y compris à la livraison. Si un professionnel vous vend et installe un nouveau chauffe-eau, demandez-lui de repartir avec l’ancien dans ce cadre.',
        },
        DECHETERIE,
        REPRISE_1_POUR_0,
        RESSOURCERIE,
      ],
      warning:
        'Climatiseurs, pompes à chaleur et déshumidificateurs contiennent un fluide frigorigène : ne percez jamais leur circuit. La dépose d’une climatisation fixe ou d’une pompe à chaleur doit être confiée à un professionnel habilité à récupérer ce fluide, et celle d’un chauffe-eau demande de couper l’électricité et l’eau puis de le vidanger.',
    },
  },

  ecrans: {
    give: {
      intro:
        'Un téléviseur, un moniteur ou un vidéoprojecteur qui fonctionne peut servir encore des années, par exemple comme second écran. Donnez-le complet, réinitialisé et bien emballé.',
      conditions: [
        'Vérifiez l’image (pas de pixels morts, de bandes ou de taches) et le son, sur chacune des entrées.',
        'Réinitialisez les téléviseurs connectés aux paramètres d’usine pour déconnecter vos comptes de vidéo à la demande et vos applications.',
        'Joignez la télécommande, le pied ou la fixation, le câble d’alimentation et la notice.',
        'Transportez l’écran debout, dalle protégée, idéalement dans son carton d’origine.',
      ],
    },
    sell: {
      intro:
        'Les écrans perdent vite de la valeur, mais un modèle récent et en parfait état se revend bien. Les structures solidaires ne les rachètent pas : elles les reçoivent en don.',
      steps: [
        'Nettoyez la dalle avec un chiffon doux et réinitialisez l’appareil aux paramètres d’usine.',
        'Relevez la référence exacte, l’année et la diagonale, et retrouvez la facture et la télécommande.',
        'Photographiez l’écran allumé sur une image nette, puis l’arrière, les connecteurs et les accessoires.',
        'Listez les connectiques (HDMI, USB), la résolution et les défauts éventuels dans l’annonce.',
        'Faites la remise en main propre en allumant l’écran devant l’acheteur, avec un paiement sécurisé ou vérifié.',
      ],
      places: [LEBONCOIN, EBAY],
      priceTip:
        'Fixez le prix d’après l’année et la gamme du modèle : un écran se déprécie vite, et un acheteur comparera avec le prix d’un modèle neuf d’entrée de gamme. Une facture et une dalle sans défaut justifient un meilleur prix.',
    },
    recycle: {
      intro:
        'Les écrans contiennent des composants à dépolluer : ils doivent rejoindre une filière DEEE, jamais les encombrants ni la poubelle.',
      options: [
        REPRISE_1_POUR_1,
        {
          title: 'Pas de reprise sans achat pour les écrans',
          text: 'La reprise « 1 pour 0 » ne concerne que les appareils de moins de 25 cm dans toutes leurs dimensions : un écran n’entre pas dans ce cadre. Profitez donc de l’achat d’un nouvel écran ou passez par la déchèterie.',
        },
        DECHETERIE,
        RESSOURCERIE,
      ],
      warning:
        'Ne cassez pas la dalle et déposez l’écran entier : les anciens écrans plats rétroéclairés par tubes peuvent contenir du mercure, et le verre des téléviseurs cathodiques contient du plomb.',
    },
  },

  'informatique-telephonie': {
    give: {
      intro:
        'Un ordinateur, une tablette ou un téléphone qui fonctionne peut aider quelqu’un à étudier, chercher un emploi ou garder le lien. Avant de le donner, protégez vos données et vérifiez qu’il vous appartient bien : une box internet, par exemple, ne se donne pas.',
      conditions: [
        'Sauvegardez vos données, puis réinitialisez l’appareil aux paramètres d’usine : supprimer des fichiers ou vider la corbeille ne suffit pas.',
        'Déconnectez vos comptes (Apple, Google, Samsung, Microsoft) avant la réinitialisation, sinon le verrouillage antivol rendra l’appareil inutilisable.',
        'Retirez la carte SIM, la carte mémoire et, pour une imprimante, les cartouches entamées si vous voulez les recycler à part.',
        'Joignez le chargeur et le câble, et signalez l’état de la batterie ou de l’écran.',
        'Une box internet ou un décodeur fournis par votre opérateur sont en général loués : ils ne se donnent pas et doivent lui être restitués à la résiliation.',
      ],
    },
    sell: {
      intro:
        'Smartphones, tablettes et ordinateurs portables se revendent bien, entre particuliers ou via un service de reprise. La box de votre opérateur, elle, n’est pas à vous : elle se restitue, elle ne se vend pas.',
      steps: [
        'Sauvegardez vos données, déconnectez vos comptes puis réinitialisez l’appareil aux paramètres d’usine.',
        'Retirez la carte SIM et la carte mémoire, et notez l’état de la batterie quand l’appareil l’indique.',
        'Rassemblez la facture (elle prouve que l’appareil n’est pas volé), le chargeur et la boîte si vous l’avez.',
        'Prenez des photos de l’écran allumé et éteint, du dos et des tranches, en montrant honnêtement les rayures.',
        'Décrivez précisément le modèle, la capacité de stockage, l’état et les défauts éventuels.',
        'Privilégiez le paiement sécurisé de la plateforme, ou un service de reprise qui vous paie après vérification de l’appareil.',
      ],
      places: [LEBONCOIN, BACK_MARKET_REPRISE, EBAY],
      priceTip:
        'Comparez les annonces du même modèle et de même capacité, puis l’offre de reprise d’un reconditionneur : la vente entre particuliers rapporte souvent plus, la reprise est plus rapide. Un écran fissuré ou une batterie usée font nettement baisser le prix.',
    },
    recycle: {
      intro:
        'Téléphones, ordinateurs, imprimantes et accessoires sont des DEEE : ils contiennent des métaux précieux à récupérer et des batteries à traiter à part.',
      options: [
        REPRISE_1_POUR_0,
        REPRISE_1_POUR_1,
        DECHETERIE,
        {
          title: 'Box et décodeur : retour à l’opérateur',
          text: 'À la résiliation, renvoyez la box et le décodeur selon la procédure de votre opérateur (colis prépayé, point relais ou boutique) et gardez une preuve du dépôt. Sans restitution, des frais de non-retour peuvent vous être facturés.',
        },
      ],
      warning:
        'Effacez toujours vos données avant de déposer un appareil, même cassé. Une batterie gonflée ou abîmée ne doit plus être rechargée : déposez-la rapidement dans un point de collecte, jamais à la poubelle, car les batteries au lithium peuvent provoquer des incendies.',
    },
  },

  'audio-photo-jeux': {
    give: {
      intro:
        'Chaîne hi-fi, enceinte, casque, appareil photo ou console : ces appareils gardent souvent de longues années d’usage. Donnez-les complets et déconnectés de vos comptes.',
      conditions: [
        'Testez toutes les fonctions : son des deux côtés, Bluetooth, lecture, boutons, objectif et autofocus.',
        'Réinitialisez les consoles et enceintes connectées, et déconnectez vos comptes (PlayStation, Xbox, Nintendo, applications audio).',
        'Retirez et videz les cartes mémoire d’un appareil photo ou d’une console portable.',
        'Joignez les câbles, le chargeur, les manettes, la télécommande et la notice.',
      ],
    },
    sell: {
      intro:
        'Consoles, appareils photo et matériel hi-fi de qualité gardent une vraie valeur d’occasion. Un appareil complet, avec ses accessoires et sa boîte, part plus vite et plus cher.',
      steps: [
        'Nettoyez l’appareil (grilles, coussinets, manettes) et réinitialisez-le après avoir déconnecté vos comptes.',
        'Vérifiez son fonctionnement et notez l’état de la batterie pour un appareil nomade.',
        'Rassemblez les accessoires, la facture et la boîte si vous l’avez.',
        'Photographiez l’appareil allumé et ses accessoires, et indiquez la référence exacte et les défauts éventuels.',
        'Proposez la remise en main propre avec un essai sur place, ou l’envoi bien emballé avec paiement sécurisé.',
      ],
      places: [LEBONCOIN, EBAY],
      priceTip:
        'Basez-vous sur les annonces récentes du même modèle, en tenant compte des accessoires inclus (manettes, jeux, objectifs) : vendus en lot, ils valorisent l’ensemble. Un appareil photo avec peu de déclenchements ou une console sans panne se vendent mieux.',
    },
    recycle: {
      intro:
        'Ces appareils sont des DEEE et contiennent souvent une batterie : ils se déposent dans un point de collecte, jamais à la poubelle.',
      options: [REPRISE_1_POUR_0, REPRISE_1_POUR_1, DECHETERIE, RESSOURCERIE],
      warning:
        'Casques, enceintes nomades et consoles portables contiennent une batterie au lithium : ne les jetez jamais avec les ordures ménagères ni dans le bac de tri, où elles peuvent prendre feu. Retirez les piles amovibles et déposez-les dans un bac de collecte de piles.',
    },
  },

  'bricolage-jardin-mobilite': {
    give: {
      intro:
        'Perceuse, taille-haie, nettoyeur haute pression ou trottinette électrique : un outil en bon état rend service à un voisin, une association ou une ressourcerie. Donnez-le avec sa batterie et son chargeur, sinon il sera difficile à utiliser.',
      conditions: [
        'Vérifiez le fonctionnement et la sécurité : gâchette, protections, lame, freins et éclairage pour une trottinette.',
        'Nettoyez l’outil (dessous du carter d’une tondeuse, lame d’un taille-haie) et videz l’eau d’un nettoyeur haute pression.',
        'Joignez la batterie, le chargeur, les accessoires (forets, embouts, lances) et la notice.',
        'Indiquez l’âge de la batterie et son autonomie réelle : c’est la première question que posera le bénéficiaire.',
      ],
    },
    sell: {
      intro:
        'Les outils de marque et les trottinettes récentes se revendent bien, surtout au printemps pour le jardin. Les structures solidaires ne les rachètent pas, elles les reçoivent en don.',
      steps: [
        'Nettoyez l’outil, affûtez ou remplacez la lame si besoin et rechargez complètement la batterie.',
        'Testez-le et notez l’autonomie de la batterie, le nombre de kilomètres pour une trottinette.',
        'Rassemblez la batterie, le chargeur, les accessoires et la facture, qui prouve l’origine de l’appareil.',
        'Photographiez l’ensemble, la plaque signalétique et les points d’usure (pneus, lame, câble).',
        'Faites la remise en main propre avec un essai sur place et un paiement sécurisé ou vérifié.',
      ],
      places: [LEBONCOIN, EBAY],
      priceTip:
        'Précisez si la batterie et le chargeur sont inclus : un outil vendu sans batterie vaut beaucoup moins. Publiez au bon moment (printemps pour la tonte et la taille, retour des beaux jours pour la trottinette) pour vendre plus vite.',
    },
    recycle: {
      intro:
        'Les outils électriques, tondeuses électriques et trottinettes sont des DEEE ; leurs batteries suivent une collecte dédiée. Une tondeuse thermique, elle, ne relève pas de cette filière : videz son carburant et son huile et renseignez-vous auprès de votre déchèterie.',
      options: [
        REPRISE_1_POUR_1,
        DECHETERIE,
        {
          title: 'Batteries : reprise gratuite là où elles sont vendues',
          text: 'Les magasins qui vendent des piles et batteries doivent les reprendre gratuitement, sans obligation d’achat. Pour une batterie de trottinette ou d’outil, adressez-vous aussi aux magasins spécialisés ou à la déchèterie.',
        },
        RESSOURCERIE,
      ],
      warning:
        'Ne jetez jamais une batterie au lithium avec les ordures ménagères ou le tri : abîmée ou écrasée, elle peut s’enflammer. Une batterie gonflée ne doit plus être rechargée ; protégez ses bornes avec du ruban adhésif et déposez-la rapidement dans un point de collecte.',
    },
  },
};
