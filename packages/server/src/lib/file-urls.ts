import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock.ts';

const HOUR = 3600;

/**
 * Signed, expiring file URLs (API.md "Files"): an <img> loads them without a header, and a key
 * alone gives nothing. Expiry is rounded to the hour so a URL stays the same (and cacheable)
 * for a while.
 */
export class FileUrls {
  private readonly key: Buffer;
  constructor(
    secret: string,
    private readonly clock: Clock,
    private readonly ttlSeconds = 2 * HOUR,
  ) {
    this.key = createHmac('sha256', 'ecofoyer-files').update(secret).digest();
  }

  private signature(fileKey: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${fileKey}:${exp}`).digest('base64url');
  }

  sign(fileKey: string): string;
  sign(fileKey: string | null): string | null;
  sign(fileKey: string | null): string | null {
    if (!fileKey) return null;
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const exp = Math.ceil((now + this.ttlSeconds) / HOUR) * HOUR;
    return `/api/V1/files/${fileKey}?exp=${exp}&sig=${this.signature(fileKey, exp)}`;
  }

  verify(fileKey: string, exp: number, sig: string): boolean {
    if (!Number.isInteger(exp) || exp * 1000 < this.clock.now().getTime()) return false;
    const expected = Buffer.from(this.signature(fileKey, exp));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
