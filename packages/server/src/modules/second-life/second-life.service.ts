import type { FoyerId, UserId } from '../../lib/ids.ts';
import type { SecondLifeItem, SecondLifeOutcome } from '@ecofoyer/contracts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppliancesService } from '../appliances/appliances.service.ts';
import type { EventsService } from '../events/events.service.ts';

/** Second life: a device given, sold or recycled leaves the inventory for the history. */
export class SecondLifeService {
  constructor(private readonly deps: { db: Db; appliances: AppliancesService; events: EventsService }) {}

  /**
   * The device moves to the history and its planned maintenance goes, in one transaction: a
   * failure leaves it in the inventory with its plans, never half moved.
   */
  give(foyerId: FoyerId, applianceId: number, outcome: SecondLifeOutcome, actorId: UserId): Promise<SecondLifeItem> {
    return inTransaction(this.deps.db, async (unit) => {
      const item = await this.deps.appliances.markSecondLife(foyerId, applianceId, outcome, actorId, unit);
      await this.deps.events.cancelPendingForAppliance(foyerId, applianceId, unit);
      return item;
    });
  }

  history(foyerId: FoyerId): Promise<SecondLifeItem[]> {
    return this.deps.appliances.history(foyerId);
  }
}
