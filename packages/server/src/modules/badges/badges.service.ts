import type { FoyerId } from '../../lib/ids.ts';
import { type Badge, type BadgeToEarn, badgeHowTo, MSG, type PublicBadge } from '@ecofoyer/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { AppliancesService } from '../appliances/appliances.service.ts';
import type { EventsService } from '../events/events.service.ts';
import type { FoyerService } from '../foyer/foyer.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { BadgeJoined, BadgesRepository } from './badges.repository.ts';

const toDto = (row: BadgeJoined): Badge => ({
  id: row.id,
  dt_obtention: row.obtained_at.toISOString(),
  publicUuid: row.public_uuid,
  refbadge: { name: row.name, description: row.description, pict: row.pict },
  bonus: row.bonus_description ? { description: row.bonus_description, link: row.bonus_link } : null,
});

export class BadgesService {
  constructor(
    private readonly repo: BadgesRepository,
    private readonly deps: {
      appliances: AppliancesService;
      events: EventsService;
      notifications: NotificationsService;
      foyer: Pick<FoyerService, 'membership'>;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  /** The value each rule kind measures for a member: their household's data (`foyerId`), their own actions. */
  private async measures(userId: number, foyerId: FoyerId): Promise<(kind: string) => number> {
    const [counts, events, actions] = await Promise.all([
      this.deps.appliances.badgeCounts(foyerId),
      this.deps.events.stats(foyerId),
      this.repo.actionCounts(userId),
    ]);
    const values: Record<string, number> = {
      appliances: counts.inInventory,
      furnished_universe: counts.mostInOneUniverse,
      maintenance_done: events.done,
      maintenance_planned: events.planned,
      breakdowns: events.breakdowns,
      second_life: counts.secondLife,
    };
    return (kind) => (kind.startsWith('action:') ? (actions.get(kind.slice(7)) ?? 0) : (values[kind] ?? 0));
  }

  /**
   * Awards every badge whose rule the member now meets (each once) with its CHALLENGE notification:
   * badges are personal, earned by the member who acted, on their household's data
   * (`foyerId`, theirs when not given) — only the rules of what they did (`kinds`): planning a
   * maintenance in a foyer of ten appliances does not earn « Premier appareil ». Called after the
   * changes a rule counts; never fails the request that triggered it.
   */
  async evaluate(userId: number, foyerId?: FoyerId, kinds?: readonly string[]): Promise<Badge[]> {
    try {
      const household = foyerId ?? (await this.deps.foyer.membership(userId)).foyerId;
      const [refs, owned, measure] = await Promise.all([this.repo.refs(), this.repo.list(userId), this.measures(userId, household)]);
      const has = new Set(owned.map((b) => b.slug));
      const awarded: Badge[] = [];
      for (const ref of refs) {
        if (has.has(ref.slug) || (kinds && !kinds.includes(ref.rule_kind)) || measure(ref.rule_kind) < ref.rule_threshold) continue;
        const row = await this.repo.award(userId, ref.id, this.deps.clock.now());
        if (!row) continue;
        await this.deps.notifications.challenge(userId, `badge:${userId}:${ref.slug}`, `Nouveau badge : ${ref.name}`, ref.description);
        const badge = await this.repo.find(userId, row.id);
        if (badge) awarded.push(toDto(badge));
      }
      return awarded;
    } catch (err) {
      this.deps.log.error({ err, userId }, 'badge evaluation failed');
      return [];
    }
  }

  async recordAction(userId: number, action: string): Promise<Badge[]> {
    await this.repo.recordAction(userId, action, this.deps.clock.now());
    return this.evaluate(userId, undefined, [`action:${action}`]);
  }

  async list(userId: number): Promise<Badge[]> {
    return (await this.repo.list(userId)).map(toDto);
  }

  /** The badges the member has not earned yet, in the catalogue's order, with what earns them and the household's progress. */
  async toEarn(userId: number): Promise<BadgeToEarn[]> {
    const { foyerId } = await this.deps.foyer.membership(userId);
    const [refs, owned, measure] = await Promise.all([this.repo.refs(), this.repo.list(userId), this.measures(userId, foyerId)]);
    const has = new Set(owned.map((b) => b.slug));
    return refs
      .filter((ref) => !has.has(ref.slug))
      .map((ref) => ({
        slug: ref.slug,
        name: ref.name,
        pict: ref.pict,
        howTo: badgeHowTo(ref.rule_kind, ref.rule_threshold),
        progress: { current: Math.min(measure(ref.rule_kind), ref.rule_threshold), target: ref.rule_threshold },
      }));
  }

  async get(userId: number, id: number): Promise<Badge> {
    const row = await this.repo.find(userId, id);
    if (!row) throw notFound(MSG.badgeUnknown);
    return toDto(row);
  }

  /** The share page's data: the badge and the holder's first name only. */
  async publicBadge(uuid: string): Promise<PublicBadge> {
    const row = /^[0-9a-f-]{36}$/i.test(uuid) ? await this.repo.byPublicUuid(uuid) : undefined;
    if (!row) throw notFound(MSG.badgeUnknown);
    return {
      firstname: row.firstname,
      dt_obtention: row.obtained_at.toISOString(),
      refbadge: { name: row.name, description: row.description, pict: row.pict },
    };
  }
}
