import type { FoyerId, UserId } from '../../lib/ids.ts';
import { API_MSG, parisDay, type Rappel } from '@ecofoyer/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobRunner } from '../../lib/job-runner.ts';
import { notFound } from '../../lib/errors.ts';
import type { FoyerService } from '../foyer/foyer.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { RappelConsoClient } from './rappelconso-client.ts';
import { RecallIndex } from './recall-matching.ts';
import type { RecallsRepository } from './recalls.repository.ts';

const DAY_MS = 86_400_000;
/** The first run reads the sheets of the last 30 days, not the whole history. */
const FIRST_RUN_DAYS = 30;
/** The job of the day's watch on the job runner. */
export const RECALL_JOB = 'recalls.watch';

/**
 * Product recall watch (decision 019): once a day of Paris, across replicas, the new RappelConso
 * sheets of the household-appliance and electrical categories are read and every sheet kept is
 * matched with every household's appliances; a new match notifies each member who looks after the
 * appliances (not a lecteur), as they chose, and shows on the appliance's page until handled.
 * The day's run is a job of the job runner (decision 028), keyed by the day: one per day whatever the
 * number of replicas; RappelConso unreachable or answering badly, it is retried after
 * RAPPELCONSO_RETRY_MINUTES, by this replica or another, until the day ends.
 */
export class RecallsService {
  constructor(
    private readonly repo: RecallsRepository,
    private readonly deps: {
      client: RappelConsoClient | null;
      notifications: Pick<NotificationsService, 'remindOnce'>;
      foyer: Pick<FoyerService, 'assignableIds'>;
      clock: Clock;
      log: FastifyBaseLogger;
      retryMs: number;
      runner: Pick<JobRunner, 'every'>;
    },
  ) {
    if (!deps.client) return;
    const retryMs = Math.max(60_000, deps.retryMs);
    deps.runner.every(RECALL_JOB, parisDay, {
      concurrency: 1,
      // Tried again every RAPPELCONSO_RETRY_MINUTES through the day, not beyond: the next day has its own run.
      maxAttempts: Math.ceil(DAY_MS / retryMs),
      backoffMs: () => retryMs,
      run: (_payload, { attempt }) => this.run(attempt),
    });
  }

  /**
   * The day's run (its job's attempt `attempt`): the sheets published since the last run that read
   * them, then every match. Throws when RappelConso cannot be read or a match is not recorded — the
   * runner tries again later; nothing is shown to anyone meanwhile, the sheets read so far are kept.
   * Returns the notifications it created (each delivered by `remindOnce`).
   */
  async run(attempt = 1): Promise<NotificationRow[]> {
    const now = this.deps.clock.now();
    const day = parisDay(now);
    await this.repo.start(day, now, attempt);
    let fetched = 0;
    let last: Date | null = null;
    try {
      const since = (await this.repo.lastPublication()) ?? new Date(now.getTime() - FIRST_RUN_DAYS * DAY_MS);
      for await (const sheets of this.deps.client!.sheetsSince(since)) {
        await this.repo.saveSheets(sheets, now);
        fetched += sheets.length;
        for (const s of sheets) if (!last || s.publishedAt > last) last = s.publishedAt;
      }
    } catch (err) {
      this.deps.log.warn({ err, origin: this.deps.client!.origin }, 'RappelConso unreachable, recall watch retried later');
      const message = (err as Error).message ?? String(err);
      await this.repo.fail(day, this.deps.clock.now(), message);
      throw new Error(`RappelConso: ${message}`);
    }
    const { created, failures } = await this.matchAll(now);
    if (failures > 0) {
      await this.repo.fail(day, this.deps.clock.now(), `${failures} match(es) not recorded`);
      throw new Error(`${failures} recall match(es) not recorded`);
    }
    await this.repo.finish(day, this.deps.clock.now(), fetched, last ?? (await this.repo.lastPublication()));
    return created;
  }

  /**
   * Every sheet kept against every appliance (an appliance added today meets last month's sheets);
   * a pair not seen before is notified, then recorded. Notifications first: their keys make them
   * once, so a run stopped in between notifies no one twice, and the next records the match.
   */
  private async matchAll(now: Date): Promise<{ created: NotificationRow[]; failures: number }> {
    const [sheets, candidates, seen] = await Promise.all([this.repo.sheets(), this.repo.candidates(), this.repo.matchedPairs()]);
    const index = new RecallIndex(
      sheets.map((s) => ({ id: s.sheet_id, brand: s.brand, models: s.models, gtins: s.gtins.split(' ').filter(Boolean) })),
    );
    const byId = new Map(sheets.map((s) => [s.sheet_id, s]));
    const created: NotificationRow[] = [];
    const members = new Map<number, number[]>();
    let failures = 0;
    for (const appliance of candidates) {
      for (const sheetId of index.sheetsFor(appliance)) {
        if (seen.has(`${appliance.id}:${sheetId}`)) continue;
        const sheet = byId.get(sheetId)!;
        try {
          if (!members.has(appliance.foyer_id)) members.set(appliance.foyer_id, await this.deps.foyer.assignableIds(appliance.foyer_id));
          const title = API_MSG.recallTitle(sheet.title);
          const message = API_MSG.recallMessage(appliance.name, sheet.risk, sheet.what_to_do, sheet.link);
          for (const member of members.get(appliance.foyer_id)!) {
            const row = await this.deps.notifications.remindOnce(
              member,
              'RAPPEL',
              `rappel:${member}:${appliance.id}:${sheetId}`,
              title,
              message,
              appliance.id,
            );
            if (row) created.push(row);
          }
          await this.repo.insertMatch({
            foyer_id: appliance.foyer_id,
            appliance_id: appliance.id,
            sheet_id: sheetId,
            title: sheet.title,
            risk: sheet.risk,
            what_to_do: sheet.what_to_do,
            link: sheet.link,
            published_at: sheet.published_at,
            matched_at: now,
          });
        } catch (err) {
          // An appliance deleted meanwhile, a database hiccup: the others go on, the run is retried.
          this.deps.log.error({ err, applianceId: appliance.id, sheetId }, 'recall match not recorded');
          failures += 1;
        }
      }
    }
    return { created, failures };
  }

  /** GET …/rappels: the household's open recalls, or one appliance's. */
  async list(foyerId: FoyerId, applianceId?: number): Promise<Rappel[]> {
    return (await this.repo.open(foyerId, applianceId)).map((r) => ({
      id: r.id,
      applianceId: r.appliance_id,
      applianceName: r.appliance_name,
      titre: r.title,
      risque: r.risk,
      conduite: r.what_to_do,
      lien: r.link,
      publieLe: r.published_at.toISOString(),
    }));
  }

  /** POST …/rappels/{id}/traite: the banner goes for the whole household (done again: no change). */
  async handle(foyerId: FoyerId, memberId: UserId, id: number): Promise<void> {
    if (!(await this.repo.exists(foyerId, id))) throw notFound(API_MSG.recallUnknown);
    await this.repo.markHandled(foyerId, id, memberId, this.deps.clock.now());
  }
}
