/**
 * Politique de confidentialité d'EcoFoyer : ce qui est conservé, pourquoi, combien de
 * temps, et comment exercer ses droits dans l'application. Les durées sont celles que le serveur
 * applique (purge horaire, durées des liens et des sessions) : les changer ici et là ensemble.
 */

import type { LegalInfo } from '@ecofoyer/contracts';
import { editorWords, type LegalSection } from './cgu-content';

export const PRIVACY_UPDATED_AT = '2026-11-28';

export function privacySections(e: LegalInfo): LegalSection[] {
  const { who, reach, reachable } = editorWords(e);
  return [
    {
      id: 'responsable',
      title: 'Qui est responsable de vos données',
      paragraphs: [
        `Cette instance d’EcoFoyer est exploitée par ${who}, ${reachable}. C’est le responsable du traitement de vos données au sens du RGPD.`,
        'EcoFoyer ne vend pas vos données, n’affiche pas de publicité et n’utilise aucun traceur.',
      ],
    },
    {
      id: 'donnees',
      title: 'Ce que nous conservons, et pourquoi',
      paragraphs: [
        'Votre compte : prénom, nom, adresse e-mail, et votre mot de passe sous forme d’empreinte argon2id (personne ne peut le lire). L’adresse postale et le téléphone seulement si vous les indiquez : l’adresse centre la carte des réparateurs. But : vous identifier et vous fournir le service (exécution du contrat).',
        'Votre foyer : univers, appareils (marque, modèle, dates), leurs photos, factures et notices. But : l’inventaire, l’entretien, les droits et l’impact carbone de vos appareils.',
        'Votre calendrier d’entretien, vos rappels, vos notifications et vos badges. But : vous rappeler les entretiens et suivre vos progrès.',
        'Les abonnements aux notifications push, si vous les activez : l’adresse technique fournie par votre navigateur. But : vous envoyer les rappels (consentement, retirable à tout moment).',
        'Vos appareils connectés : pour chaque session, le type d’appareil et de navigateur, l’adresse IP et les dates de connexion et de dernière activité. But : vous les montrer dans « Mes appareils connectés » et vous permettre de les déconnecter (sécurité).',
        'Le journal de sécurité : connexions, échecs de connexion, changements de mot de passe ou d’adresse, suppressions, avec la date et l’adresse IP. But : détecter et prouver un usage frauduleux de votre compte (intérêt légitime).',
        'Les e-mails que le service vous envoie (lien de réinitialisation, confirmation d’adresse, alertes de sécurité), le temps de les acheminer.',
        'Les messages envoyés à l’assistant de réparation ne sont pas conservés, sauf les diagnostics que vous choisissez d’enregistrer dans le calendrier.',
      ],
    },
    {
      id: 'durees',
      title: 'Combien de temps',
      paragraphs: [
        'Votre compte et votre foyer : tant que vous gardez votre compte. « Supprimer mon compte » efface aussitôt votre compte et tout ce qui est à vous, photos et documents compris. Un foyer que vous partagez avec d’autres membres leur reste, avec ses appareils, sauf si vous choisissez de l’effacer aussi.',
        'Sessions : une connexion dure 90 jours au plus, même si vous l’utilisez chaque jour ; une session terminée est effacée le lendemain. Un appareil inconnu depuis 400 jours est oublié.',
        'Liens envoyés par e-mail : un lien de réinitialisation du mot de passe vaut 1 heure, un lien de confirmation d’adresse 24 heures ; chacun ne sert qu’une fois et est effacé le lendemain de son expiration.',
        'Échecs de connexion : effacés au bout de 24 heures. Journal de sécurité : 1 an, puis effacé ; à la suppression d’un compte, ses lignes perdent tout ce qui vous désigne (compte, adresse IP, détails).',
        'E-mails envoyés : effacés 30 jours après leur envoi ; ceux d’un compte supprimé, avec lui, et le message qui confirme la suppression dès qu’il est parti. Photos envoyées pour une recherche par image : 24 heures.',
        'Foyer de démonstration (bouton « Démo ») : effacé 24 heures après sa création.',
        'Une copie de sauvegarde du serveur peut garder vos données quelques jours de plus, le temps de sa rotation, si l’éditeur en fait.',
      ],
    },
    {
      id: 'droits',
      title: 'Vos droits, et comment les exercer dans l’application',
      paragraphs: [
        'Accès et portabilité : dans votre profil, « Télécharger mes données » vous donne un fichier .zip avec toutes les données de votre compte (au format JSON, lisible par une autre application) et tous vos fichiers.',
        'Rectification : dans votre profil, chaque information se modifie avec son crayon. Une nouvelle adresse e-mail est confirmée par un lien avant d’être utilisée.',
        'Effacement : dans votre profil, « Supprimer mon compte » efface votre compte et toutes ses données ; un e-mail vous le confirme. Si vous êtes responsable d’un foyer partagé, vous choisissez de le laisser aux autres membres ou de l’effacer aussi. Quitter un foyer met fin à vos liens de partage et à votre adresse de calendrier.',
        'Retrait du consentement : désactivez les notifications push dans les notifications ou votre navigateur ; révoquez le lien de votre calendrier ou d’un badge partagé depuis l’application.',
        'Sécurité : « Mes appareils connectés » dans votre profil montre chaque session et permet de la terminer.',
        `Pour toute autre demande (opposition, limitation, question), écrivez à ${reach}. Une réponse vous est due dans un délai d’un mois.`,
        'Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL : https://www.cnil.fr/fr/plaintes.',
      ],
    },
    {
      id: 'destinataires',
      title: 'Qui d’autre voit vos données',
      paragraphs: [
        'Personne d’autre que l’éditeur et son hébergeur. Vos fichiers restent derrière des liens signés qui expirent.',
        'Seuls quittent le serveur : les e-mails que le service vous envoie (par son prestataire d’envoi), les rappels push (par le service de notification de votre navigateur), et, si l’éditeur en configure un, le texte envoyé à un service d’intelligence artificielle pour rédiger les réponses de l’assistant ou lire une photo de plaque signalétique.',
        'La carte de l’ADEME et le module de prise de rendez-vous intégrés à l’application sont des services tiers, avec leurs propres règles.',
      ],
    },
  ];
}
