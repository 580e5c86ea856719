/**
 * Every French text the user reads, once. Texts quoted by the spec are verbatim
 * (section noted); the others follow the same tone ("vous" for the app, "tu" for the assistant).
 */
/** The maintenance reminders' wording (French lives here, the server picks which). */
export const REMINDER = {
  today: (task: string, forDevice: string) => ({
    title: `Aujourd’hui : ${task}`,
    message: `L’entretien « ${task} » est prévu aujourd’hui${forDevice}. Pensez à préparer les produits.`,
  }),
  tomorrow: (task: string, forDevice: string) => ({
    title: `Demain : ${task}`,
    message: `L’entretien « ${task} » est prévu demain${forDevice}. Pensez à préparer les produits.`,
  }),
  due: (task: string, forDevice: string) => ({
    title: `C’est le jour : ${task}`,
    message: `L’entretien « ${task} » est prévu aujourd’hui${forDevice}.`,
  }),
  late: (task: string, forDevice: string, on: string, days: number) => ({
    title: `En retard : ${task}`,
    message: `L’entretien « ${task} » était prévu le ${on}${forDevice} (en retard de ${days === 1 ? '1 jour' : `${days} jours`}).`,
  }),
  /** « pour Lave-linge Bosch », or nothing for a task of no appliance. */
  forDevice: (name: string | null) => (name ? ` pour ${name}` : ''),
  /** Several reminders of one member at once (an import's tasks falling due together): one mail, one push. */
  grouped: (count: number, titles: string[]) => ({
    title: `${count} entretiens à prévoir`,
    message:
      titles.length > 3
        ? `${titles.slice(0, 3).join(', ')} et ${titles.length - 3} autre${titles.length > 4 ? 's' : ''}.`
        : `${titles.join(', ')}.`,
  }),
  /**
   * « Ma démarche »: the request of a claim has waited `days` days (the seller's 30, or 15 after a
   * reminder) with no answer; `to` is whom it was sent to, as typed (null: the seller).
   */
  claimUnanswered: (to: string | null, appliance: string, days: number) => ({
    title: `Sans réponse : ${appliance}`,
    message: `${to ?? 'Le vendeur'} n’a pas répondu à votre demande pour ${appliance} depuis ${days} jours : relancez-le ou passez à l’étape suivante.`,
  }),
  /** The button of a claim's reminder mail. */
  openClaim: 'Voir la démarche',
  /** The button of a reminder mail: the task, where it can be marked done. */
  openTask: 'Ouvrir l’entretien',
  openAll: 'Voir mes notifications',
} as const;

/**
 * The end of every mail: how to reach the people who run this instance, only when they named an
 * address (EDITOR_EMAIL) — no empty line, no made-up address — then the signature.
 */
const mailClose = (contact: string | null) => `${contact ? `${MAIL_CONTACT.line(contact)}\n\n` : ''}L’équipe EcoFoyer`;

/** The contact line of the mails (text and the reminders' HTML), given only when a contact is configured. */
export const MAIL_CONTACT = {
  line: (contact: string) => `Une question ? Écrivez-nous à ${contact}.`,
} as const;

export const MSG = {
  // product §5 — login
  loginEmailRequired: '* Email est obligatoire',
  loginPasswordRequired: '* Mot de passe est obligatoire',
  fieldRequired: 'Ce champ est requis !',
  // product §5 — registration
  firstnameRequired: 'Veuillez entrer votre prénom',
  lastnameRequired: 'Veuillez entrer votre nom',
  firstnameLength: 'Votre prénom doit contenir entre 3 et 20 caractères.',
  lastnameLength: 'Votre nom doit contenir entre 3 et 20 caractères.',
  emailRequired: 'Veuillez entrer votre adresse e-mail.',
  emailInvalid: 'Veuillez entrer une adresse e-mail valide.',
  passwordsMismatch: 'Les mots de passe ne correspondent pas.',
  passwordMustContain: 'Votre mot de passe doit contenir :',
  // product §5 — token refresh, §7 missing user id
  noRefreshToken: 'Aucun refresh token disponible.',
  refreshFailed: 'Échec du rafraîchissement du token.',
  userIdNotFound: 'User ID not found',
  // product §8
  loginFailed: 'Erreur survenue. Veuillez réessayer.',
  totpSecondFactorWrong: 'Code incorrect ou déjà utilisé. Saisissez le code affiché en ce moment, ou un code de secours.',
  totpEnabled: 'La double authentification est activée.',
  totpDisabled: 'La double authentification est désactivée.',
  demoBanner: 'Compte de démonstration : ce foyer est le vôtre seul, et il sera effacé 24 h après sa création.',
  demoCreating: 'Préparation de votre foyer de démonstration…',
  resetUnexpected: 'Erreur inattendue.',
  forgotSent: 'Un lien de réinitialisation a été envoyé à votre adresse email.',
  resetDone: 'Votre mot de passe a bien été réinitialisé !',
  chunkLoadFailed: (n: string | number) => `Loading chunk ${n} failed`,
  // product §2 — profile
  profileSaved: 'Vos modifications sont enregistrées',

  // Server answers (API.md)
  accountTaken: 'Un compte existe déjà avec cette adresse e-mail ou ce nom d’utilisateur.',
  resetTokenInvalid: 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
  unauthorized: 'Veuillez vous connecter pour continuer.',
  routeNotFound: 'Cette adresse n’existe pas.',
  serverError: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  currentPasswordRequired: 'Pour changer votre adresse e-mail ou votre mot de passe, saisissez votre mot de passe actuel.',
  currentPasswordWrong: 'Votre mot de passe actuel est incorrect.',
  sessionNotFound: 'Cette session est introuvable ou déjà terminée.',
  usernameLooksLikeEmail: 'Le nom d’utilisateur ne peut pas être une adresse e-mail, sauf la vôtre.',
  textTooLong: (max: number) => `Ce champ ne peut pas dépasser ${max} caractères.`,

  // Mail
  resetMailText: (firstname: string, link: string, contact: string | null) =>
    `Bonjour ${firstname},\n\nVous avez demandé à réinitialiser votre mot de passe EcoFoyer.\n` +
    `Cliquez sur ce lien (valable 1 heure, utilisable une seule fois) :\n${link}\n\n` +
    `Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.\n\n` +
    mailClose(contact),

  emailConfirmMailText: (firstname: string, link: string, contact: string | null) =>
    `Bonjour ${firstname},\n\nPour utiliser cette adresse avec votre compte EcoFoyer, ouvrez ce lien (valable 24 heures, utilisable une seule fois) :\n${link}\n\n` +
    `Jusque-là, votre compte garde son ancienne adresse. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.\n\n${mailClose(contact)}`,
  emailConfirmInvalid:
    'Ce lien de confirmation n’est plus valable (déjà utilisé, remplacé par une demande plus récente, ou expiré). Refaites la demande depuis votre profil.',
  emailPendingNotice: (email: string) =>
    `Un lien de confirmation a été envoyé à ${email}. Votre nouvelle adresse sera utilisée dès que vous l’aurez ouvert ; d’ici là, connectez-vous avec l’ancienne.`,
  // Without a contact, no « Ce n’était pas vous ? » that points nowhere.
  accountDeletedMailText: (firstname: string, contact: string | null) =>
    `Bonjour ${firstname},\n\nVotre compte EcoFoyer et toutes ses données (foyer, appareils, photos, factures, notices, calendrier, notifications) viennent d’être supprimés, à votre demande. ` +
    `Ce message est le dernier que vous recevrez de nous.\n\n` +
    (contact ? `Ce n’était pas vous ? Écrivez-nous au plus vite à ${contact}.\n\n` : '') +
    'L’équipe EcoFoyer',
  accountDeleted: 'Votre compte et toutes ses données ont été supprimés. Un e-mail de confirmation vous a été envoyé.',
  credentialsMailText: (firstname: string, what: 'email' | 'password' | 'both', newEmail: string | null, contact: string | null) =>
    `Bonjour ${firstname},\n\n` +
    (what === 'password'
      ? 'Le mot de passe de votre compte EcoFoyer vient d’être changé.'
      : what === 'email'
        ? `Une demande vient d’être faite pour remplacer l’adresse e-mail de votre compte EcoFoyer par ${newEmail} : elle ne prendra effet que lorsque le lien envoyé à cette adresse sera ouvert.`
        : `Le mot de passe de votre compte EcoFoyer vient d’être changé, et une demande faite pour remplacer son adresse e-mail par ${newEmail} (elle ne prendra effet que lorsque le lien envoyé à cette adresse sera ouvert).`) +
    `\n\nCe n’était pas vous ? Demandez tout de suite un nouveau mot de passe depuis « Mot de passe oublié ? » sur la page de connexion (cela annule aussi un changement d’adresse en attente)` +
    (contact ? `, puis écrivez-nous à ${contact} : ` : ' : ') +
    `votre compte a peut-être été utilisé par quelqu’un d’autre.\n\nL’équipe EcoFoyer`,

  // product §5/§8 — inventory and new device
  productTypeRequired: 'Veuillez renseigner le type du produit !',
  requiredFieldsMissing: 'Veuillez remplir les champs obligatoires !',
  deviceAdded: 'Appareil ajouté avec succès',
  applianceUpdated: (name: string) => `Tes modifications sur ${name} sont enregistrées`,
  applianceDeleteConfirm: (name: string) => `Êtes-vous sûr de vouloir supprimer ${name} ?`,
  emptyUniverse: 'Ma pièce est vide',
  unknownDate: 'Inconnu',
  imageSearchNoResult: 'Veuillez apporter plus de précision à la recherche.',
  imageSearchFailed: 'Une erreur est survenue lors de la recherche.',
  imageSearchPhotoRequired: 'Choisissez ou prenez une photo de la plaque signalétique.',
  imageSearchHintTooLong: 'La précision de recherche fait au plus 50 caractères.',
  // product §2/§5 — smart-fix
  smartfixCategoryInvalid: 'Choisissez une catégorie parmi les 40 proposées.',
  smartfixAgeDigits: 'L’âge s’écrit en chiffres uniquement (nombre d’années).',
  // The repair records hold almost no appliance older than 50 years.
  smartfixAgeTooOld:
    'Au-delà de 50 ans, nous ne pouvons pas estimer : les ateliers de réparation n’ont presque aucun appareil aussi ancien. Indiquez un âge de 0 à 50 ans.',
  smartfixKindInvalid: 'Ce type d’appareil ne fait pas partie de la catégorie choisie.',
  smartfixYours: (percent: string) => `Pour le vôtre : ${percent} de chances de réparation`,
  smartfixAverage: (percent: string, plural: string) =>
    `En moyenne, ${percent} des ${plural} apportés en atelier de réparation ont été réparés`,
  smartfixAverageRecords: (records: string) => `d’après ${records} appareils enregistrés par des repair cafés`,
  smartfixFactorsTitle: 'Ce qui a déplacé l’estimation',
  smartfixFactor: (label: string, up: boolean, points: number) =>
    `${label} : fait ${up ? 'monter' : 'baisser'} de ${points} point${points > 1 ? 's' : ''}`,
  smartfixNoFactor:
    'Rien de ce que vous avez indiqué (âge, marque, panne) ne l’a déplacée d’un point : c’est la moyenne de ce type d’appareil.',
  smartfixCaveat:
    'Une estimation tirée des réparations tentées dans des repair cafés, pas un diagnostic de votre appareil. Pour un appareil au gaz, une odeur de brûlé, de la fumée ou un risque électrique, débranchez-le et faites appel à un professionnel.',
  productSearchPlaceholder: 'Rechercher un produit...',
  genericProducts: 'Produits génériques',
  savedProducts: 'Produits enregistrés',
  showMore: 'Voir plus',
  // One capitalisation for every button: sentence case.
  showLess: 'Voir moins',

  // Server answers — inventory and files (API.md)
  universeNameRequired: 'Veuillez donner un nom à votre univers.',
  productUnknown: 'Type de produit inconnu.',
  fileTooLargeFor: (limit: string) => `Le fichier dépasse la taille maximale de ${limit}.`,
  fileNotImage: 'Format non accepté : choisissez une image JPEG, PNG ou WebP.',
  dateInvalid: 'Veuillez entrer une date valide (AAAA-MM-JJ).',
  dateInFuture: 'La date d’achat ne peut pas être dans le futur.',
  deliveryInFuture: 'La date de livraison ne peut pas être dans le futur.',
  immobilisationInvalid: 'Le nombre de jours d’immobilisation doit être un nombre entier de jours.',
  priceInvalid: 'Le prix d’achat doit être un montant en euros, par exemple 349,90.',
  eventWindowOrder: 'La fin de la période doit suivre son début.',
  importEmpty: 'Le fichier est vide.',
  importTooLarge: 'Ce fichier est trop gros : 5 Mo au plus (l’export de 10 000 appareils en fait environ 3).',
  dossierFailed: 'Le dossier n’a pas pu être créé. Réessayez ; si cela recommence, écrivez-nous.',
  dossierInterrupted: 'La création du dossier a été interrompue. Relancez-la.',
  dossierUnknown: 'Ce dossier n’existe plus : il est effacé 24 h après sa création. Créez-en un nouveau.',
  shareUnknown: 'Ce lien n’est pas valable : vérifiez qu’il a été copié en entier.',
  shareExpired: 'Ce lien a expiré ou a été révoqué par le foyer qui l’avait partagé. Demandez-lui un nouveau lien.',
  sharedInventoryTitle: 'Inventaire partagé',
  labelChooseAppliance: 'Choisissez au moins un appareil.',
  importFailed: 'L’import n’a pas pu se faire : rien n’a été enregistré. Réessayez dans un instant.',
  importInventoryChanged:
    'L’inventaire a changé pendant l’import (un autre import, ou une modification) : rien n’a été enregistré. Relancez l’aperçu pour voir ce que ce fichier fera maintenant.',
  dateTooOld: (year: number) => `La date d’achat ne peut pas être avant ${year} : vérifiez l’année.`,

  // product §2/§8 — maintenance and events
  maintenanceCardMissing: 'Erreur : Aucune donnée de maintenanceCard trouvée',
  videoUnsupported: 'Votre navigateur ne supporte pas la lecture de vidéos.',
  maintenanceDone: 'Bravo, entretien effectué !',
  eventTitleRequired: 'Veuillez donner un titre à l’entretien.',
  eventDateInvalid: 'Veuillez choisir une date valide.',
  frequencyInvalid: 'Choisissez une fréquence : tous les mois, 3 mois, 6 mois ou tous les ans.',
  eventSeriesStartTooOld: 'Un entretien régulier ne peut pas commencer il y a plus d’un an. Choisissez une première date plus récente.',
  eventSeriesStartTooFar: 'Un entretien régulier doit commencer dans les deux ans à venir. Choisissez une première date plus proche.',
  carbonInvalidResponse: 'Réponse invalide du backend. Impossible de calculer l’impact carbone.',
  badgeUnknown: 'Badge introuvable.',
  assistantKbFailure: 'Je rencontre un problème technique, peux-tu réessayer plus tard ?',
  assistantEmpty: 'Je n’ai pas pu obtenir de réponse, peux-tu reformuler ?',
  assistantAnalysisFailed: 'Une erreur est survenue lors de l’analyse des tutoriels.',
  assistantNoTutorials: 'Je n’ai pas trouvé de tutoriels correspondants pour ta recherche.',
  secondLifeOutcomeInvalid: 'Choisissez ce que devient l’appareil : donné, vendu ou recyclé.',
  assistantQuestionRequired: 'Décris la panne en quelques mots.',

  // Reminders by e-mail and the notification preferences
  notificationPreferencesSaved: 'Vos préférences de notification sont enregistrées.',
  unsubscribeInvalid: 'Ce lien de désabonnement est incomplet ou altéré. Changez vos préférences depuis votre profil.',
  foyerRoleInvalid: 'Choisissez un rôle : propriétaire, membre ou lecteur.',
  foyerReadOnly: 'Votre rôle de lecteur dans ce foyer permet de consulter, pas de modifier.',
  foyerNameTooLong: 'Le nom du foyer ne peut pas dépasser 60 caractères.',
  foyerRenamed: 'Le foyer est renommé.',
  foyerTransferPassword: 'Saisissez votre mot de passe pour confirmer.',
  foyerTransferred: (prenom: string) => `${prenom} est maintenant responsable du foyer.`,
  foyerHolderJoinOther:
    'D’autres personnes partagent le foyer dont vous êtes responsable : quittez-le d’abord (Profil › Mon foyer), en le confiant à l’une d’elles ou en emportant ses données, avant d’en rejoindre un autre.',
  foyerApprovalMailText: (prenom: string, inviter: string, email: string, nom: string, link: string, contact: string | null) =>
    `Bonjour ${prenom},\n\n${inviter} souhaite inviter ${email} à rejoindre « ${nom} » comme propriétaire : cette personne pourrait tout gérer, membres compris. ` +
    `L’invitation ne partira qu’avec votre accord.\n\nPour la confirmer ou l’annuler : ${link}\n\n${mailClose(contact)}`,
  foyerDemoInvite: 'Un foyer de démonstration ne peut inviter personne : créez votre compte pour partager votre foyer.',
  foyerInvitationInvalid: 'Cette invitation n’est plus valable : elle a expiré, a déjà servi ou a été annulée. Demandez-en une nouvelle.',
  foyerInviteMailText: (inviter: string, nom: string, role: string, link: string, days: number, contact: string | null) =>
    `Bonjour,\n\n${inviter} vous invite à rejoindre le foyer « ${nom} » sur EcoFoyer, avec le rôle ${role} : ` +
    `vous y verrez les appareils du foyer et leur entretien.\n\n` +
    `Pour accepter, ouvrez ce lien (valable ${days} jours, utilisable une seule fois) :\n${link}\n\n` +
    `Si vous ne connaissez pas ${inviter}, ignorez ce message : rien ne se passera.\n\n` +
    mailClose(contact),

  // The energy label (EPREL) or the barcode, running cost
  eprelNumberInvalid: 'Le numéro d’enregistrement EPREL s’écrit en chiffres (1 à 10), comme sous le QR code de l’étiquette énergie.',
  eanInvalid: 'Ce code-barres n’est pas un EAN-13 valable : 13 chiffres, le dernier étant la clé de contrôle.',
  energyKwhInvalid: 'La consommation annuelle s’écrit en kWh par an, de 0 à 10 000, par exemple 180 ou 152,5.',
  scanNothingFound:
    'Aucun QR code d’étiquette énergie ni code-barres n’a été reconnu sur cette image. Réessayez avec une photo nette et bien cadrée, ou saisissez les informations à la main.',
  scanUnsupportedCode:
    'Ce code n’est ni le QR code d’une étiquette énergie européenne ni un code-barres EAN-13 : saisissez les informations à la main.',
  scanReaderFailed:
    'Le lecteur de codes n’a pas pu démarrer sur cet appareil : choisissez une photo, ou saisissez les informations à la main.',
  cameraDenied:
    'Vous avez refusé l’accès à l’appareil photo. Autorisez-le dans les réglages du navigateur, ou choisissez une photo de l’étiquette.',
  cameraUnavailable: 'Aucun appareil photo n’est disponible ici : choisissez une photo de l’étiquette.',
  energyLabelSaved: (name: string) => `Les informations de l’étiquette énergie sont enregistrées pour ${name}.`,

  // Web: generic states
  loading: 'Chargement…',
  retry: 'Réessayer',
  networkError: 'Impossible de joindre le serveur. Vérifiez votre connexion.',
  logoutConfirmTitle: 'Déconnexion',
  logoutConfirm: 'Voulez-vous vraiment vous déconnecter ?',
} as const;

/**
 * The server's answers that no page writes itself (a refusal, a mail's subject): apart from MSG, which
 * the login page's first bundle carries whole (JS budgets, decision 006). The pages show them as the
 * server sends them.
 */
export const API_MSG = {
  totpAlreadyOn: 'La double authentification est déjà activée.',
  totpNoSetup: 'Commencez par « Activer la double authentification » pour obtenir le QR code.',
  totpCodeWrong: 'Ce code n’est pas le bon. Saisissez le code à 6 chiffres affiché en ce moment par votre application.',
  totpChallengeExpired: 'La connexion a expiré. Saisissez de nouveau votre mot de passe.',
  totpSlowDown: (seconds: number) =>
    `Trop de codes incorrects sur ce compte. Par sécurité, réessayez dans ${seconds} seconde${seconds > 1 ? 's' : ''} avec le code affiché à ce moment-là.`,
  demoUnavailable: 'La démonstration n’est pas disponible sur ce serveur.',
  demoCredentialsLocked: 'Le compte de démonstration garde son adresse et son mot de passe : créez votre propre compte pour les choisir.',
  signupDone: 'Votre compte a bien été créé ! Vous pouvez maintenant vous connecter.',
  badCredentials: 'Identifiant ou mot de passe incorrect.',
  sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
  refreshInvalid: 'Session invalide ou expirée. Veuillez vous reconnecter.',
  /** /login, after the session was ended by a sign-out elsewhere (« Déconnecter les autres appareils », a new password). */
  sessionEndedElsewhere: 'Vous avez été déconnecté depuis un autre appareil.',
  tooManySignin: 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.',
  tooManyForgot: 'Trop de demandes de réinitialisation. Veuillez réessayer plus tard.',
  tooManyResetTries: 'Trop d’essais de liens de réinitialisation depuis cette connexion. Veuillez réessayer dans une heure.',
  tooManySignup: 'Trop de créations de compte depuis cette adresse. Veuillez réessayer plus tard.',
  tooManyUploads: 'Trop d’envois de fichiers. Veuillez réessayer dans quelques minutes.',
  tooManyRequests: 'Trop de requêtes. Veuillez réessayer dans quelques instants.',
  forbidden: 'Vous n’avez pas accès à cette ressource.',
  notFound: 'Ressource introuvable.',
  invalidInput: 'Certaines informations sont invalides. Vérifiez le formulaire.',
  invalidJson: 'Le contenu envoyé n’est pas un JSON valide.',
  payloadTooLarge: 'Le contenu envoyé est trop volumineux.',
  unsupportedMedia: 'Ce type de contenu n’est pas accepté.',
  dbUnavailable: 'Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.',
  diskFull:
    'Plus de place sur le serveur : rien n’a été enregistré. Réessayez plus tard ; si cela dure, prévenez la personne qui gère ce serveur.',
  diskReadOnly:
    'Le serveur ne peut rien enregistrer pour le moment (son disque est en lecture seule) : rien n’a été enregistré. Réessayez dans quelques instants.',
  idempotencyKeyInvalid: 'L’en-tête Idempotency-Key doit compter de 1 à 255 caractères visibles (lettres, chiffres, signes).',
  idempotencyKeyReused: 'Cette clé Idempotency-Key a déjà servi pour une autre demande : utilisez une nouvelle clé pour chaque action.',
  idempotencyInProgress: 'Cette demande est déjà en cours de traitement. Réessayez dans un instant pour en voir le résultat.',
  idempotencyUnsupported:
    'Cette action ne peut pas être rejouée avec une clé Idempotency-Key : envoyez-la sans cet en-tête, puis vérifiez le résultat avant de recommencer.',
  boardUser: 'Espace membre : bienvenue dans votre espace EcoFoyer.',
  boardFreemium: 'Espace Freemium : vous profitez de toutes les fonctions gratuites d’EcoFoyer.',
  boardAssure: 'Espace Assuré : vos avantages de partenaire assureur sont actifs.',
  signinSlowDown: (seconds: number) =>
    `Trop d’essais de mot de passe sur ce compte. Par sécurité, réessayez dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`,
  passwordTooCommon:
    'Ce mot de passe fait partie des plus courants (ou n’en diffère que par des chiffres ou symboles à la fin) : choisissez-en un autre.',
  tooManyEmailChanges: 'Trop de changements d’adresse e-mail. Veuillez réessayer plus tard.',
  tooManyReauth: 'Trop d’essais du mot de passe actuel. Veuillez réessayer dans quelques minutes.',
  resetMailSubject: 'Réinitialisation de votre mot de passe EcoFoyer',
  emailConfirmMailSubject: 'Confirmez votre nouvelle adresse EcoFoyer',
  emailConfirmed: (email: string) => `Votre adresse e-mail est désormais ${email}. Utilisez-la pour vous connecter.`,
  accountDeletedMailSubject: 'Votre compte EcoFoyer a été supprimé',
  demoDeleteLocked: 'Un foyer de démonstration s’efface tout seul 24 h après sa création.',
  tooManyExports: 'Vous avez déjà téléchargé vos données plusieurs fois dans l’heure. Réessayez un peu plus tard.',
  credentialsMailSubject: 'Votre compte EcoFoyer a été modifié',
  imageUnreadable: 'Cette image est introuvable ou a expiré : envoyez-la de nouveau.',
  universeNotEmpty: 'Cet univers contient encore des appareils : déplacez-les ou supprimez-les avant de le supprimer.',
  refUniverseUnknown: 'Univers de référence inconnu.',
  universeUnknown: 'Univers introuvable.',
  applianceUnknown: 'Appareil introuvable.',
  fileMissing: 'Aucun fichier reçu.',
  fileTooLarge: 'Le fichier dépasse la taille maximale de 25 Mo.',
  imageTooManyPixels: 'Cette image est trop grande (plus de 40 mégapixels) : réduisez-la ou prenez une photo plus petite, puis réessayez.',
  ocrUnavailable: 'La lecture des photos n’est pas installée sur ce serveur : saisissez la marque et le modèle à la main.',
  imageReadTimeout: 'La lecture de la photo a pris trop de temps. Réessayez avec une photo plus nette et mieux cadrée sur la plaque.',
  fileNotInvoice: 'Format non accepté : la facture doit être un PDF, un JPEG ou un PNG.',
  fileNotManual: 'Format non accepté : la notice doit être un PDF.',
  fileLinkInvalid: 'Ce lien de fichier est invalide ou a expiré.',
  dataPartInvalid: 'Les informations de l’appareil sont illisibles.',
  dossierNotReady: 'Ce dossier n’est pas encore prêt.',
  dossierEmpty: 'Votre inventaire est vide : ajoutez un appareil avant de créer le dossier.',
  shareTooMany: 'Vous avez déjà 20 liens actifs : révoquez-en un avant d’en créer un autre.',
  shareTooManyReads: 'Ce lien a été ouvert trop de fois en peu de temps. Réessayez dans une minute.',
  jobTooLong: 'Ce document demandait trop de travail au serveur : il a été arrêté. Réessayez avec moins d’appareils à la fois.',
  jobTooLarge: 'Ce document demandait trop de mémoire au serveur : il a été arrêté. Réessayez avec moins d’appareils à la fois.',
  jobQueueFull: 'Le serveur prépare déjà beaucoup de documents. Réessayez dans une minute.',
  dossierInvoiceLeftOut: (maxMb: number) =>
    `Facture non jointe : une fois décompressée, elle dépasse ${maxMb} Mo. Joignez-la à part si elle est nécessaire.`,
  labelUnknown: 'Cette étiquette n’existe pas. Vérifiez le code ou scannez-la de nouveau.',
  labelRevoked: 'Cette étiquette a été révoquée : l’appareil a reçu une nouvelle étiquette, ou il a quitté l’inventaire.',
  labelOtherFoyer: 'Cet appareil appartient à un autre foyer : demandez à ses membres de vous inviter.',
  labelApplianceUnknown: 'Un des appareils choisis n’est pas dans votre inventaire.',
  labelNotCreated: 'Un des appareils choisis n’a pas encore d’étiquette : créez-la d’abord.',
  importNotCsv: 'Ce fichier ne se lit pas comme un tableau CSV. Enregistrez-le au format CSV (séparateur « ; » ou « , ») et réessayez.',
  importColumnsMissing: (missing: string) =>
    `Ce fichier n’a pas les colonnes d’un export EcoFoyer (ni celles d’un export Homebox) : il manque ${missing}.`,
  importTooManyRows: 'Ce fichier a plus de 10 000 lignes : découpez-le en plusieurs fichiers.',
  importTypeNotFound:
    'Type d’appareil introuvable : mettez-le dans le nom (par exemple « Lave-linge Bosch ») ou dans une étiquette, puis réimportez.',
  importUnknownType: (type: string) => `Type d’appareil inconnu : « ${type} ». Choisissez un type de la liste d’EcoFoyer.`,
  importBadDate: (column: string, value: string) => `${column} : « ${value} » n’est pas une date (attendu : 24/12/2026).`,
  eventUnknown: 'Événement introuvable.',
  maintenanceCardUnknown: 'Fiche d’entretien introuvable.',
  pushEndpointInvalid: 'Cet abonnement aux notifications n’est pas valide.',
  pushEndpointTaken: 'Cet abonnement aux notifications appartient à un autre compte.',
  calendarFeedInvalid: 'Ce lien de calendrier est invalide ou a été révoqué.',

  // product §8 — assistant
  assistantCallFailed: 'Une erreur est survenue lors de l’appel.',
  unsubscribeDone: 'C’est fait : vous ne recevrez plus de rappels par e-mail. Vous pouvez les réactiver depuis votre profil.',
  reminderMailWhy: 'Vous recevez ce message parce que les rappels par e-mail sont activés sur votre compte EcoFoyer.',
  reminderMailPreferences: 'Gérer mes notifications',
  reminderMailUnsubscribe: 'Ne plus recevoir ces e-mails',
  digestMailSubject: (count: string) => `Votre semaine d’entretien : ${count}`,
  digestMailIntro: (prenom: string) => `Bonjour ${prenom},\n\nVoici ce qui attend votre foyer cette semaine.`,
  // Product recalls (RappelConso)
  recallTitle: (libelle: string) => `Rappel produit : ${libelle}`,
  recallMessage: (appareil: string, risque: string, conduite: string, lien: string) =>
    `Votre appareil « ${appareil} » fait l’objet d’un rappel. Risque : ${risque} Que faire : ${conduite} Fiche RappelConso : ${lien}`,
  recallUnknown: 'Ce rappel n’existe pas dans votre foyer.',
  recallSeeSheet: 'Voir la fiche.',
  // The household (« Mon foyer »)
  foyerDefaultName: (prenom: string) => `Foyer de ${prenom}`,
  foyerOwnerOnly: 'Seul un propriétaire du foyer peut gérer ses membres.',
  foyerMemberUnknown: 'Cette personne n’est pas membre de votre foyer.',
  foyerLastOwner: 'Le foyer doit garder au moins un propriétaire : nommez-en un autre avant.',
  // A household nobody can take over: the person who holds it (its founder until they hand it over)
  foyerUnnamed: 'Foyer partagé',
  foyerHolderOnly: 'Seule la personne responsable du foyer peut faire cela.',
  foyerHolderStays: 'La personne responsable du foyer ne peut pas en être retirée. Elle seule peut le confier à quelqu’un d’autre.',
  foyerHolderProtected:
    'Le rôle de la personne responsable du foyer ne peut pas être changé. Elle seule peut confier le foyer à quelqu’un d’autre.',
  foyerHolderOwnRole: 'Vous êtes responsable du foyer : pour changer de rôle, confiez d’abord le foyer à un autre membre.',
  foyerHolderNamesOwners: 'Seule la personne responsable du foyer peut nommer un propriétaire.',
  foyerTransferSelf: 'Vous êtes déjà responsable de ce foyer.',
  foyerAloneLeave: 'Vous êtes seul dans ce foyer : il n’y a rien à quitter. Pour effacer vos données, supprimez votre compte.',
  foyerSuccessorUnknown: 'La personne choisie pour prendre le foyer n’en est pas membre.',
  foyerInvitationOtherAddress: (masked: string) =>
    `Cette invitation a été envoyée à ${masked}. Connectez-vous avec le compte de cette adresse pour l’accepter, ou demandez une invitation à votre propre adresse.`,
  foyerInvitationAwaiting: 'Cette invitation attend l’accord de la personne responsable du foyer.',
  foyerApprovalMailSubject: (nom: string) => `Une invitation à « ${nom} » attend votre accord`,
  foyerAlreadyMember: 'Cette personne fait déjà partie du foyer.',
  foyerInvitationUnknown: 'Invitation introuvable.',
  foyerTooManyInvitations: 'Trop d’invitations envoyées. Réessayez dans une heure.',
  foyerMergeShared:
    'Les données de votre foyer actuel sont partagées avec d’autres membres : elles ne peuvent pas être fusionnées. Choisissez de les garder à part.',
  foyerInviteMailSubject: (nom: string) => `Invitation à rejoindre « ${nom} » sur EcoFoyer`,
  eprelProductNotFound:
    'Produit introuvable dans la base européenne des étiquettes énergie (EPREL) : vérifiez le numéro, ou saisissez les informations à la main.',
  eanProductNotFound: 'Produit introuvable dans Open Products Facts : saisissez les informations à la main.',
  eprelUnavailable:
    'La base européenne des étiquettes énergie (EPREL) ne répond pas pour le moment : saisissez les informations à la main.',
  opfUnavailable: 'Open Products Facts ne répond pas pour le moment : saisissez les informations à la main.',
} as const;

/** product §5: the four password rules, in the order of the live checklist. */
export const PASSWORD_RULE_LABELS = {
  length: 'Au moins 8 caractères',
  case: 'Une majuscule et une minuscule',
  digit: 'Au moins un chiffre',
  special: 'Un caractère spécial parmi @$!%*?&',
} as const;
