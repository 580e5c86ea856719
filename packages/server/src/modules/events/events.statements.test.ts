import { asFoyerId } from '../../lib/ids.ts';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { DomainEventBus } from '../../lib/domain-events.ts';
import { EventsRepository } from './events.repository.ts';
import { EventsService } from './events.service.ts';

/**
 * The events list sends a constant number of statements whatever the number of recurring
 * series to extend (it sent one more per series). The service runs on the real database through a
 * Kysely plugin that counts the statements.
 */
let t: TestApp;
let statements = 0;
const counter: KyselyPlugin = {
  transformQuery: (args) => {
    statements += 1;
    return args.node;
  },
  transformResult: async (args) => args.result,
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-24T08:00:00Z');
});
afterAll(async () => {
  await t.app.close();
});

async function household(email: string, series: number) {
  const user = await signedInUser(t, email);
  for (let i = 0; i < series; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/V1/profils/users/${user.id}/events/period`,
      headers: user.headers,
      payload: { title: `Tâche ${i + 1}`, dt_realisation: '2026-11-30T08:00:00Z', frequency: 'monthly' },
    });
    expect(res.statusCode).toBe(201);
  }
  return user;
}

const countedService = () => {
  const s = t.app.services;
  return new EventsService(new EventsRepository(t.db.withPlugin(counter)), {
    appliances: s.appliances,
    maintenance: s.maintenance,
    foyer: s.foyer,
    bus: new DomainEventBus(),
    clock: t.clock,
    config: t.config,
  });
};

async function statementsOfList(userId: number, service = countedService()) {
  statements = 0;
  const list = await service.list(asFoyerId(userId));
  return { statements, list };
}

describe('events list statements', () => {
  it('extends 1 or 200 monthly series two months on with the same number of statements', async () => {
    const one = await household('une-serie@exemple.fr', 1);
    const many = await household('deux-cents-series@exemple.fr', 200);
    t.clock.set('2027-01-25T08:00:00Z');
    const small = await statementsOfList(one.id);
    const large = await statementsOfList(many.id);
    expect(large.statements).toBe(small.statements);
    // The household's data version, the series due, their last rows, one insert, the list.
    expect(large.statements).toBeLessThanOrEqual(5);
    // Each series now reaches 12 months after 25 January 2027: the 30th of each month from November 2026
    // to December 2027, 14 occurrences (13 at creation).
    expect(small.list).toHaveLength(14);
    expect(large.list).toHaveLength(200 * 14);
    // Done again by another server, nothing left to extend: the version, the series check and the list.
    const service = countedService();
    expect((await statementsOfList(many.id, service)).statements).toBe(3);
    // Then, the household unchanged the same day, the series are not checked again: the version and the list.
    expect((await statementsOfList(many.id, service)).statements).toBe(2);
    t.clock.set('2027-01-26T08:00:00Z');
    expect((await statementsOfList(many.id, service)).statements).toBe(3);
  }, 120_000);
});
