import type { MaintenanceCard } from '@ecofoyer/contracts';
import type { MaintenanceRepository } from './maintenance.repository.ts';

/** Maintenance cards (reference content of the repo, read-only). */
export class MaintenanceService {
  constructor(private readonly repo: MaintenanceRepository) {}

  /** product §3: a product's cards, each with its steps in steporder and its products. */
  async cardsOfProduct(prodId: number): Promise<MaintenanceCard[]> {
    const cards = await this.repo.cardsOfProduct(prodId);
    const ids = cards.map((c) => c.id);
    const [steps, agents] = await Promise.all([this.repo.steps(ids), this.repo.agents(ids)]);
    return cards.map((c) => ({
      id: c.id,
      productId: c.prod_id,
      title: c.title,
      pict: c.pict,
      duration: c.duration,
      frequency: c.frequency,
      level: c.level,
      waitMinutes: c.wait_minutes,
      season: c.season_from && c.season_to ? { from: c.season_from, to: c.season_to, label: c.season_label ?? '' } : null,
      steplist: steps
        .filter((s) => s.card_id === c.id)
        .map((s) => ({ id: s.id, steporder: s.steporder, title: s.title, video: s.video, detail: s.detail })),
      agentlist: agents
        .filter((a) => a.card_id === c.id)
        .map((a) => ({ id: a.id, name: a.name, pict: a.pict, volume: a.volume, count: a.count })),
    }));
  }

  card(id: number) {
    return this.repo.card(id);
  }
}
