import { describe, expect, it } from 'vitest';
import { DomainEventBus } from './domain-events.ts';

describe('domain events', () => {
  it('calls every reaction in the order they subscribed, and emit waits for them', async () => {
    const bus = new DomainEventBus();
    const seen: string[] = [];
    bus.on('appliance.added', async ({ userId }) => {
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(`badges ${userId}`);
    });
    bus.on('appliance.added', ({ userId }) => seen.push(`stats ${userId}`));
    bus.on('event.recorded', () => seen.push('other'));
    await bus.emit('appliance.added', { userId: 7, actorId: 7 });
    expect(seen).toEqual(['badges 7', 'stats 7']);
  });

  it('does nothing for an event nobody listens to', async () => {
    await expect(new DomainEventBus().emit('appliance.second-life', { userId: 1, actorId: 1 })).resolves.toBeUndefined();
  });
});
