import { describe, expect, it } from 'vitest';
import { asUserId } from './ids.ts';
import { AccessTokens } from './access-token.ts';
import { ManualClock } from './clock.ts';

const SECRET = 'unit-secret-unit-secret-unit-secret-0042';

describe('access tokens (HS256, remembered once verified)', () => {
  it('answers the same claims for a token used again, and « expired » once its time is up', async () => {
    const clock = new ManualClock('2026-11-26T10:00:00.000Z');
    const tokens = new AccessTokens(SECRET, 900, clock);
    const token = await tokens.sign({ userId: asUserId(4), roles: ['ROLE_FREEMIUM'], sid: 'fam-1' });
    expect(await tokens.verify(token)).toEqual({ userId: 4, roles: ['ROLE_FREEMIUM'], sid: 'fam-1' });
    expect(await tokens.verify(token)).toEqual({ userId: 4, roles: ['ROLE_FREEMIUM'], sid: 'fam-1' });
    clock.advance(899_000);
    expect(await tokens.verify(token)).toEqual({ userId: 4, roles: ['ROLE_FREEMIUM'], sid: 'fam-1' });
    clock.advance(1_000);
    expect(await tokens.verify(token)).toBe('expired');
    expect(await tokens.verify(token)).toBe('expired');
  });

  it('refuses a token changed by one character or signed with another secret, even once the real one is remembered', async () => {
    const clock = new ManualClock('2026-11-26T10:00:00.000Z');
    const tokens = new AccessTokens(SECRET, 900, clock);
    const token = await tokens.sign({ userId: asUserId(4), roles: ['ROLE_FREEMIUM'] });
    expect(await tokens.verify(token)).toMatchObject({ userId: 4 });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherUser = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '5' })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${otherUser}.${signature}`)).toBe('invalid');
    expect(await tokens.verify(`${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`)).toBe('invalid');
    const forged = await new AccessTokens('another-secret-another-secret-another-1', 900, clock).sign({
      userId: asUserId(4),
      roles: ['ROLE_ADMIN'],
    });
    expect(await tokens.verify(forged)).toBe('invalid');
  });

  it('does not remember a token that expired before it was first seen', async () => {
    const clock = new ManualClock('2026-11-26T10:00:00.000Z');
    const tokens = new AccessTokens(SECRET, 60, clock);
    const token = await tokens.sign({ userId: asUserId(4), roles: [] });
    clock.advance(60_000);
    expect(await tokens.verify(token)).toBe('expired');
    clock.set('2026-11-26T10:00:30.000Z');
    expect(await tokens.verify(token)).toEqual({ userId: 4, roles: [] });
  });
});
