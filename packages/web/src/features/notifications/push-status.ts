import { ApiError } from '../../lib/api-client.ts';

/** Whether this device gets the reminders by push (the state is shown, in French). */
export type PushState = 'on' | 'off' | 'blocked' | 'unsupported';
/** What a click on « Activer les notifications » gave. */
export type PushOutcome = { kind: 'granted' } | { kind: 'denied' } | { kind: 'unsupported' } | { kind: 'failed'; detail?: string };

export const PUSH_STATE_FR: Record<PushState, string> = {
  on: 'activées',
  off: 'désactivées',
  blocked: 'bloquées dans le navigateur',
  unsupported: 'non disponibles dans ce navigateur',
};

export const PUSH_OUTCOME_FR: Record<PushOutcome['kind'], string> = {
  granted: 'Les notifications sont activées sur cet appareil : vos rappels d’entretien arriveront même quand l’application est fermée.',
  denied:
    'Les notifications sont bloquées pour EcoFoyer dans ce navigateur. Pour les recevoir, autorisez-les dans les réglages du site (le cadenas à gauche de l’adresse), puis réessayez.',
  unsupported:
    'Ce navigateur ne permet pas les notifications. Sur iPhone, ajoutez d’abord EcoFoyer à l’écran d’accueil (Partager → Sur l’écran d’accueil) et ouvrez-le depuis là.',
  failed: 'L’activation des notifications a échoué. Vérifiez votre connexion puis réessayez.',
};

/** The French message of an outcome: a server refusal keeps its own French message. */
export const pushOutcomeMessage = (o: PushOutcome) => (o.kind === 'failed' && o.detail ? o.detail : PUSH_OUTCOME_FR[o.kind]);

/**
 * The outcome of an error thrown while subscribing. The browser's own messages are English
 * (« Registration failed - permission denied ») and never shown: a refusal is « denied », anything
 * else « failed »; our server's refusals are French already.
 */
export function outcomeOfError(error: unknown): PushOutcome {
  if (error instanceof DOMException && error.name === 'NotAllowedError') return { kind: 'denied' };
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return { kind: 'failed', detail: error.message };
  return { kind: 'failed' };
}

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** This device's state: permission, then whether the service worker holds a subscription. */
export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (window.Notification.permission === 'denied') return 'blocked';
  if (window.Notification.permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}
