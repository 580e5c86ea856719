import { describe, expect, it } from 'vitest';
import type { AppliancesService } from '../modules/appliances/appliances.service.ts';
import type { EventsService } from '../modules/events/events.service.ts';
import { asFoyerId, asUserId, type FoyerId, type UserId } from './ids.ts';

const household = (id: FoyerId) => id;

/** Never called: what matters is that the type checker refuses each line marked, or `tsc` fails on an unused directive. */
export function refusedByTheTypeChecker(appliances: AppliancesService, events: EventsService, member: UserId, foyer: FoyerId) {
  // @ts-expect-error a member's id (the token's) is not their household's key
  void appliances.list(member);
  // @ts-expect-error nor is a bare number: a household key comes from the access check or a membership
  void appliances.list(42);
  const input = {
    title: 'x',
    dt_realisation: new Date(),
    note: null,
    applianceId: null,
    maintenanceCardId: null,
    type: 'MAINTENANCE' as const,
  };
  // @ts-expect-error the event's author is a person, not the household
  void events.create(foyer, input, foyer);
  // @ts-expect-error and the other way round
  const person: UserId = foyer;
  return person;
}

describe('household keys and people ids', () => {
  it('are still numbers for SQL, JSON and arithmetic', () => {
    const foyer = asFoyerId(7);
    expect(household(foyer) + 1).toBe(8);
    expect(JSON.stringify({ foyer, member: asUserId(3) })).toBe('{"foyer":7,"member":3}');
  });
});
