import { sessionStore } from '../src/lib/session.ts';

/** A signed-in session in this page's storage, as after a sign-in (component tests). */
export function signedIn(id = 4) {
  sessionStore.start(
    {
      id,
      username: 'camille@example.fr',
      email: 'camille@example.fr',
      firstname: 'Camille',
      lastname: 'Durand',
      roles: ['ROLE_FREEMIUM'],
      accessToken: 'a',
      refreshToken: 'r',
      tokenType: 'Bearer',
      loginCount: 3,
      deviceToken: 'd',
    } as never,
    false,
  );
}
