import { sessionStore } from '../src/lib/session.ts';

/** The answer of POST /signin for Camille (component tests). */
export const SIGNED_IN = {
  id: 4,
  username: 'camille@example.fr',
  email: 'camille@example.fr',
  firstname: 'Camille',
  lastname: 'Durand',
  roles: ['ROLE_FREEMIUM'],
  accessToken: 'a',
  refreshToken: 'r',
  tokenType: 'Bearer',
  loginCount: 5,
  deviceToken: 'd',
};

/** A signed-in session in this page's storage, as after a sign-in (component tests). */
export function signedIn(id = 4) {
  sessionStore.start({ ...SIGNED_IN, id, loginCount: 3 } as never, false);
}
