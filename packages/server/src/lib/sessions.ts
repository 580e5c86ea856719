import type { Clock } from './clock.ts';

/** Beyond this many remembered sessions a map starts over (both are only shortcuts to the database). */
const MAX_REMEMBERED = 100_000;
/** Families are `gen_random_uuid`/`randomUUID` values: anything else never existed (and would be a SQL error on the uuid column). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the session an access token was issued for (its `sid`, a refresh-token family) is still
 * open, so that sign-out, a reset, a new password or a reused refresh token also end the access
 * tokens already handed out, not only the refresh tokens.
 *
 * `lookup` asks the database (AuthRepository.isFamilyActive): open while the family has a refresh
 * token not revoked. Expiry is deliberately not looked at: the access token's own `exp` already
 * bounds it, and a family's newest refresh token is issued with each access token and outlives it
 * by days (REFRESH_TOKEN_TTL_DAYS against ACCESS_TOKEN_TTL_SECONDS), so an access token still valid
 * always has an unexpired refresh token beside it; comparing dates would only tie the answer to
 * the clock.
 *
 * Per process: an open session is trusted for `cacheMs` (SESSION_CHECK_CACHE_MS, 0: ask every
 * time), which bounds how late another replica learns of a revocation; an ended one is final
 * (revocation is never undone: no route clears `revoked_at`) and `revoked()` records it here at
 * once, without a query. Concurrent checks of one session share one query.
 */
export class SessionChecker {
  /** sid → when the query that found it open was sent (clock ms). */
  private readonly open = new Map<string, number>();
  private readonly ended = new Set<string>();
  private readonly inFlight = new Map<string, Promise<boolean>>();

  constructor(
    private readonly lookup: (sid: string) => Promise<boolean>,
    private readonly clock: Clock,
    private readonly cacheMs: number,
  ) {}

  async isActive(sid: string): Promise<boolean> {
    if (this.ended.has(sid) || !UUID.test(sid)) return false;
    const checkedAt = this.open.get(sid);
    if (checkedAt !== undefined && this.clock.now().getTime() - checkedAt < this.cacheMs) return true;
    let check = this.inFlight.get(sid);
    if (!check) {
      check = this.ask(sid).finally(() => this.inFlight.delete(sid));
      this.inFlight.set(sid, check);
    }
    return check;
  }

  /** The families just revoked by this process: their access tokens are refused from now on. */
  revoked(sids: string | readonly string[]): void {
    for (const sid of typeof sids === 'string' ? [sids] : sids) {
      this.open.delete(sid);
      this.end(sid);
    }
  }

  private async ask(sid: string): Promise<boolean> {
    // Stamped before the query: a revocation committed while it runs is seen within cacheMs of it.
    const askedAt = this.clock.now().getTime();
    const active = await this.lookup(sid);
    // Revoked here while the query was in flight: the revocation wins.
    if (this.ended.has(sid)) return false;
    if (!active) this.end(sid);
    else if (this.cacheMs > 0) {
      if (this.open.size >= MAX_REMEMBERED) this.open.clear();
      this.open.set(sid, askedAt);
    }
    return active;
  }

  private end(sid: string) {
    if (this.ended.size >= MAX_REMEMBERED) this.ended.clear();
    this.ended.add(sid);
  }
}
