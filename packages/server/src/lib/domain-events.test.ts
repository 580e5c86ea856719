import { describe, expect, it } from 'vitest';
import { DomainEventBus } from './domain-events.ts';
import { asFoyerId, asUserId } from './ids.ts';

describe('domain events', () => {
  it('calls every reaction in the order they subscribed, and emit waits for them', async () => {
    const bus = new DomainEventBus();
    const seen: string[] = [];
    bus.on('appliance.added', async ({ foyerId }) => {
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(`badges ${foyerId}`);
    });
    bus.on('appliance.added', ({ foyerId }) => seen.push(`stats ${foyerId}`));
    bus.on('event.recorded', () => seen.push('other'));
    await bus.emit('appliance.added', { foyerId: asFoyerId(7), actorId: asUserId(7) });
    expect(seen).toEqual(['badges 7', 'stats 7']);
  });

  it('does nothing for an event nobody listens to', async () => {
    await expect(
      new DomainEventBus().emit('appliance.second-life', { foyerId: asFoyerId(1), actorId: asUserId(1) }),
    ).resolves.toBeUndefined();
  });
});
