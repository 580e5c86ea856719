import type { FoyerId, UserId } from './ids.ts';
/**
 * What happened in a household, told to whoever reacts to it: the badges count
 * it, without the modules that record it knowing about badges. Emitted after the change is
 * committed; `emit` waits for the reactions, so the answer to the request already reflects them (a
 * badge earned by the appliance just added is in the list the app asks for next). A reaction that
 * fails is the reaction's business: it logs and never fails the change that was made.
 */
export interface DomainEvents {
  /** An appliance joined the inventory. */
  'appliance.added': Happened;
  /** An appliance left it for a second life (given, sold, recycled). */
  'appliance.second-life': Happened;
  /** A maintenance or a breakdown was recorded, planned (one or a series) or marked done. */
  'event.recorded': Happened;
}

/** In which household and by which of its members (`actorId`: badges stay personal). */
export interface Happened {
  foyerId: FoyerId;
  actorId: UserId;
}

type Handler<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => Promise<unknown> | unknown;

export class DomainEventBus {
  private readonly handlers: { [K in keyof DomainEvents]?: Handler<K>[] } = {};

  on<K extends keyof DomainEvents>(name: K, handler: Handler<K>): void {
    const list = (this.handlers[name] ??= []) as Handler<K>[];
    list.push(handler);
  }

  async emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): Promise<void> {
    for (const handler of (this.handlers[name] ?? []) as Handler<K>[]) await handler(payload);
  }
}
