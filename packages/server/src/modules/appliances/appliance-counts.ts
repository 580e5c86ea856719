import type { AppliancesRepository } from './appliances.repository.ts';

/**
 * How many appliances each universe holds: the one thing of the appliances module the universes
 * module needs (a universe's count, « not empty » before deleting it). Built before both services,
 * so universes no longer needs the appliances service, which itself needs universes: no import cycle.
 */
export class ApplianceCounts {
  constructor(private readonly repo: AppliancesRepository) {}

  byUniverse(foyerId: number): Promise<Map<number, number>> {
    return this.repo.countByUniverse(foyerId);
  }
}
