/**
 * An invitation opened before signing in: its link is kept in this browser until the
 * user has signed in (or created their account, confirmed it and signed in), then the app takes
 * them back to it. The token expires on the server after 7 days; a spent one says so on its page.
 */
const KEY = 'ecofoyer.invitation';

export const pendingInvitation = {
  keep(token: string): void {
    localStorage.setItem(KEY, token);
  },
  /** The invitation's token, if one waits (the sign-up form starts with its address). */
  token(): string | null {
    return localStorage.getItem(KEY);
  },
  /** The page to go to after signing in, if an invitation waits. */
  path(): string | null {
    const token = localStorage.getItem(KEY);
    return token ? `/invitation?token=${encodeURIComponent(token)}` : null;
  },
  clear(): void {
    localStorage.removeItem(KEY);
  },
};
