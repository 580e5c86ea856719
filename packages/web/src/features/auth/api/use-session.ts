import { useSyncExternalStore } from 'react';
import { type Session, sessionStore } from '../../../lib/session.ts';

/** The signed-in user (with tokens), or null. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => null);
}
