/**
 * What the app says about reading offline (decision 030): the banner, a page never opened with a
 * connection, and the actions that need the network. Apart from MSG: the login page's first bundle
 * does not carry them (JS budgets, decision 006).
 */
export const OFFLINE_TEXTS = {
  /** The shell's discreet banner, while the network is down. */
  bannerTitle: 'Hors ligne',
  banner: 'Vous consultez ce qui est enregistré sur cet appareil : certaines informations peuvent ne pas être à jour.',
  /** A page (or its data) that was never opened with a connection on this device. */
  neverOpened:
    'Cette page n’a pas encore été ouverte avec une connexion sur cet appareil : elle n’est pas disponible hors ligne. Elle s’affichera au retour du réseau.',
  /** A change, an upload or a request to a service, made offline. */
  actionNeedsNetwork: 'Indisponible hors connexion : cette action a besoin du réseau. Réessayez une fois connecté.',
  /** The assistant beyond its emergency texts (which are in the app and always show). */
  assistant:
    'Indisponible hors connexion : l’assistant a besoin du réseau pour chercher une fiche. Les consignes d’urgence, elles, s’affichent toujours.',
} as const;

/** « Indisponible hors connexion : … » for an action that needs the network (`what`: « l’import CSV »). */
export function unavailableOfflineFr(what: string): string {
  return `Indisponible hors connexion : ${what}.`;
}
