/**
 * Se rééquiper de façon responsable : occasion et reconditionné d'abord,
 * critères de durabilité, étiquette énergie, aides pour réparer ou s'équiper.
 *
 * Contenu éditorial en texte brut (pas de HTML ni de markdown), rédigé pour la
 * France, à jour des règles applicables en 2025-2026.
 */

import type { DeviceFamily } from '../references/device-families.ts';

export interface Criterion {
  title: string;
  text: string;
}

export interface Source {
  name: string;
  url: string;
  description: string;
  families: DeviceFamily[] | 'all';
}

/** Second-hand and reconditioned first: where to buy, with the families each is relevant to. */
export const SECOND_HAND_SOURCES: Source[] = [
  {
    name: 'Envie',
    url: 'https://www.envie.org',
    description:
      'Réseau d’entreprises d’insertion qui répare et revend de l’électroménager d’occasion, nettement moins cher que le neuf. Les appareils sont garantis au moins un an, parfois deux selon les magasins.',
    families: ['gros-electromenager', 'froid', 'petit-electromenager', 'ecrans'],
  },
  {
    name: 'Emmaüs',
    url: 'https://emmaus-france.org/ou-donner-acheter',
    description:
      'Les groupes Emmaüs revendent à petit prix les objets qu’on leur donne, dont de l’électroménager. Le choix et les conditions (essai, garantie) varient d’un groupe à l’autre : renseignez-vous sur place.',
    families: 'all',
  },
  {
    name: 'Label Emmaüs',
    url: 'https://www.label-emmaus.co/fr/',
    description:
      'Boutique en ligne solidaire du mouvement Emmaüs, qui regroupe de nombreuses structures de réemploi et propose notamment de l’électronique reconditionnée.',
    families: ['informatique-telephonie', 'audio-photo-jeux'],
  },
  {
    name: 'Ressourceries et recycleries',
    url: 'https://ressourcerie.fr/les-ressourceries-et-recycleries/',
    description:
      'Structures locales qui collectent, contrôlent, réparent et revendent des objets à prix solidaires. L’offre d’appareils dépend des dons reçus : passez régulièrement ou appelez.',
    families: 'all',
  },
  {
    name: 'Back Market',
    url: 'https://www.backmarket.fr/fr-fr',
    description:
      'Place de marché d’appareils reconditionnés par des vendeurs professionnels, avec 30 jours pour changer d’avis et une garantie commerciale d’un an. Le vendeur reste le reconditionneur : lisez sa fiche et les conditions de garantie.',
    families: ['informatique-telephonie', 'audio-photo-jeux', 'petit-electromenager'],
  },
  {
    name: 'Leboncoin',
    url: 'https://www.leboncoin.fr/',
    description:
      'Annonces entre particuliers, souvent les prix les plus bas. Entre particuliers, il n’y a pas de garantie légale de conformité : voyez l’appareil fonctionner avant de payer et utilisez le paiement sécurisé.',
    families: 'all',
  },
  {
    name: 'Carte « Que faire de mes objets » (ADEME)',
    url: 'https://quefairedemesobjets.ademe.fr',
    description:
      'Carte publique de l’ADEME qui recense près de chez vous les lieux pour acheter d’occasion, louer, emprunter ou faire réparer un appareil.',
    families: 'all',
  },
  {
    name: 'Mention « reconditionné » : ce que dit la loi',
    url: 'https://defenseconso.fr/objets-doccasion-reconditionnes-quelles-garanties-pour-lacheteur',
    description:
      'Depuis 2022, un appareil ne peut être dit « reconditionné » que s’il a été testé sur toutes ses fonctions, remis en état si besoin et vidé des données du précédent utilisateur. Les mentions « comme neuf » ou « état neuf » sont interdites pour ces produits.',
    families: 'all',
  },
];

// ---------------------------------------------------------------------------
// Critères communs
// ---------------------------------------------------------------------------

const GARANTIE_LEGALE: Criterion = {
  title: 'Garantie légale de conformité',
  text: 'Chez un professionnel, un appareil neuf est couvert 2 ans ; un appareil d’occasion ou reconditionné aussi, mais le défaut n’est présumé exister dès l’achat que pendant 12 mois, au-delà c’est à vous de le prouver. Une réparation faite au titre de cette garantie la prolonge de 6 mois, et si vous demandez une réparation mais que le vendeur remplace l’appareil, une nouvelle garantie démarre.',
};

const ENTRE_PARTICULIERS: Criterion = {
  title: 'Occasion entre particuliers',
  text: 'Acheté à un particulier, l’appareil n’a pas de garantie légale de conformité : seule la garantie des vices cachés peut jouer. Voyez-le fonctionner avant de payer et demandez la facture d’origine.',
};

const INFO_PIECES: Criterion = {
  title: 'Disponibilité des pièces détachées',
  text: 'Avant l’achat, le vendeur doit vous indiquer la période pendant laquelle les pièces détachées restent disponibles, selon l’information fournie par le fabricant. Une durée longue, ou l’absence de toute indication, en dit beaucoup sur la réparabilité réelle.',
};

/** What to check when buying (second-hand or new), per family. */
export const DURABILITY_CRITERIA: Record<DeviceFamily, Criterion[]> = {
  'gros-electromenager': [
    {
      title: 'Indice de durabilité (lave-linge)',
      text: 'Depuis le 8 avril 2025, les lave-linge neufs, à hublot comme à chargement par le dessus, affichent un indice de durabilité noté sur 10. Il combine la réparabilité et la fiabilité (résistance à l’usure, entretien, garantie) : visez la note la plus haute.',
    },
    {
      title: 'Indice de réparabilité (lave-vaisselle)',
      text: 'Les lave-vaisselle neufs affichent un indice de réparabilité sur 10 depuis novembre 2022 : documentation, facilité de démontage, disponibilité et prix des pièces. Les fours, plaques, hottes et sèche-linge n’ont pas de note de ce type.',
    },
    {
      title: 'Pièces détachées garanties',
      text: 'Pour les lave-linge et lave-vaisselle, les fabricants doivent fournir aux réparateurs professionnels les principales pièces pendant 7 à 10 ans selon la pièce, après la mise sur le marché du dernier exemplaire du modèle. Le vendeur doit aussi vous indiquer cette durée avant l’achat.',
    },
    {
      title: 'Énergie, eau et bruit',
      text: 'Lave-linge et lave-vaisselle affichent l’étiquette A à G depuis mars 2021, les sèche-linge depuis le 1er juillet 2025. Comparez la consommation d’énergie pour 100 cycles, l’eau par cycle et la classe de bruit.',
    },
    GARANTIE_LEGALE,
    {
      title: 'Taille et besoin réel',
      text: 'Choisissez la capacité selon votre foyer : un lave-linge trop grand tourne souvent à moitié vide. Vérifiez aussi les dimensions de l’emplacement, le passage des portes et les raccordements.',
    },
  ],

  froid: [
    {
      title: 'Étiquette énergie',
      text: 'Réfrigérateurs, congélateurs et caves à vin affichent l’échelle A à G depuis mars 2021. Comme ils fonctionnent jour et nuit, comparez la consommation annuelle en kWh à volume équivalent.',
    },
    {
      title: 'Pièces détachées garanties',
      text: 'Les fabricants doivent mettre les principales pièces à disposition des réparateurs professionnels pendant au moins 7 ans après la mise sur le marché du dernier exemplaire du modèle, et 10 ans pour les joints de porte.',
    },
    {
      title: 'Pas de note de réparabilité',
      text: 'Les appareils de froid n’ont ni indice de réparabilité ni indice de durabilité. Regardez la durée de disponibilité des pièces annoncée par le vendeur et la garantie commerciale éventuelle.',
    },
    {
      title: 'Bruit et installation',
      text: 'L’étiquette indique le niveau sonore en décibels et une classe de bruit de A à D, utile pour une cuisine ouverte ou un studio. Respectez l’espace de ventilation prévu par la notice pour limiter la consommation.',
    },
    {
      title: 'Volume adapté',
      text: 'Un appareil surdimensionné consomme plus pour rien : estimez votre besoin réel et demandez-vous si un congélateur séparé est vraiment utile. Un combiné bien dimensionné suffit à la plupart des foyers.',
    },
    GARANTIE_LEGALE,
  ],

  'petit-electromenager': [
    {
      title: 'Indice de réparabilité (aspirateurs)',
      text: 'Les aspirateurs neufs (traîneaux, balais et robots) affichent un indice de réparabilité sur 10 depuis novembre 2022. Pour les autres petits appareils, il n’existe pas de note : vérifiez que la marque vend les pièces courantes (verseuse, joint, filtre, batterie).',
    },
    {
      title: 'Batterie remplaçable',
      text: 'Pour un appareil sans fil (aspirateur balai, rasoir, brosse à dents), vérifiez que la batterie se remplace facilement et qu’elle est vendue seule. C’est souvent la première pièce à lâcher.',
    },
    INFO_PIECES,
    {
      title: 'Réparable avec le bonus réparation',
      text: 'Une fois hors garantie, de nombreux petits appareils (cafetière, grille-pain, bouilloire, aspirateur, micro-ondes) ouvrent droit au bonus réparation chez un réparateur labellisé QualiRépar. Un modèle démontable coûtera moins cher à faire durer.',
    },
    GARANTIE_LEGALE,
    {
      title: 'Besoin réel',
      text: 'Avant d’acheter un appareil à usage occasionnel (yaourtière, machine à pain, appareil à raclette), demandez-vous s’il servira souvent. L’emprunter ou l’acheter d’occasion évite un appareil qui dort au placard.',
    },
  ],

  'chauffage-climatisation': [
    {
      title: 'Étiquette énergie',
      text: 'Climatiseurs et chauffe-eau affichent une étiquette de l’ancienne génération, avec des classes A+ à A+++ : un « A » n’y est pas la meilleure note. Comparez des modèles du même type et regardez la consommation annoncée.',
    },
    {
      title: 'Régulation des radiateurs',
      text: 'Pour un radiateur électrique, la qualité de la régulation compte davantage que la technologie de chauffe. Un thermostat électronique précis, la programmation et la détection de fenêtre ouverte ou de présence font baisser la consommation.',
    },
    {
      title: 'Filtres et consommables',
      text: 'Vérifiez que les filtres d’un purificateur ou d’un climatiseur et l’anode d’un chauffe-eau sont vendus séparément à un prix raisonnable. Leur entretien conditionne la durée de vie de l’appareil.',
    },
    {
      title: 'Niveau sonore',
      text: 'Climatiseur mobile, déshumidificateur ou purificateur fonctionnent souvent près de vous, parfois la nuit : comparez le niveau sonore en décibels avant l’achat.',
    },
    {
      title: 'Puissance adaptée et besoin réel',
      text: 'Dimensionnez la puissance à la pièce à traiter. Pensez d’abord aux solutions sans achat : fermer les volets en journée, aérer aux heures fraîches, utiliser un ventilateur plutôt qu’un climatiseur mobile.',
    },
    GARANTIE_LEGALE,
  ],

  ecrans: [
    {
      title: 'Indice de durabilité (téléviseurs)',
      text: 'Depuis le 8 janvier 2025, les téléviseurs neufs affichent un indice de durabilité sur 10. Il ajoute à la réparabilité des critères de fiabilité : résistance à l’usure, durée des mises à jour, présence d’un compteur d’usage.',
    },
    {
      title: 'Étiquette énergie',
      text: 'Téléviseurs et moniteurs affichent l’échelle A à G depuis mars 2021. À diagonale égale, comparez la consommation en kWh pour 1 000 heures.',
    },
    {
      title: 'Pièces détachées',
      text: 'Pour les téléviseurs et moniteurs, les principales pièces doivent rester disponibles pour les réparateurs professionnels pendant au moins 7 ans après la mise sur le marché du dernier exemplaire du modèle.',
    },
    {
      title: 'Taille adaptée',
      text: 'Choisissez la diagonale selon la distance de visionnage : plus l’écran est grand, plus il consomme. Pour un moniteur, un pied réglable et des connectiques standard prolongent son usage.',
    },
    GARANTIE_LEGALE,
  ],

  'informatique-telephonie': [
    {
      title: 'Étiquette énergie des smartphones et tablettes',
      text: 'Depuis le 20 juin 2025, les smartphones et tablettes neufs affichent une étiquette européenne : classe énergétique A à G, classe de réparabilité A à E, résistance aux chutes, endurance de la batterie et protection contre l’eau et la poussière. Pour ces appareils, elle remplace l’indice de réparabilité français.',
    },
    {
      title: 'Indice de réparabilité (ordinateurs portables)',
      text: 'Les ordinateurs portables neufs affichent un indice de réparabilité sur 10. Il n’existe pas d’étiquette énergie pour les ordinateurs : regardez plutôt la possibilité d’ajouter de la mémoire et de changer le stockage ou la batterie.',
    },
    {
      title: 'Pièces détachées et mises à jour',
      text: 'Pour les smartphones mis sur le marché depuis le 20 juin 2025, les pièces essentielles doivent rester disponibles 7 ans et les mises à jour du système au moins 5 ans après la fin de commercialisation du modèle. Pour les ordinateurs portables, la loi française impose au moins 5 ans de disponibilité des pièces essentielles.',
    },
    {
      title: 'Reconditionné : ce que garantit la mention',
      text: 'Un appareil vendu « reconditionné » doit avoir été testé sur toutes ses fonctions et vidé des données du précédent utilisateur. Vérifiez en plus l’état de la batterie et la durée de la garantie commerciale proposée.',
    },
    GARANTIE_LEGALE,
    {
      title: 'Box et décodeur',
      text: 'La box internet et le décodeur sont en général fournis en location par l’opérateur : inutile d’en acheter un. Conservez-les en bon état, car ils devront être restitués à la fin du contrat.',
    },
  ],

  'audio-photo-jeux': [
    {
      title: 'Pas de note officielle',
      text: 'Ces appareils n’ont ni indice de réparabilité ni étiquette énergie. Renseignez-vous sur la disponibilité des pièces (batterie, coussinets, manettes) et sur la réputation de réparabilité du modèle.',
    },
    {
      title: 'Batterie remplaçable',
      text: 'Pour un casque, une enceinte nomade ou une console portable, préférez un modèle dont la batterie se remplace ou est vendue par la marque. C’est la pièce qui s’use en premier.',
    },
    {
      title: 'Chargeur universel',
      text: 'Depuis le 28 décembre 2024, les casques, enceintes portables, appareils photo et consoles portables neufs qui se rechargent par câble doivent avoir un port USB-C. Réutilisez vos chargeurs : ces appareils doivent aussi pouvoir s’acheter sans chargeur.',
    },
    ENTRE_PARTICULIERS,
    GARANTIE_LEGALE,
  ],

  'bricolage-jardin-mobilite': [
    {
      title: 'Indice de réparabilité',
      text: 'Les tondeuses à gazon électriques et les nettoyeurs haute pression neufs affichent un indice de réparabilité sur 10. Pour les autres outils et les trottinettes, vérifiez que la marque vend les pièces d’usure.',
    },
    {
      title: 'Une batterie pour plusieurs outils',
      text: 'Choisissez si possible une gamme où la même batterie alimente plusieurs outils : vous pourrez ensuite acheter les outils seuls, sans batterie ni chargeur en double.',
    },
    {
      title: 'Pièces d’usure d’une trottinette',
      text: 'Pour une trottinette électrique, vérifiez que la batterie, les pneus, les plaquettes et l’éclairage se remplacent et sont vendus par la marque. Une trottinette qu’on ne peut pas réparer finit vite au rebut.',
    },
    {
      title: 'Louer ou emprunter',
      text: 'Pour un usage ponctuel (nettoyeur haute pression, taille-haie), la location ou le prêt entre voisins évite d’acheter un outil qui servira peu.',
    },
    GARANTIE_LEGALE,
  ],
};

/** Short energy-class advice per family (null if the family has no energy label). */
export const ENERGY_ADVICE: Record<DeviceFamily, string | null> = {
  'gros-electromenager':
    'Lave-linge et lave-vaisselle affichent l’échelle A à G depuis mars 2021, et les sèche-linge depuis le 1er juillet 2025 : visez les meilleures classes et comparez la consommation pour 100 cycles. Les fours et les hottes gardent des classes A+ à A+++, et les plaques de cuisson n’ont pas d’étiquette.',
  froid:
    'Un appareil de froid tourne 24 heures sur 24 : sa classe (échelle A à G depuis mars 2021) et sa consommation annuelle en kWh pèsent lourd sur la facture. Comparez les kWh à volume équivalent plutôt que la seule lettre.',
  'petit-electromenager':
    'La plupart des petits appareils n’ont pas d’étiquette énergie : regardez la puissance et la présence d’un arrêt automatique. Pour une lampe, c’est l’ampoule qui porte l’étiquette, avec l’échelle A à G depuis septembre 2021.',
  'chauffage-climatisation':
    'Climatiseurs et chauffe-eau ont une étiquette de l’ancienne génération, avec des classes A+ à A+++ : comparez des modèles du même type. Pour un radiateur électrique, fiez-vous surtout à la qualité de la régulation.',
  ecrans:
    'Téléviseurs et moniteurs affichent l’échelle A à G depuis mars 2021 : à diagonale égale, comparez la consommation en kWh pour 1 000 heures. Après l’achat, baissez la luminosité et activez la mise en veille automatique.',
  'informatique-telephonie':
    'Smartphones et tablettes ont une étiquette énergie depuis le 20 juin 2025 (classe A à G, avec réparabilité, batterie et robustesse) ; les ordinateurs, imprimantes et box n’en ont pas. Pour ces derniers, regardez la consommation en veille et éteignez-les la nuit quand c’est possible.',
  'audio-photo-jeux': null,
  'bricolage-jardin-mobilite': null,
};

export interface Funding {
  title: string;
  text: string;
  url?: string;
  families: DeviceFamily[] | 'all';
  kind: 'reparation' | 'equipement' | 'social';
}

/** Real funding that helps repair or re-equip. */
export const FUNDING: Funding[] = [
  {
    title: 'Bonus réparation (QualiRépar)',
    text: 'Une fois votre appareil hors garantie légale et commerciale et non couvert par une assurance, un réparateur labellisé QualiRépar déduit directement de la facture une aide forfaitaire qui dépend du type d’appareil (50 € pour un lave-linge, par exemple). Elle est financée par les fabricants via les éco-organismes ecosystem et Ecologic, et certains appareils demandent un montant minimal de réparation.',
    url: 'https://www.e-reparation.eco',
    families: 'all',
    kind: 'reparation',
  },
  {
    title: 'Aide ou prêt à l’équipement de la Caf',
    text: 'Certaines Caf accordent aux familles modestes une aide ou un prêt sans intérêt pour acheter un réfrigérateur, un lave-linge, une cuisinière ou parfois un ordinateur. Cette aide n’existe pas partout : conditions (enfant à charge, quotient familial), montants et fournisseurs acceptés varient selon votre Caf, et certaines favorisent l’achat d’occasion en ressourcerie.',
    families: ['gros-electromenager', 'froid', 'informatique-telephonie'],
    kind: 'equipement',
  },
  {
    title: 'Aides facultatives du CCAS ou du département',
    text: 'Le centre communal d’action sociale (CCAS) de votre mairie et les services sociaux du département peuvent accorder une aide ponctuelle ou un prêt en cas de difficulté. Ces aides ne sont pas automatiques et changent d’une commune à l’autre : adressez-vous à votre mairie ou à un travailleur social.',
    families: 'all',
    kind: 'social',
  },
  {
    title: 'Microcrédit personnel accompagné',
    text: 'Si vous n’avez pas accès au crédit bancaire classique, un microcrédit personnel, jusqu’à 8 000 €, peut financer un équipement indispensable comme un lave-linge ou un réfrigérateur. Il se demande avec l’aide d’un accompagnateur (CCAS, association, travailleur social), qui vérifie que le prêt est adapté à votre budget.',
    families: 'all',
    kind: 'social',
  },
  {
    title: 'Dons entre particuliers',
    text: 'Des particuliers donnent gratuitement des appareils en état de marche, notamment sur donnons.org. Demandez à voir l’appareil fonctionner et organisez le transport, surtout pour un réfrigérateur, à transporter debout.',
    url: 'https://donnons.org/Electromenager',
    families: 'all',
    kind: 'equipement',
  },
  {
    title: 'Ateliers de réparation bénévoles',
    text: 'Dans les ateliers de réparation associatifs, des bénévoles vous aident gratuitement ou pour une petite participation à diagnostiquer et réparer vous-même votre appareil. Renseignez-vous auprès de votre mairie, de votre ressourcerie ou des associations locales.',
    families: 'all',
    kind: 'reparation',
  },
];

/** General tips for re-equipping responsibly. */
export const RENEW_TIPS: Criterion[] = [
  {
    title: 'Réparer avant de remplacer',
    text: 'Un diagnostic coûte souvent moins cher qu’un appareil neuf, et le bonus réparation réduit la facture une fois l’appareil hors garantie. Remplacez seulement si la réparation est impossible ou vraiment disproportionnée.',
  },
  {
    title: 'Penser d’abord occasion et reconditionné',
    text: 'Un appareil d’occasion ou reconditionné évite la fabrication d’un neuf et coûte moins cher. Chez un professionnel, il reste couvert par la garantie légale de conformité.',
  },
  {
    title: 'Choisir la bonne taille',
    text: 'Un appareil trop grand ou trop puissant consomme plus sans rendre plus de service. Partez de votre usage réel, pas du modèle le plus équipé.',
  },
  {
    title: 'Éviter les gadgets et les doublons',
    text: 'Avant d’acheter un appareil qui ne fait qu’une seule chose, vérifiez qu’un appareil que vous avez déjà ne le fait pas. Pour un usage rare, empruntez ou louez.',
  },
  {
    title: 'Garder la facture et les documents',
    text: 'Conservez la facture, la notice et la durée de disponibilité des pièces annoncée : ils servent pour faire jouer la garantie, faire réparer et revendre. La garantie légale s’applique sans démarche ; seule une éventuelle garantie commerciale du fabricant peut demander un enregistrement.',
  },
  {
    title: 'Entretenir dès le premier jour',
    text: 'Détartrage, nettoyage des filtres et des joints, dépoussiérage de la grille arrière du réfrigérateur : un entretien régulier évite beaucoup de pannes et prolonge la vie de l’appareil.',
  },
];
