/**
 * Foire aux questions d'EcoFoyer.
 *
 * Texte brut uniquement (pas de HTML ni de markdown). Les identifiants des
 * groupes et des questions servent d'ancres HTML : ils doivent rester courts,
 * uniques et en kebab-case.
 */

import { CARBON_ENTRIES, GAS_SAFETY, type LegalInfo } from '@ecofoyer/contracts';
import { editorWords } from './cgu-content';

/** How many carbon sheets come from ADEME and how many are EcoFoyer's own estimates, said as they are. */
const carbonCount = (status: (typeof CARBON_ENTRIES)[number]['status']) => CARBON_ENTRIES.filter((e) => e.status === status).length;
export const CARBON_SOURCES = {
  total: CARBON_ENTRIES.length,
  ademe: carbonCount('ademe'),
  phases: carbonCount('estimated-phases'),
  estimated: carbonCount('estimated'),
};

export interface FaqItem {
  id: string;
  question: string;
  answer: string[];
}

export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

export function faqGroups(e: LegalInfo): FaqGroup[] {
  const { reach } = editorWords(e);
  return [
    {
      id: 'compte',
      title: 'Compte et connexion',
      items: [
        {
          id: 'creer-compte',
          question: 'Comment créer un compte ?',
          answer: [
            'Depuis la page de connexion, choisissez de créer un compte, puis indiquez votre prénom, votre nom, votre adresse e-mail et un mot de passe.',
            'Le mot de passe doit compter au moins 8 caractères, dont au moins une majuscule, une minuscule, un chiffre et un caractère spécial parmi @ $ ! % * ? &.',
            'Le compte est gratuit : il s’agit du compte « Freemium », attribué à toute personne qui s’inscrit.',
          ],
        },
        {
          id: 'mot-de-passe-oublie',
          question: 'J’ai oublié mon mot de passe : comment le réinitialiser ?',
          answer: [
            'Sur la page de connexion, utilisez l’option prévue en cas de mot de passe oublié et saisissez l’adresse e-mail de votre compte. Vous recevez un e-mail contenant un lien de réinitialisation.',
            'Ouvrez ce lien, choisissez un nouveau mot de passe qui respecte les règles habituelles, puis connectez-vous avec celui-ci.',
            'Rien reçu au bout de quelques minutes ? Jetez un œil à vos courriers indésirables et vérifiez que l’adresse saisie est bien celle de votre compte.',
          ],
        },
        {
          id: 'lien-expire',
          question: 'Pourquoi le lien de réinitialisation ne fonctionne-t-il plus ?',
          answer: [
            'Par sécurité, ce lien n’est valable qu’une heure et ne peut servir qu’une seule fois. Ainsi, un ancien e-mail retrouvé dans votre boîte, ou lu par quelqu’un d’autre, ne permet pas de prendre la main sur votre compte.',
            'Si le lien a expiré ou a déjà été utilisé, faites simplement une nouvelle demande depuis la page de connexion et utilisez le lien le plus récent.',
          ],
        },
        {
          id: 'se-souvenir-de-moi',
          question: 'À quoi sert la case « Se souvenir de moi » ?',
          answer: [
            'Cochée, elle garde votre session ouverte sur cet appareil, même après la fermeture du navigateur : vous n’avez pas à vous reconnecter à chaque visite. C’est pratique sur votre téléphone ou votre ordinateur personnel.',
            'Non cochée, la session se termine dès que vous fermez le navigateur. C’est le bon choix sur un ordinateur partagé ou public.',
            'Dans tous les cas, pensez à vous déconnecter si quelqu’un d’autre utilise votre appareil.',
          ],
        },
        {
          id: 'modifier-profil',
          question: 'Comment modifier mes informations ou mon mot de passe ?',
          answer: [
            'Rendez-vous dans votre profil : vous pouvez y modifier votre prénom, votre nom, votre adresse e-mail, votre adresse postale, votre numéro de téléphone et votre mot de passe.',
            'L’adresse postale et le téléphone ne sont pas demandés à l’inscription : ne les renseignez que si vous le souhaitez.',
          ],
        },
        {
          id: 'double-authentification',
          question: 'Comment protéger mon compte avec la double authentification\u00a0?',
          answer: [
            'Dans votre profil, «\u00a0Double authentification\u00a0» ajoute une étape à chaque connexion\u00a0: après votre mot de passe, vous saisissez le code à 6 chiffres qu’affiche une application d’authentification sur votre téléphone (Google Authenticator, Microsoft Authenticator, FreeOTP, Aegis…).',
            'Pour l’activer, confirmez votre mot de passe, scannez le QR code avec l’application, puis saisissez le code qu’elle affiche. Vous recevez alors 10 codes de secours, montrés une seule fois\u00a0: téléchargez-les ou notez-les, et gardez-les en lieu sûr. Chacun remplace une fois le code du téléphone, si vous l’avez perdu.',
            'Pour la désactiver, il faut votre mot de passe et un code. Elle protège votre compte à vous\u00a0: chaque membre du foyer l’active pour le sien. Elle n’est pas proposée dans le foyer de démonstration.',
          ],
        },
        {
          id: 'essayer-demo',
          question: 'Puis-je essayer EcoFoyer sans créer de compte ?',
          answer: [
            'Oui : le bouton « Démo » de la page de connexion ouvre un compte déjà rempli d’exemples (appareils, entretiens, badges…). Idéal pour faire le tour de l’application avant de vous lancer.',
            'Attention, ce compte est partagé entre tous les visiteurs : tout le monde voit les mêmes données et peut les modifier. N’y mettez jamais d’informations personnelles, de photos de chez vous ni de factures à votre nom.',
            'Quand vous êtes prêt, créez votre propre compte : vos informations n’y seront visibles que par vous.',
          ],
        },
        {
          id: 'freemium-assure',
          question: 'Quelle différence entre le compte Freemium et le rôle Assuré ?',
          answer: [
            'Le compte « Freemium » est le compte gratuit attribué à toute personne qui s’inscrit.',
            'Le rôle « Assuré » concerne les clients d’un assureur partenaire d’EcoFoyer. Si vous pensez être dans ce cas, rapprochez-vous de votre assureur pour savoir comment en bénéficier.',
          ],
        },
        {
          id: 'installer-application',
          question: 'Comment installer EcoFoyer sur l’écran d’accueil de mon téléphone ?',
          answer: [
            'EcoFoyer s’installe directement depuis le navigateur, sans passer par une boutique d’applications. Une fois installée, l’application s’ouvre depuis son icône, comme n’importe quelle autre.',
            'Sur Android avec Chrome : ouvrez EcoFoyer, touchez le menu (les trois points en haut à droite), puis « Installer l’application » ou « Ajouter à l’écran d’accueil ».',
            'Sur iPhone avec Safari : ouvrez EcoFoyer, touchez le bouton « Partager » (le carré surmonté d’une flèche), faites défiler si besoin, puis choisissez « Sur l’écran d’accueil ».',
            'Bon à savoir : sur iPhone, les notifications push ne fonctionnent que si l’application a été ajoutée à l’écran d’accueil.',
          ],
        },
        {
          id: 'hors-ligne',
          question: 'Puis-je utiliser EcoFoyer sans connexion\u00a0?',
          answer: [
            'En partie. Après une première visite avec une connexion, EcoFoyer s’ouvre même hors ligne, et un bandeau «\u00a0Hors ligne\u00a0» vous signale que vous n’êtes pas connecté.',
            'Sans réseau, vous retrouvez ce que vous avez déjà ouvert sur cet appareil\u00a0: votre inventaire, la fiche de vos appareils, leurs notices et factures déjà ouvertes (ou rendues «\u00a0Disponibles hors ligne\u00a0» depuis la fiche), les tutoriels d’entretien, les trois prochains mois du calendrier et les consignes d’urgence de l’assistant. Cette FAQ, les conditions d’utilisation, le tableau du bonus réparation, les conseils pour donner, vendre ou recycler et le simulateur carbone s’ouvrent aussi.',
            'La place que ces copies occupent, et la limite que vous leur donnez, sont dans votre profil («\u00a0Hors connexion\u00a0»)\u00a0; elles sont effacées quand vous vous déconnectez.',
            'Sans réseau, marquer un entretien comme fait, ajouter une note ou une panne, planifier un entretien et ajouter un appareil avec sa photo sont gardés sur cet appareil («\u00a0En attente d’envoi\u00a0») et envoyés dans l’ordre au retour du réseau, une seule fois chacun\u00a0; une modification refusée entre-temps (l’appareil supprimé par un autre membre…) vous est montrée avec ce que vous aviez saisi. L’assistant au-delà des urgences, les imports et exports, le dossier PDF, l’envoi de fichiers, les cartes et les sites partenaires demandent une connexion.',
          ],
        },
      ],
    },
    {
      id: 'foyer-partage',
      title: 'Foyer et partage',
      items: [
        {
          id: 'foyer',
          question: 'Qu’est-ce que le foyer, et comment y inviter quelqu’un\u00a0?',
          answer: [
            'Le foyer réunit les personnes qui partagent vos appareils\u00a0: l’inventaire, ses fichiers, l’entretien et l’historique de seconde vie sont communs. Votre profil, vos badges, vos notifications et votre double authentification restent personnels.',
            'Chaque compte a son foyer dès l’inscription. Dans votre profil, «\u00a0Mon foyer\u00a0» permet à un propriétaire d’inviter quelqu’un par e-mail en choisissant son rôle. L’invitation vaut 7 jours, ne sert qu’une fois et ne s’ouvre qu’avec le compte de l’adresse invitée.',
            'En rejoignant un foyer, la personne garde ses propres appareils à part (elle les retrouve si elle le quitte) ou, si elle était seule dans le sien, les apporte. Chacun peut quitter le foyer depuis son profil.',
          ],
        },
        {
          id: 'roles-foyer',
          question: 'Que peut faire chaque rôle du foyer\u00a0?',
          answer: [
            'Propriétaire (il peut y en avoir plusieurs)\u00a0: tout ce que fait un membre, et la gestion du foyer. Il le renomme, invite, change les rôles et retire des membres, sauf le responsable.',
            'Responsable\u00a0: le propriétaire qui a créé le foyer, ou à qui il a été confié. Personne ne peut changer son rôle ni le retirer. Lui seul nomme d’autres propriétaires (l’invitation d’un propriétaire par un autre propriétaire attend son accord) et peut confier le foyer à un autre membre, avec son mot de passe. S’il part, il choisit de laisser le foyer aux autres ou d’en emporter les appareils.',
            'Membre\u00a0: consulte et modifie les appareils et leur entretien (fichiers, entretiens planifiés et faits, import CSV, étiquettes QR, liens de partage). On peut lui confier un entretien.',
            'Lecteur\u00a0: consulte seulement. Il voit les appareils, l’entretien et le calendrier, exporte les CSV et prépare le «\u00a0Dossier d’inventaire\u00a0», mais ne modifie rien et ne crée pas de lien de partage.',
          ],
        },
        {
          id: 'dossier-inventaire',
          question: 'À quoi sert le «\u00a0Dossier d’inventaire\u00a0»\u00a0?',
          answer: [
            'C’est un PDF de tous vos appareils, pour votre assureur après un cambriolage ou un dégât des eaux, ou pour un déménagement\u00a0: pour chacun, sa photo, sa marque, son modèle, son numéro de série, sa date et son prix d’achat, et sa garantie. Vous pouvez y ajouter les factures, en fin de dossier.',
            'Demandez-le depuis votre profil\u00a0: il se prépare en arrière-plan, une barre montre où il en est, puis vous le téléchargez pendant 24 heures. Tous les membres du foyer, lecteurs compris, peuvent le préparer.',
          ],
        },
        {
          id: 'lien-lecture-seule',
          question: 'Comment montrer mon inventaire à quelqu’un qui n’a pas de compte\u00a0?',
          answer: [
            'Dans le «\u00a0Dossier d’inventaire\u00a0» de votre profil, «\u00a0Partager en lecture seule\u00a0» crée un lien valable 7 ou 30 jours. La personne qui l’ouvre voit vos appareils, leurs photos et leurs factures, sans compte et sans rien pouvoir modifier.',
            'Le lien ne montre ni votre adresse e-mail, ni vos notes, ni les prénoms des membres. Vous pouvez le révoquer à tout moment\u00a0; il cesse aussi de fonctionner si la personne qui l’a créé quitte le foyer ou en est retirée. Un lecteur ne peut pas en créer.',
          ],
        },
        {
          id: 'etiquettes-qr',
          question: 'À quoi servent les étiquettes QR\u00a0?',
          answer: [
            'Collez une étiquette sur chaque appareil\u00a0: scannée avec un téléphone, elle ouvre sa fiche, avec sa notice, sa facture et son prochain entretien. Devant la machine, «\u00a0J’ai fait l’entretien\u00a0» est alors à portée de main.',
            'Depuis votre profil, «\u00a0Imprimer des étiquettes QR\u00a0»\u00a0: choisissez les appareils, puis imprimez une planche A4 d’étiquettes adhésives Avery (L7160, 21 étiquettes, ou L7159, 24 étiquettes) ou téléchargez le PDF.',
            'Une étiquette n’ouvre la fiche qu’aux membres de votre foyer, après connexion s’il le faut\u00a0: quelqu’un d’autre qui la scanne ne voit rien de l’appareil. Perdue ou collée sur le mauvais appareil, révoquez-la sur la même page et imprimez-en une autre.',
          ],
        },
      ],
    },
    {
      id: 'inventaire',
      title: 'Inventaire et univers',
      items: [
        {
          id: 'univers',
          question: 'Qu’est-ce qu’un univers ?',
          answer: [
            'Un univers est un espace de votre logement qui regroupe des appareils : la cuisine, le salon, la buanderie… Vous retrouvez ainsi vos appareils comme ils sont rangés chez vous.',
            'Pour démarrer sans vous disperser, commencez par l’univers qui compte le plus d’appareils, souvent la cuisine.',
          ],
        },
        {
          id: 'ajouter-appareil',
          question: 'Comment ajouter un appareil ?',
          answer: [
            'Depuis votre inventaire, ajoutez l’appareil dans l’univers où il se trouve, puis renseignez les informations demandées. Vous pouvez ensuite lui associer des photos, sa facture et sa notice.',
            'Pas besoin de tout remplir d’un coup : vous pourrez compléter plus tard, par exemple quand vous aurez retrouvé la facture.',
            'Votre tout premier appareil vous rapporte d’ailleurs un badge.',
          ],
        },
        {
          id: 'facture-notice',
          question: 'Pourquoi ajouter la facture et la notice ?',
          answer: [
            'La facture prouve la date et le lieu d’achat : elle vous sera demandée pour faire jouer une garantie, et elle est utile lors d’une réparation. La notice rassemble les consignes d’entretien et, souvent, la signification des codes d’erreur de votre modèle.',
            'Formats acceptés : PDF, JPG ou PNG pour la facture, PDF pour la notice. Une facture papier ? Prenez-la simplement en photo avec votre téléphone.',
            'Astuce : beaucoup de fabricants proposent leurs notices en PDF sur leur site. Cherchez la référence du modèle indiquée sur la plaque signalétique de l’appareil.',
          ],
        },
        {
          id: 'photos-appareil',
          question: 'Quelles photos ajouter à un appareil ?',
          answer: [
            'Une vue d’ensemble pour le reconnaître d’un coup d’œil, et surtout une photo de sa plaque signalétique : l’étiquette qui indique la marque, le modèle et le numéro de série, souvent placée à l’arrière de l’appareil ou à l’intérieur de la porte.',
            'Ces informations sont précieuses pour commander une pièce ou décrire une panne à un réparateur. Évitez en revanche de photographier des personnes ou des documents personnels.',
          ],
        },
        {
          id: 'fichier-refuse',
          question: 'Mon fichier est refusé, ou mes photos semblent plus légères après l’envoi : pourquoi ?',
          answer: [
            'Chaque fichier est limité à 10 Mo. Si une notice en PDF dépasse cette taille, cherchez-en une version plus légère ou compressez-la avant de l’ajouter. Vérifiez aussi le format : PDF, JPG ou PNG pour une facture, PDF pour une notice.',
            'Les images de plus de 200 Ko sont automatiquement redimensionnées dans votre navigateur avant l’envoi. L’envoi est plus rapide, vous économisez vos données mobiles, et les photos restent bien lisibles à l’écran.',
          ],
        },
        {
          id: 'import-export-csv',
          question: 'Comment exporter ou importer mon inventaire en CSV\u00a0?',
          answer: [
            'Dans votre profil, «\u00a0Exporter mon inventaire\u00a0» télécharge vos appareils (dates, prix, numéros de série, garanties) et l’historique de vos entretiens en fichiers CSV, qui s’ouvrent tels quels dans Excel, LibreOffice ou Numbers.',
            '«\u00a0Importer des appareils\u00a0» lit un CSV aux colonnes de l’export (au moins «\u00a0Type d’appareil\u00a0», «\u00a0Marque\u00a0» et «\u00a0Modèle\u00a0») ou l’export CSV de Homebox, jusqu’à 5 Mo. Vous voyez ce que deviendra chaque ligne, et pourquoi une ligne est refusée, avant que rien ne soit enregistré\u00a0; importer deux fois le même fichier ne crée pas de doublon.',
            'Les photos, factures et notices ne passent pas par le CSV\u00a0: ajoutez-les ensuite sur la fiche de chaque appareil. Un lecteur peut exporter, pas importer.',
          ],
        },
      ],
    },
    {
      id: 'entretien',
      title: 'Entretien et calendrier',
      items: [
        {
          id: 'fiches-entretien',
          question: 'Que contient une fiche d’entretien ?',
          answer: [
            'Une fiche d’entretien explique, étape par étape, un geste qui aide votre appareil à durer, comme nettoyer un filtre ou détartrer. Suivez les étapes dans l’ordre et débranchez toujours l’appareil avant de commencer.',
            'Une fois l’entretien terminé, indiquez-le dans l’application : vous gardez une trace de ce qui a été fait, et cela peut vous valoir un badge.',
          ],
        },
        {
          id: 'planifier-entretien',
          question: 'Comment planifier un entretien ?',
          answer: [
            'Choisissez l’entretien à réaliser et la date qui vous convient : il apparaît alors dans votre calendrier et vous recevez un rappel le moment venu.',
            'Pour les gestes à refaire régulièrement, ajoutez une récurrence : vous n’aurez plus à y penser.',
          ],
        },
        {
          id: 'recurrence',
          question: 'Comment fonctionne la récurrence ?',
          answer: [
            'Au moment de planifier, vous pouvez choisir une fréquence : mensuelle, tous les 3 mois, tous les 6 mois ou annuelle. L’entretien revient alors automatiquement à ce rythme, à partir de la date choisie.',
            'Par exemple, un nettoyage de filtre planifié le 10 mars avec la fréquence « tous les 3 mois » reviendra le 10 juin, puis le 10 septembre, et ainsi de suite.',
            'Le bon rythme dépend de votre appareil et de l’usage que vous en faites : en cas de doute, la notice du fabricant reste la meilleure référence.',
          ],
        },
        {
          id: 'rappels-notifications',
          question: 'Comment suis-je prévenu de mes entretiens ?',
          answer: [
            'Les rappels s’affichent dans les notifications de l’application, dès que vous l’ouvrez.',
            'Si vous le souhaitez, activez aussi les notifications push pour être prévenu même lorsque EcoFoyer est fermé. Votre navigateur vous demande alors votre autorisation ; vous pourrez la retirer à tout moment dans les réglages du navigateur ou du téléphone.',
            'Sur iPhone, installez d’abord l’application sur l’écran d’accueil : c’est indispensable pour recevoir les notifications push.',
            'Aucune notification ne s’affiche ? Vérifiez qu’elles sont autorisées pour EcoFoyer et que le mode « Ne pas déranger » n’est pas activé.',
          ],
        },
        {
          id: 'calendrier-ics',
          question: 'Puis-je retrouver mes entretiens dans mon agenda habituel ?',
          answer: [
            'Oui. EcoFoyer vous fournit un lien d’abonnement privé au format ICS, un format standard reconnu par la plupart des agendas (Google Agenda, Calendrier d’Apple, Outlook…). Ajoutez-le dans votre agenda comme abonnement à un calendrier par adresse URL : vos entretiens planifiés s’y afficheront. Selon l’agenda, la mise à jour peut prendre un peu de temps.',
            'Ce lien est personnel : toute personne qui le connaît peut voir votre planning d’entretien. Ne le partagez pas, et si vous pensez qu’il a circulé, révoquez-le depuis l’application : l’ancien lien cessera de fonctionner.',
          ],
        },
        {
          id: 'badges',
          question: 'Comment gagner des badges ?',
          answer: [
            'Les badges récompensent vos actions : ajouter votre premier appareil, réaliser un entretien, donner une seconde vie à un appareil… Une façon agréable de suivre vos progrès.',
            'Certains badges donnent droit à un bonus proposé par un partenaire, selon les conditions de ce partenaire.',
            'Fier d’un badge ? Vous pouvez le partager sur les réseaux sociaux : la page publique créée pour l’occasion n’affiche que le badge et votre prénom.',
          ],
        },
      ],
    },
    {
      id: 'reparation',
      title: 'Réparation et bonus réparation',
      items: [
        {
          id: 'assistant-reparation',
          question: 'Comment fonctionne l’assistant de réparation ?',
          answer: [
            'Décrivez la panne avec vos mots, par exemple « mon lave-linge ne vidange plus ». L’assistant s’appuie sur une base de connaissances de diagnostic en français pour vous indiquer les précautions à prendre, les causes probables et, quand c’est raisonnable, les étapes pour réparer vous-même, avec des liens vers des tutoriels de réparation publics.',
            'Il vous dit toujours quand il vaut mieux faire appel à un professionnel.',
            'Plus votre description est précise (type d’appareil, symptôme, bruit inhabituel, code d’erreur affiché), plus ses pistes seront pertinentes.',
          ],
        },
        {
          id: 'securite-reparation',
          question: 'Quelles précautions prendre avant de réparer moi-même ?',
          answer: [
            'Débranchez toujours l’appareil avant d’intervenir : l’éteindre ne suffit pas. Fermez l’arrivée d’eau d’un lave-linge ou d’un lave-vaisselle, et laissez refroidir un four ou une plaque de cuisson.',
            'Ne touchez jamais à un appareil ou une installation au gaz, à l’intérieur d’un four à micro-ondes (certains composants restent dangereux même débranchés) ni au circuit de froid d’un réfrigérateur : ces interventions sont réservées aux professionnels.',
            // The gas reminder is the assistant's and the tutorials' one (contracts, item 9).
            GAS_SAFETY.rappel,
            'Fumée ou odeur de brûlé : débranchez l’appareil si vous pouvez le faire sans danger, et ne le remettez pas en marche avant l’avis d’un professionnel.',
            'Votre appareil est encore sous garantie ? Contactez d’abord le vendeur : une réparation faite par vos soins pourrait vous faire perdre cette garantie.',
          ],
        },
        {
          id: 'garanties-mes-droits',
          question: 'Mon appareil est-il encore sous garantie, et comment la faire jouer\u00a0?',
          answer: [
            'Sur la fiche de chaque appareil, «\u00a0Mes droits\u00a0» calcule sa garantie légale de conformité (2 ans à partir de la livraison, 6 mois de plus après une réparation faite sous garantie), sa garantie commerciale si vous en avez saisi la fin, la disponibilité des pièces détachées et le bonus réparation, puis vous dit quoi faire en cas de panne. Renseignez la date d’achat ou de livraison, et cochez «\u00a0Acheté d’occasion à un professionnel\u00a0» s’il y a lieu.',
            'Tant qu’une garantie court, «\u00a0Lettre au vendeur pour faire jouer la garantie\u00a0» prépare une lettre pré-remplie (l’appareil, son achat, la dernière panne notée) à copier dans un e-mail ou à télécharger en PDF. Joignez-y la facture.',
            'Vous êtes prévenu 60 jours puis 7 jours avant la fin d’une garantie. Ces informations vous aident à connaître vos droits\u00a0; elles ne remplacent pas l’avis d’un juriste.',
          ],
        },
        {
          id: 'trouver-reparateur',
          question: 'Comment trouver un réparateur et prendre rendez-vous ?',
          answer: [
            'EcoFoyer intègre la carte « Que faire de mes objets » de l’ADEME, qui recense des professionnels de la réparation près de chez vous. Vous pouvez aussi la consulter directement sur https://quefairedemesobjets.ademe.fr.',
            'Vous pouvez également prendre rendez-vous grâce au module de réservation d’un réparateur partenaire, intégré à l’application. Le devis, le prix et la réparation se règlent ensuite directement avec le réparateur.',
            'Préparez la marque et le modèle (sur la plaque signalétique), une description de la panne et, si possible, la facture : ces informations sont peut-être déjà dans votre inventaire.',
          ],
        },
        {
          id: 'bonus-reparation',
          question: 'Qu’est-ce que le bonus réparation ?',
          answer: [
            'C’est une aide nationale qui réduit le prix de la réparation de nombreux appareils électriques et électroniques hors garantie. Elle est financée par les éco-organismes et passe par les réparateurs labellisés QualiRépar.',
            'EcoFoyer affiche le tableau des montants par type d’appareil pour vous donner une idée de l’aide possible. Ces montants sont indicatifs et peuvent évoluer : c’est le montant appliqué par le réparateur au moment de la réparation qui fait foi.',
          ],
        },
        {
          id: 'obtenir-bonus',
          question: 'Comment bénéficier du bonus réparation ?',
          answer: [
            'Vous n’avez aucun dossier à remplir : faites réparer votre appareil par un réparateur labellisé QualiRépar, qui déduit directement le bonus du montant de votre facture.',
            'EcoFoyer ne verse pas le bonus et ne le rembourse pas après coup. Si le réparateur n’est pas labellisé, le bonus ne peut pas être appliqué : vérifiez-le avant de confier votre appareil, et demandez-lui si votre appareil et votre panne sont éligibles.',
          ],
        },
        {
          id: 'smart-fix',
          question: 'Que signifie la prédiction Smart-fix ?',
          answer: [
            'Smart-fix estime les chances qu’un appareil soit réparable, à partir de réparations réelles enregistrées dans des repair cafés et publiées par l’Open Repair Alliance.',
            'C’est une estimation, pas une garantie : un pronostic favorable ne garantit pas la réussite, et un pronostic défavorable ne veut pas dire que la réparation est impossible. Prenez-le comme un indice parmi d’autres, à croiser avec les conseils de l’assistant et l’avis d’un réparateur.',
          ],
        },
      ],
    },
    {
      id: 'seconde-vie',
      title: 'Seconde vie et impact carbone',
      items: [
        {
          id: 'appareil-inutilise',
          question: 'Je ne me sers plus de mon appareil : que faire ?',
          answer: [
            'EcoFoyer vous propose trois pistes : donner, vendre ou recycler. S’il fonctionne encore, il peut rendre service à quelqu’un d’autre : l’application vous oriente notamment vers des sites de dons.',
            'S’il est hors d’usage, ne le jetez pas avec les ordures ménagères : déposez-le dans un point de collecte, par exemple en déchèterie. Lors de l’achat d’un appareil neuf équivalent, le vendeur doit aussi reprendre l’ancien.',
            'Avant de vous séparer d’un appareil connecté, pensez à effacer vos données personnelles. Et déclarer la seconde vie d’un appareil dans EcoFoyer peut vous valoir un badge.',
          ],
        },
        {
          id: 'calcul-carbone',
          question: 'Comment l’empreinte carbone de mes appareils est-elle estimée ?',
          answer: [
            `Pour ${CARBON_SOURCES.ademe} des ${CARBON_SOURCES.total} types d’appareils, les chiffres sont ceux de l’ADEME (base Impact CO2) : une empreinte moyenne par type, exprimée en équivalent CO2. Pour ${CARBON_SOURCES.phases} autres, le total vient de l’ADEME mais sa répartition entre les étapes de fabrication est une estimation EcoFoyer. Pour les ${CARBON_SOURCES.estimated} restants, l’ADEME ne publie pas de chiffre : EcoFoyer l’estime à partir de l’appareil ADEME le plus proche et de la consommation électrique habituelle du type.`,
            'Le simulateur dit pour chaque type d’où viennent ses chiffres («\u00a0Données ADEME\u00a0» ou «\u00a0Estimation EcoFoyer\u00a0»), avec ses sources ; l’encadré de l’accueil dit combien de vos appareils sont comptés sur une estimation ; la fiche d’un appareil dont vous avez saisi la consommation calcule son usage sur ses propres kWh.',
            'Ce sont des ordres de grandeur : des moyennes ne peuvent pas refléter exactement la marque, le modèle ou l’usage de votre appareil. Elles sont surtout utiles pour comparer et pour mesurer l’intérêt de faire durer vos équipements.',
          ],
        },
        {
          id: 'simulateur',
          question: 'À quoi sert le simulateur ?',
          answer: [
            'Le simulateur montre l’effet de garder un appareil plus longtemps. Une part importante de l’empreinte d’un appareil est liée à sa fabrication : en prolongeant sa durée d’utilisation, cette empreinte se répartit sur davantage d’années et l’achat d’un appareil neuf est repoussé.',
            'Faites varier la durée de conservation pour voir la différence. Les résultats restent des ordres de grandeur, fondés sur les chiffres du type choisi : ceux de l’ADEME, ou une estimation EcoFoyer quand l’ADEME n’en publie pas (le simulateur l’indique).',
          ],
        },
      ],
    },
    {
      id: 'confidentialite',
      title: 'Confidentialité',
      items: [
        {
          id: 'donnees-conservees',
          question: 'Quelles données EcoFoyer conserve-t-il sur moi ?',
          answer: [
            'Les informations de votre compte (prénom, nom, adresse e-mail et, si vous les renseignez, adresse postale et téléphone), votre inventaire avec ses photos et documents, vos entretiens, rappels et badges.',
            'Votre mot de passe n’est jamais conservé en clair : il est protégé par l’algorithme argon2id, si bien que personne ne peut le lire.',
            `Ces données sont stockées par l’éditeur de votre instance EcoFoyer, ${e.editeur}. Le détail figure dans les conditions générales d’utilisation et la politique de confidentialité.`,
          ],
        },
        {
          id: 'vente-publicite',
          question: 'Mes données sont-elles vendues ou utilisées pour de la publicité ?',
          answer: [
            'Non. EcoFoyer ne vend aucune donnée et n’utilise aucun traceur publicitaire. Vos données servent uniquement à faire fonctionner le service.',
            'Lorsque vous utilisez un service externe depuis l’application (carte de l’ADEME, module de réservation du partenaire, sites de dons, réseaux sociaux), ce service applique ses propres règles de confidentialité.',
          ],
        },
        {
          id: 'cookies',
          question: 'EcoFoyer utilise-t-il des cookies ?',
          answer: [
            'EcoFoyer n’utilise pas de cookie pour vous connecter. Votre session est enregistrée dans le stockage de votre navigateur : elle est effacée à la fermeture du navigateur, sauf si vous avez coché « Se souvenir de moi ».',
            'La carte de l’ADEME et le module de réservation du partenaire peuvent, lorsqu’ils s’affichent, déposer leurs propres cookies, selon leurs règles.',
          ],
        },
        {
          id: 'assistant-donnees',
          question: 'Mes échanges avec l’assistant de réparation sont-ils envoyés ailleurs ?',
          answer: [
            'Par défaut, non : l’assistant fonctionne à partir d’une base de connaissances de diagnostic intégrée à EcoFoyer, sans transmettre vos messages à un service tiers.',
            'Si l’éditeur de votre instance a choisi de le relier à un service d’intelligence artificielle externe, vos messages sont transmis à ce service pour produire les réponses. Dans tous les cas, décrire l’appareil et la panne suffit : inutile d’y indiquer votre nom, votre adresse ou d’autres informations personnelles.',
          ],
        },
        {
          id: 'partage-badge',
          question: 'Que voit-on quand je partage un badge ?',
          answer: [
            'Le partage crée une page publique qui affiche uniquement le badge et votre prénom. Votre nom, votre adresse e-mail, votre inventaire et vos autres informations n’y apparaissent pas.',
            'Une fois publié sur un réseau social, votre message est soumis aux règles de ce réseau.',
          ],
        },
        {
          id: 'exercer-droits',
          question: 'Comment obtenir une copie de mes données ou supprimer mon compte ?',
          answer: [
            'Depuis votre profil : corrigez vos informations, « Télécharger mes données » pour une copie complète (un fichier .zip), ou « Supprimer mon compte » pour tout effacer, photos et documents compris.',
            `Pour toute autre demande (opposition, limitation), écrivez à ${reach} en précisant l’adresse e-mail de votre compte. L’éditeur vous répond dans un délai d’un mois.`,
            'Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL : https://www.cnil.fr.',
          ],
        },
      ],
    },
  ];
}
