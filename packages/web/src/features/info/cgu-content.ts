/**
 * Conditions générales d'utilisation et politique de confidentialité d'EcoFoyer.
 *
 * Texte brut uniquement (pas de HTML ni de markdown) : l'affichage est géré par
 * les composants de la page d'information. Les identifiants de section servent
 * d'ancres HTML et doivent rester courts, uniques et en kebab-case.
 *
 * L'identité de l'éditeur vient de la configuration du serveur (EDITOR_NAME,
 * EDITOR_ADDRESS, EDITOR_EMAIL, servis par GET /api/legal) : les textes
 * sont des fonctions de cette identité.
 */

import type { LegalInfo } from '@ecofoyer/contracts';

export interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
}

/** How the texts name and reach the editor, whatever the configuration gives. */
export function editorWords(e: LegalInfo) {
  return {
    /** « Association X, 1 rue Y » or « Association X ». */
    who: e.adresse ? `${e.editeur}, ${e.adresse}` : e.editeur,
    /** What follows « écrivez à ». */
    reach: e.contact
      ? e.adresse
        ? `${e.contact} ou à ${e.editeur}, ${e.adresse}`
        : e.contact
      : e.adresse
        ? `${e.editeur}, ${e.adresse}`
        : `${e.editeur}, par les moyens de contact qu’il indique`,
    /** « joignable … ». */
    reachable: e.contact ? `joignable à l’adresse ${e.contact}` : 'joignable par les moyens de contact qu’il indique',
  };
}

export const CGU_UPDATED_AT = '2026-11-21';

export function cguSections(e: LegalInfo): LegalSection[] {
  const { who, reach, reachable } = editorWords(e);
  return [
    {
      id: 'objet',
      title: 'Objet',
      paragraphs: [
        'Les présentes conditions générales d’utilisation (CGU) encadrent l’utilisation d’EcoFoyer, une application web installable qui aide les foyers à faire durer leurs appareils : inventaire, entretien, réparation, seconde vie et suivi de l’impact carbone. Elles intègrent notre politique de confidentialité, qui explique comment vos données personnelles sont traitées.',
        `L’instance d’EcoFoyer que vous utilisez est éditée par ${who} (ci-après « l’éditeur »). EcoFoyer pouvant être installé et exploité par différents opérateurs, c’est l’éditeur de cette instance qui est responsable du service et du traitement de vos données.`,
        'En créant un compte ou en utilisant l’application, vous acceptez les présentes conditions. Si vous ne les acceptez pas, merci de ne pas utiliser le service.',
      ],
    },
    {
      id: 'acces-compte',
      title: 'Accès au service et compte',
      paragraphs: [
        'L’inscription demande votre prénom, votre nom, votre adresse e-mail et un mot de passe d’au moins 8 caractères comprenant au moins une majuscule, une minuscule, un chiffre et un caractère spécial parmi @ $ ! % * ? &.',
        'À l’inscription, vous bénéficiez d’un compte « Freemium », gratuit. Le rôle « Assuré » est réservé aux clients d’un assureur partenaire et leur est attribué selon les modalités convenues avec ce partenaire.',
        'Vous vous engagez à fournir des informations exactes et à les tenir à jour. Vous pouvez modifier à tout moment, depuis votre profil, votre prénom, votre nom, votre adresse e-mail, votre adresse postale, votre numéro de téléphone et votre mot de passe.',
        'Votre mot de passe est personnel : gardez-le secret et ne le réutilisez pas sur d’autres sites. Si vous pensez qu’une autre personne l’a obtenu, changez-le sans attendre et prévenez l’éditeur.',
        'L’option « Se souvenir de moi » garde votre session ouverte sur l’appareil utilisé, même après la fermeture du navigateur. Sans cette option, la session se termine à la fermeture du navigateur. Ne l’activez pas sur un appareil partagé ou public.',
        'Si vous avez moins de 15 ans, demandez l’accord de l’un de vos parents avant de créer un compte.',
        'L’éditeur peut suspendre ou fermer un compte utilisé en violation des présentes conditions, après vous en avoir informé, sauf urgence liée à la sécurité du service ou des autres utilisateurs.',
      ],
    },
    {
      id: 'compte-demo',
      title: 'Compte de démonstration',
      paragraphs: [
        'Le bouton « Démo » de la page de connexion donne accès à un compte de démonstration rempli de données d’exemple, pour découvrir l’application sans vous inscrire.',
        'Ce compte est partagé : toutes les personnes qui l’utilisent voient et peuvent modifier les mêmes données. N’y saisissez aucune donnée personnelle : ni nom, ni adresse, ni numéro de téléphone, ni photo de votre logement, ni facture à votre nom.',
        'Le contenu du compte de démonstration peut être modifié ou réinitialisé à tout moment, sans préavis. Pour conserver vos propres informations, créez un compte personnel.',
      ],
    },
    {
      id: 'services',
      title: 'Services proposés',
      paragraphs: [
        'Inventaire : vous recensez vos appareils, regroupés par univers (les espaces de votre logement : cuisine, salon, buanderie…), et vous pouvez joindre à chacun des photos, sa facture et sa notice.',
        'Entretien : des fiches d’entretien détaillées étape par étape, une planification dans un calendrier avec récurrence possible (mensuelle, tous les 3 mois, tous les 6 mois ou annuelle), des rappels sous forme de notifications dans l’application et, si vous les activez, de notifications push, ainsi qu’un lien d’abonnement privé au format ICS pour retrouver vos entretiens dans votre agenda habituel.',
        'Badges : des badges récompensent certaines actions (premier appareil ajouté, entretien réalisé, seconde vie donnée à un appareil…). Certains s’accompagnent d’un avantage proposé par un partenaire. Vous pouvez partager un badge sur les réseaux sociaux.',
        'Impact carbone : une estimation de l’empreinte carbone de vos appareils à partir des données publiques de l’ADEME, et un simulateur qui montre l’effet de les garder plus longtemps.',
        'Réparation : un assistant de réparation qui propose précautions, causes probables, instructions pour réparer vous-même et liens vers des tutoriels publics ; la carte « Que faire de mes objets » de l’ADEME pour trouver un réparateur ; un module de prise de rendez-vous proposé par un réparateur partenaire ; le tableau des montants du bonus réparation ; une prédiction de réparabilité, « Smart-fix ».',
        'Seconde vie : des pistes pour donner, vendre ou recycler un appareil dont vous n’avez plus l’usage, avec des liens vers des sites de dons et des points de collecte.',
        'L’éditeur s’efforce de maintenir le service accessible, sans pouvoir garantir une disponibilité permanente : des interruptions peuvent survenir, notamment pour maintenance ou mise à jour. Les fonctionnalités peuvent évoluer.',
      ],
    },
    {
      id: 'conseils-reparation',
      title: 'Conseils de réparation et sécurité',
      paragraphs: [
        'Les fiches d’entretien, les réponses de l’assistant de réparation et les tutoriels vers lesquels il renvoie sont fournis à titre informatif. Ils ne remplacent ni la notice du fabricant, ni le diagnostic d’un professionnel qui examine votre appareil.',
        'Avant toute intervention, débranchez l’appareil (l’éteindre ne suffit pas), fermez si besoin l’arrivée d’eau et laissez refroidir les éléments chauds. Certains composants restent dangereux même appareil débranché, par exemple à l’intérieur d’un four à micro-ondes.',
        'N’intervenez jamais vous-même sur une installation ou un appareil au gaz, sur le circuit frigorifique d’un réfrigérateur ou d’un congélateur, ni sur votre tableau électrique : ces interventions sont réservées à des professionnels qualifiés.',
        'En cas d’odeur de gaz, n’actionnez aucun interrupteur, aérez, quittez le logement et appelez les secours depuis l’extérieur. En cas de fumée, d’odeur de brûlé ou d’étincelles, débranchez l’appareil si vous pouvez le faire sans danger et ne le remettez pas en marche avant l’avis d’un professionnel.',
        'L’assistant vous indique quand faire appel à un professionnel : suivez cette recommandation. Si votre appareil est encore sous garantie, adressez-vous d’abord au vendeur ou au fabricant, car une intervention de votre part pourrait vous en faire perdre le bénéfice.',
        'La prédiction de réparabilité « Smart-fix » est une estimation statistique établie à partir de réparations passées. Elle ne garantit ni que votre appareil est réparable, ni qu’il ne l’est pas.',
        'Vous restez seul juge de l’opportunité d’intervenir vous-même sur un appareil. Dans les limites permises par la loi, l’éditeur ne peut être tenu responsable des dommages résultant d’une intervention réalisée par vous ou par un tiers sur la base de ces informations. Rien dans les présentes conditions ne limite la responsabilité de l’éditeur dans les cas où la loi l’interdit.',
      ],
    },
    {
      id: 'bonus-tiers',
      title: 'Bonus réparation et services tiers',
      paragraphs: [
        'Le bonus réparation est une aide nationale, financée par les éco-organismes, qui réduit le coût de la réparation de certains appareils hors garantie. Il est déduit directement de la facture par un réparateur labellisé QualiRépar. EcoFoyer ne verse pas ce bonus et n’intervient pas dans son attribution.',
        'Le tableau des montants présenté dans l’application est fourni à titre indicatif. Les montants et les appareils éligibles sont fixés dans le cadre du dispositif national et peuvent évoluer : seul le montant appliqué par le réparateur au moment de la réparation fait foi.',
        'Certaines fonctionnalités s’appuient sur des services tiers : la carte « Que faire de mes objets » de l’ADEME intégrée à l’application, le module de prise de rendez-vous d’un réparateur partenaire, les tutoriels de réparation publics, les sites de dons et les points de collecte vers lesquels nous vous orientons, ainsi que les réseaux sociaux lorsque vous partagez un badge. Ces services relèvent de la seule responsabilité de leurs éditeurs et sont soumis à leurs propres conditions et politiques de confidentialité.',
        'Lorsque vous prenez rendez-vous par le module partenaire, le contrat de réparation est conclu entre vous et le réparateur : le devis, le prix, la prestation et sa garantie relèvent de ce réparateur.',
        'Les avantages associés à certains badges sont accordés par le partenaire concerné, selon ses propres conditions.',
      ],
    },
    {
      id: 'contenus',
      title: 'Vos contenus : photos, factures et notices',
      paragraphs: [
        'Vous pouvez joindre à chaque appareil des photos, sa facture (PDF, JPG ou PNG) et sa notice (PDF). Une photo ou une facture est limitée à 10 Mo, une notice à 25 Mo. Les images de plus de 200 Ko sont redimensionnées dans votre navigateur avant leur envoi.',
        'Vous restez propriétaire de vos contenus. Vous autorisez l’éditeur à les stocker et à vous les afficher, uniquement pour vous fournir le service : ils ne sont ni publiés, ni partagés avec d’autres utilisateurs.',
        'Ne déposez que des contenus que vous avez le droit d’utiliser et qui ne portent pas atteinte aux droits d’autrui : évitez par exemple de photographier des personnes sans leur accord. Les notices restent la propriété de leurs fabricants et sont conservées pour votre usage personnel.',
        'Une facture peut contenir des informations personnelles (nom, adresse, moyen de paiement). N’hésitez pas à masquer celles qui ne sont pas utiles avant de l’ajouter.',
        'EcoFoyer n’a pas vocation à être votre unique archive : conservez une copie de vos documents importants, notamment des factures nécessaires pour faire jouer une garantie.',
      ],
    },
    {
      id: 'donnees-personnelles',
      title: 'Données personnelles',
      paragraphs: [
        `Responsable du traitement : ${who}, ${reachable}.`,
        'Données traitées : les données de votre compte (prénom, nom, adresse e-mail, rôle, et votre mot de passe sous forme d’empreinte irréversible) ; l’adresse postale et le téléphone, si vous choisissez de les renseigner ; le contenu de votre inventaire (univers, appareils, photos, factures, notices) ; vos entretiens planifiés et réalisés, vos rappels et vos badges ; les messages que vous adressez à l’assistant de réparation ; le lien privé de votre calendrier ; et, si vous les activez, les informations techniques d’abonnement aux notifications push.',
        'Finalités : fournir le service (compte, inventaire, entretien, rappels, assistant, badges, impact carbone), sécuriser l’accès à votre compte (authentification, réinitialisation du mot de passe, prévention des abus) et vous envoyer les e-mails nécessaires au service, comme le lien de réinitialisation du mot de passe.',
        'Bases légales : l’exécution du contrat que constituent les présentes conditions, pour fournir le service ; l’intérêt légitime de l’éditeur à sécuriser le service ; votre consentement pour les notifications push et pour le partage public d’un badge, que vous pouvez retirer à tout moment.',
        'Destinataires et hébergement : vos données sont destinées à l’éditeur et stockées sur le serveur qu’il a choisi (par défaut, dans une base de données intégrée au serveur de l’application). Elles ne sont jamais vendues ni utilisées à des fins publicitaires. Elles ne sont transmises à un tiers que lorsque c’est nécessaire à une fonctionnalité que vous utilisez (par exemple l’acheminement des notifications push par le service de notification de votre navigateur ou l’envoi d’un e-mail) ou lorsque la loi l’exige. L’éditeur vous indique, le cas échéant, si des données sont transférées hors de l’Union européenne et avec quelles garanties.',
        'Assistant de réparation : il fonctionne à partir d’une base de connaissances de diagnostic intégrée à l’application, sans transmettre vos messages à un tiers. Si l’éditeur configure un service d’intelligence artificielle externe, vos messages sont transmis à ce prestataire pour générer les réponses ; l’éditeur vous en informe. Dans tous les cas, décrire l’appareil et la panne suffit : inutile d’y indiquer des informations personnelles.',
        'Partage d’un badge : le partage crée une page publique qui affiche uniquement le badge et votre prénom. Aucune autre information de votre compte n’y figure.',
        'Durées de conservation : les données de votre compte et vos contenus sont conservés jusqu’à ce que vous les supprimiez ou que votre compte soit supprimé ; les liens de réinitialisation du mot de passe sont valables 1 heure au plus et deviennent inutilisables dès qu’ils ont servi ; le lien privé du calendrier reste actif jusqu’à sa révocation ; l’abonnement aux notifications push est conservé jusqu’à sa désactivation ; la session est conservée sur votre appareil jusqu’à la fermeture du navigateur ou, avec « Se souvenir de moi », jusqu’à votre déconnexion, et 90 jours au plus ; le détail de chaque durée figure dans la politique de confidentialité. Certaines données peuvent être conservées plus longtemps si une obligation légale l’impose.',
        `Vos droits : vous disposez d’un droit d’accès, de rectification, d’effacement, de portabilité et d’opposition, ainsi que du droit de demander la limitation du traitement et de retirer votre consentement à tout moment. Depuis votre profil, vous pouvez corriger vos informations, « Télécharger mes données » (une copie complète, dans un fichier .zip lisible par une autre application) et « Supprimer mon compte » (tout est effacé, photos et documents compris). Pour toute autre demande, écrivez à ${reach}. L’éditeur vous répond dans un délai d’un mois et peut vous demander de justifier de votre identité en cas de doute raisonnable.`,
        'Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la Commission nationale de l’informatique et des libertés (CNIL) : https://www.cnil.fr.',
      ],
    },
    {
      id: 'cookies-stockage',
      title: 'Cookies et stockage local',
      paragraphs: [
        'EcoFoyer n’utilise pas de cookie pour vous authentifier et n’utilise aucun traceur publicitaire.',
        'Pour vous garder connecté, l’application enregistre un jeton de session dans le stockage de votre navigateur : dans le stockage de session (sessionStorage), effacé à la fermeture du navigateur, ou, si vous cochez « Se souvenir de moi », dans le stockage local (localStorage), conservé sur l’appareil jusqu’à votre déconnexion ou l’expiration de la session.',
        'L’application peut également conserver dans votre navigateur quelques préférences et ses propres fichiers, afin de s’ouvrir plus rapidement lorsqu’elle est installée sur votre appareil.',
        'Ces informations sont strictement nécessaires au fonctionnement du service : elles ne requièrent pas votre consentement et ne servent pas à vous suivre. Vous pouvez les effacer à tout moment depuis les réglages de votre navigateur ; vous serez alors déconnecté.',
        'Les contenus de tiers intégrés à l’application (carte « Que faire de mes objets » de l’ADEME, module de réservation du partenaire) et les sites externes que vous ouvrez depuis EcoFoyer peuvent déposer leurs propres cookies, régis par leurs politiques respectives.',
      ],
    },
    {
      id: 'securite',
      title: 'Sécurité',
      paragraphs: [
        'Les mots de passe sont protégés par l’algorithme de hachage argon2id : ils ne sont jamais stockés en clair et personne, pas même l’éditeur, ne peut les lire.',
        'Les liens de réinitialisation du mot de passe envoyés par e-mail sont à usage unique et expirent au bout d’une heure.',
        'Le lien privé de votre calendrier (ICS) permet à toute personne qui le connaît de consulter votre planning d’entretien. Ne le partagez pas et révoquez-le depuis l’application si vous pensez qu’il a circulé : l’ancien lien cesse alors de fonctionner.',
        'L’éditeur met en œuvre des mesures techniques et organisationnelles adaptées pour protéger vos données, notamment une connexion chiffrée (HTTPS).',
        `De votre côté, choisissez un mot de passe que vous n’utilisez nulle part ailleurs, déconnectez-vous sur les appareils partagés et maintenez votre navigateur à jour. En cas de doute sur la sécurité de votre compte, changez votre mot de passe et prévenez l’éditeur${e.contact ? ` à ${e.contact}` : ''}.`,
        'Aucun système n’étant infaillible, l’éditeur s’engage, en cas de violation de données présentant un risque pour vous, à la notifier à la CNIL et à vous en informer dans les conditions prévues par la loi.',
      ],
    },
    {
      id: 'propriete-licences',
      title: 'Propriété intellectuelle et licences des données',
      paragraphs: [
        'Les textes, fiches d’entretien, éléments graphiques et l’interface d’EcoFoyer sont protégés par le droit d’auteur. Ils appartiennent à l’éditeur ou à ses concédants, sous réserve des licences libres qui s’appliquent le cas échéant au code de l’application. Vous pouvez les utiliser pour votre usage personnel dans le cadre du service.',
        'Les données d’impact carbone proviennent de l’ADEME (Impact CO2 et Base Empreinte). Les données d’Impact CO2, service conçu par Datagir (ADEME), sont diffusées sous licence MIT. Les données issues de la Base Empreinte sont utilisées conformément aux conditions d’utilisation fixées par l’ADEME.',
        'La prédiction « Smart-fix » est entraînée sur les données de l’Open Repair Alliance, issues de réparations enregistrées notamment dans des repair cafés, et diffusées sous licence Creative Commons Attribution - Partage dans les mêmes conditions 4.0 International (CC BY-SA 4.0). Toute réutilisation de ces données ou de leurs adaptations doit respecter cette licence.',
        'La carte « Que faire de mes objets » est un service de l’ADEME, intégré tel quel ; ses contenus restent la propriété de leurs auteurs. Les marques, labels et noms de produits cités, dont QualiRépar, appartiennent à leurs titulaires respectifs.',
      ],
    },
    {
      id: 'modification',
      title: 'Modification des conditions',
      paragraphs: [
        'L’éditeur peut faire évoluer les présentes conditions, notamment pour tenir compte des évolutions du service ou de la réglementation. La date de la dernière mise à jour est indiquée en tête du document.',
        'En cas de modification importante, vous en êtes informé dans l’application ou par e-mail avant son entrée en vigueur. Si vous n’acceptez pas les nouvelles conditions, vous pouvez cesser d’utiliser le service et demander la suppression de votre compte.',
      ],
    },
    {
      id: 'droit-applicable',
      title: 'Droit applicable et litiges',
      paragraphs: [
        'Les présentes conditions sont soumises au droit français.',
        'En cas de difficulté, contactez d’abord l’éditeur : la plupart des questions se règlent simplement à l’amiable.',
        'À défaut d’accord, le litige peut être porté devant les juridictions françaises compétentes. Si vous êtes consommateur, vous pouvez notamment saisir la juridiction du lieu où vous demeuriez au moment de la conclusion du contrat, conformément au Code de la consommation.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      paragraphs: [
        `Pour toute question sur ces conditions, sur vos données ou sur le service, écrivez à ${reach}.`,
        ...(e.adresse ? [`Par courrier : ${who}.`] : []),
        'Pour une demande concernant vos données, précisez l’adresse e-mail de votre compte : cela nous permettra de la traiter plus rapidement.',
      ],
    },
  ];
}
