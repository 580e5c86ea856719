/**
 * What the app says about the changes made offline (decision 031): kept on the device, sent when the
 * network is back, and — when the server refuses one meanwhile — kept with what happened and what the
 * user can do, never lost.
 */
export const QUEUE_TEXTS = {
  /** A change kept on the device, not yet on the server. */
  pending: 'En attente d’envoi',
  /** Said once the change is kept on the device. */
  queued: 'Enregistré sur cet appareil\u00a0: ce sera envoyé au retour du réseau.',
  /** The list of the changes the server refused. */
  refusedTitle: 'Modifications non envoyées',
  refusedIntro: 'Ces modifications faites hors connexion n’ont pas pu être enregistrées. Ce que vous aviez saisi est conservé ici.',
  copyNote: 'Copier la note',
  copied: 'Note copiée',
  recreate: 'Recréer',
  discard: 'Abandonner',
  keep: 'Garder',
  discardConfirm: 'Abandonner cette modification\u00a0? Ce que vous aviez saisi sera perdu.',
  show: 'Voir',
} as const;

/** « 2 modifications en attente d’envoi ». */
export function pendingCountFr(count: number): string {
  return count > 1 ? `${count} modifications en attente d’envoi` : '1 modification en attente d’envoi';
}

/** « 1 modification non envoyée ». */
export function refusedCountFr(count: number): string {
  return count > 1 ? `${count} modifications non envoyées` : '1 modification non envoyée';
}

/**
 * Why the server did not take a change replayed from the device, and what the user can do (the
 * answer's status: 404 gone meanwhile, 409 done by another member, 403 a role that may not, 400 and
 * 422 refused with the server's own words).
 */
export function refusalFr(status: number, serverMessage?: string): { what: string; todo: string } {
  if (status === 404)
    return {
      what: 'L’appareil ou l’entretien a été supprimé entre-temps par un membre du foyer.',
      todo: 'Copiez votre note pour la garder, recréez-la sur une nouvelle entrée ou abandonnez la modification.',
    };
  if (status === 409)
    return {
      what: 'Un autre membre du foyer l’a déjà fait ou modifié entre-temps.',
      todo: 'Vérifiez la fiche de l’appareil, puis recréez la modification si elle manque ou abandonnez-la.',
    };
  if (status === 403)
    return {
      what: 'Votre rôle dans le foyer ne permet pas cette modification (lecture seule).',
      todo: 'Copiez votre note et demandez à un membre du foyer qui peut modifier de l’enregistrer, ou abandonnez-la.',
    };
  return {
    what: serverMessage ? `Le serveur l’a refusée\u00a0: ${serverMessage}` : 'Le serveur l’a refusée.',
    todo: 'Copiez votre note, corrigez-la puis recréez la modification, ou abandonnez-la.',
  };
}
