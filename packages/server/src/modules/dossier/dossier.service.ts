import type { JobRunner } from '../../lib/job-runner.ts';
import { asFoyerId, type FoyerId, type UserId } from '../../lib/ids.ts';
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  API_MSG,
  type Appliance,
  type Droits,
  type DossierAppliance,
  type DossierJob,
  type DossierShare,
  MSG,
  type SharedDossier,
  parisDay,
} from '@ecofoyer/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { DossierJobsTable, DossierSharesTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, conflict, notFound } from '../../lib/errors.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { HouseholdCache } from '../../lib/household-cache.ts';
import { type JobPool, ownBytes } from '../../lib/job-pool.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { CONTENT_TYPES, MAX_IMAGE_PIXELS } from '../../lib/uploads.ts';
import type { AppliancesService } from '../appliances/appliances.service.ts';
import type { FileService } from '../files/files.service.ts';
import type { FoyerService } from '../foyer/foyer.service.ts';
import type { RightsService } from '../rights/rights.service.ts';
import type { ClaimsService } from '../claims/claims.service.ts';
import type { DossierEvent, DossierJobInput, DossierRequest } from './dossier.job.ts';
import type { DossierRepository } from './dossier.repository.ts';
import { describeAppliance, describeClaim } from './dossier-describe.ts';
import { SHARE_FACTS, type ShareJobInput } from './dossier-share.job.ts';

const sharp = lazyModule(() => import('sharp').then((m) => m.default));

const HOUR = 60 * 60 * 1000;
/** A dossier's file is kept this long, then deleted (the hourly purge). */
const KEPT_MS = 24 * HOUR;
/** A dossier « en cours » whose process has not said it is alive for this long was interrupted (a restart). */
const STALE_MS = 2 * 60 * 1000;
const HEARTBEAT_MS = 30 * 1000;
/** Progress written at most every this many appliances (and at the end). */
const PROGRESS_EVERY = 20;
/** Active read-only links per household. */
const MAX_SHARES = 20;
/** The window of the anonymous reads' limits (RATE_LIMIT_SHARE_PER_LINK, RATE_LIMIT_SHARE_PER_IP). */
const SHARE_READ_WINDOW_MS = 60_000;
/** An invoice whose streams inflate past this is left out of the dossier (a « PDF bomb »: 600 KB that inflate to 150 MB). */
const MAX_INFLATED_BYTES = 50 * 2 ** 20;
/** A link's token: its id (12 random bytes) and the id's HMAC (32 characters), base64url, nothing else. */
const SHARE_TOKEN = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{32})$/;

type JobRow = Selectable<DossierJobsTable>;
/** The job runner's kind, and what it carries. */
const BUILD = 'dossier.build';
type BuildJob = { id: string; foyerId: FoyerId; withInvoices: boolean };
type ShareRow = Selectable<DossierSharesTable>;
interface Item {
  appliance: Appliance;
  pictKey: string | null;
  factureKey: string | null;
  rights: Droits;
}

/**
 * The « Dossier d'inventaire » — a PDF for an insurer or a move, built in the background
 * (its progress in the database, so any replica reports it and serves the file) — and the read-only
 * links that show the same content to someone without an account, never the owner's address.
 */
export class DossierService {
  /** The dossiers this process is building, said alive every 30 s; one at a time (2 cores: the API keeps the other). */
  private readonly live = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly repo: DossierRepository,
    private readonly deps: {
      appliances: AppliancesService;
      rights: RightsService;
      claims: Pick<ClaimsService, 'list'>;
      files: FileService;
      foyer: FoyerService;
      clock: Clock;
      log: FastifyBaseLogger;
      config: {
        appUrl: string;
        jwtSecret: string;
        jobs: { dossierTimeoutMs: number };
        rateLimits: { sharePerLink: number; sharePerIp: number };
      };
      jobs: JobPool;
      runner: JobRunner;
      /** A link's answer, kept until the household's data changes (else 10,000 appliances, 3.5 MB, are computed at each read). */
      shared: HouseholdCache;
      limiter: RateLimiter;
    },
  ) {
    deps.runner.define<BuildJob>(BUILD, { maxAttempts: 3, run: (job) => this.runBuild(job) });
  }

  private toJob(row: JobRow): DossierJob {
    const stale =
      row.status === 'en-cours' && this.deps.clock.now().getTime() - row.updated_at.getTime() > STALE_MS && !this.live.has(row.id);
    const statut = stale ? 'echec' : row.status;
    return {
      id: row.id,
      statut,
      fait: row.done,
      total: row.total,
      factures: row.with_invoices,
      taille: row.size,
      demandeLe: row.created_at.toISOString(),
      message: stale ? MSG.dossierInterrupted : statut === 'echec' ? MSG.dossierFailed : null,
    };
  }

  /** The household's appliances with their rights, and their files' keys. */
  private async items(foyerId: FoyerId): Promise<Item[]> {
    const listed = await this.deps.appliances.listWithFiles(foyerId);
    const rights = await this.deps.rights.forHousehold(
      foyerId,
      listed.map((l) => l.appliance),
    );
    return listed.map((l, i) => ({ ...l, rights: rights[i]!.rights }));
  }

  private describe(item: Item, links: { photo: string | null; facture: string | null }): DossierAppliance {
    return describeAppliance(item.appliance, item.rights, { photo: links.photo, facture: item.factureKey ? links.facture : null });
  }

  private async read(key: string): Promise<Buffer | null> {
    const file = await this.deps.files.open(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** An image from the store as a JPEG of at most `size` px (WebP and PNG too; EXIF rotation applied). */
  private async jpeg(key: string, size: number): Promise<Buffer | null> {
    const bytes = await this.read(key);
    if (!bytes) return null;
    return (await sharp())(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 72 })
      .toBuffer();
  }

  /** POST …/dossier: starts building the household's dossier, or gives the one already being built. */
  async start(foyerId: FoyerId, actorId: UserId, withInvoices: boolean): Promise<{ job: DossierJob; created: boolean }> {
    const now = this.deps.clock.now();
    const id = randomUUID();
    const running = await this.repo.locked(foyerId, async (repo, unit) => {
      const found = (await repo.jobs(foyerId, new Date(now.getTime() - KEPT_MS)))
        .map((r) => this.toJob(r))
        .find((j) => j.statut === 'en-cours');
      if (!found) {
        await repo.insertJob({
          id,
          foyer_id: foyerId,
          requested_by: actorId,
          status: 'en-cours',
          with_invoices: withInvoices,
          created_at: now,
          updated_at: now,
        });
        // Built by the job runner: by this process at once, or after a restart, by any replica.
        await this.deps.runner.enqueue<BuildJob>(BUILD, { id, foyerId, withInvoices }, { unit, maxAttempts: 3 });
      }
      return found;
    });
    if (running) return { job: running, created: false };
    return { job: this.toJob((await this.repo.job(foyerId, id))!), created: true };
  }

  /** Resolves once the dossiers asked so far are built (tests drive the runner; a started one runs them itself). */
  async idle(): Promise<void> {
    await this.deps.runner.drain();
    await this.queue;
  }

  /** The runner's job: one dossier at a time in a process (2 cores: the API keeps the other). */
  private runBuild({ id, foyerId, withInvoices }: BuildJob): Promise<void> {
    // Said alive from now on, while it waits behind another dossier of this process too.
    this.live.add(id);
    this.beat();
    const run = this.queue.then(async () => {
      // Asked again after a kill: built only if still waited for (not purged, not finished meanwhile).
      const row = await this.repo.job(foyerId, id);
      if (row?.status !== 'en-cours') {
        this.live.delete(id);
        return;
      }
      await this.build(id, foyerId, withInvoices);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private beat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      if (this.live.size === 0) {
        clearInterval(this.heartbeat!);
        this.heartbeat = null;
        return;
      }
      this.repo
        .touch([...this.live], this.deps.clock.now())
        .catch((err: unknown) => this.deps.log.warn({ err }, 'dossier heartbeat failed'));
    }, HEARTBEAT_MS).unref();
  }

  private async build(id: string, foyerId: FoyerId, withInvoices: boolean): Promise<void> {
    try {
      const items = await this.items(foyerId);
      const invoices = withInvoices ? items.filter((i) => i.factureKey) : [];
      const total = items.length + invoices.length;
      await this.repo.progress(id, 0, total, this.deps.clock.now());
      const progress = async (done: number) => {
        if (done % PROGRESS_EVERY === 0 || done === total) await this.repo.progress(id, done, total, this.deps.clock.now());
      };
      const images = invoices.filter((i) => i.appliance.facture_type !== 'application/pdf');
      const pdfs = invoices.filter((i) => i.appliance.facture_type === 'application/pdf');
      const input: DossierJobInput = {
        foyer: await this.deps.foyer.nameOf(foyerId),
        at: this.deps.clock.now(),
        entries: items.map((item) => ({
          ...this.describe(item, { photo: null, facture: item.factureKey ? 'annexe' : null }),
          hasPhoto: item.pictKey !== null,
        })),
        claims: await this.claimsInOrder(foyerId, items),
        appendix: images.map((i) => ({ title: `Facture — ${i.appliance.name}` })),
        invoices: pdfs.map((i) => ({ applianceId: i.appliance.id, title: `Facture — ${i.appliance.name}` })),
        maxInflatedBytes: MAX_INFLATED_BYTES,
      };
      // The layout and the merge run on the job pool's thread; the files it asks for are read (and the photos resized) here.
      const pdf = await this.deps.jobs.run<Buffer>('modules/dossier/dossier.job#dossierJob', input, {
        timeMs: this.deps.config.jobs.dossierTimeoutMs,
        answer: async (request: DossierRequest) => {
          const bytes =
            'photo' in request
              ? await this.jpeg(items[request.photo]!.pictKey!, 360).catch(() => null)
              : 'appendix' in request
                ? await this.jpeg(images[request.appendix]!.factureKey!, 1600).catch(() => null)
                : await this.read(pdfs[request.invoice]!.factureKey!);
          return { value: bytes };
        },
        onEvent: async (event: DossierEvent) => {
          if ('done' in event) await progress(event.done);
          else
            this.deps.log.warn(
              { dossier: id, appliance: event.leftOut, why: event.why, maxInflatedBytes: MAX_INFLATED_BYTES },
              'invoice not appended to the dossier',
            );
        },
      });
      const key = `dossiers/${foyerId}/${randomUUID()}.pdf`;
      await this.deps.files.fileStore.put(key, pdf);
      await this.repo.finish(id, { status: 'pret', file_key: key, size: pdf.length }, this.deps.clock.now());
    } catch (err) {
      this.deps.log.error({ err, dossier: id }, 'dossier failed');
      await this.repo.finish(id, { status: 'echec' }, this.deps.clock.now()).catch(() => undefined);
    } finally {
      this.live.delete(id);
    }
  }

  /** The household's claims about the appliances listed, in the list's order, each appliance's oldest first. */
  private async claimsInOrder(foyerId: FoyerId, items: Item[]) {
    const claims = (await this.deps.claims.list(foyerId)).toReversed();
    const order = new Map(items.map((item, i) => [item.appliance.id, i]));
    return claims
      .filter((c) => order.has(c.applianceId))
      .sort((a, b) => order.get(a.applianceId)! - order.get(b.applianceId)!)
      .map(describeClaim);
  }

  async job(foyerId: FoyerId, id: string): Promise<DossierJob> {
    const row = await this.repo.job(foyerId, id);
    if (!row) throw notFound(MSG.dossierUnknown, 'DOSSIER_UNKNOWN');
    return this.toJob(row);
  }

  async jobs(foyerId: FoyerId): Promise<DossierJob[]> {
    return (await this.repo.jobs(foyerId, new Date(this.deps.clock.now().getTime() - KEPT_MS))).map((r) => this.toJob(r));
  }

  /** GET …/dossier/{id}/fichier: the PDF, once built. */
  async file(foyerId: FoyerId, id: string) {
    const row = await this.repo.job(foyerId, id);
    if (!row) throw notFound(MSG.dossierUnknown, 'DOSSIER_UNKNOWN');
    if (row.status !== 'pret' || !row.file_key) throw conflict(API_MSG.dossierNotReady, 'DOSSIER_NOT_READY');
    const file = await this.deps.files.open(row.file_key);
    if (!file) throw notFound(MSG.dossierUnknown, 'DOSSIER_UNKNOWN');
    return { ...file, name: `ecofoyer-dossier-${parisDay(row.created_at)}.pdf` };
  }

  /** The hourly purge: dossiers older than a day, with their files. */
  async purge(): Promise<number> {
    const keys = await this.repo.takeOld(new Date(this.deps.clock.now().getTime() - KEPT_MS));
    await Promise.all(keys.map((k) => this.deps.files.remove(k)));
    return keys.length;
  }

  // Read-only links. The token is the link's id and an HMAC of it: nothing in the database opens
  // the dossier, and the owner can copy the link again from the profile.
  private signature(id: string): string {
    return createHmac('sha256', this.deps.config.jwtSecret).update(`dossier-share:${id}`).digest('base64url').slice(0, 32);
  }

  private toShare(row: ShareRow): DossierShare {
    return {
      id: row.id,
      lien: `${this.deps.config.appUrl}/partage/${row.id}.${this.signature(row.id)}`,
      jours: row.days,
      creeLe: row.created_at.toISOString(),
      expireLe: row.expires_at.toISOString(),
    };
  }

  async createShare(foyerId: FoyerId, actorId: UserId, days: 7 | 30): Promise<DossierShare> {
    const now = this.deps.clock.now();
    const id = randomBytes(12).toString('base64url');
    await this.repo.locked(foyerId, async (repo) => {
      if ((await repo.activeShares(foyerId, now)).length >= MAX_SHARES) throw conflict(API_MSG.shareTooMany, 'SHARE_TOO_MANY');
      await repo.insertShare({
        id,
        foyer_id: foyerId,
        created_by: actorId,
        days,
        created_at: now,
        expires_at: new Date(now.getTime() + days * 24 * HOUR),
        revoked_at: null,
      });
    });
    return this.toShare((await this.repo.share(id))!);
  }

  async shares(foyerId: FoyerId): Promise<DossierShare[]> {
    return (await this.repo.activeShares(foyerId, this.deps.clock.now())).map((r) => this.toShare(r));
  }

  async revokeShare(foyerId: FoyerId, id: string): Promise<void> {
    if (!(await this.repo.revokeShare(foyerId, id, this.deps.clock.now()))) throw notFound(MSG.shareUnknown, 'SHARE_UNKNOWN');
  }

  /** A member left the household, or was removed: the links they made stop at once (decision 021). */
  async memberLeft(foyerId: FoyerId, memberId: UserId, unit: UnitOfWork): Promise<void> {
    await this.repo.in(unit.tx).revokeSharesBy(foyerId, memberId, this.deps.clock.now());
  }

  /** The link behind a token: 404 when it is not one of ours, 410 when expired or revoked. */
  private async shareOf(token: string): Promise<ShareRow> {
    // Exactly `id.signature`: a token with anything after it is not the link that was given.
    const [, id, sig] = SHARE_TOKEN.exec(token) ?? [];
    if (!id || !sig || !timingSafeEqual(Buffer.from(sig), Buffer.from(this.signature(id))))
      throw notFound(MSG.shareUnknown, 'SHARE_UNKNOWN');
    const row = await this.repo.share(id);
    if (!row) throw notFound(MSG.shareUnknown, 'SHARE_UNKNOWN');
    if (row.revoked_at || row.expires_at <= this.deps.clock.now()) throw new HttpError(410, 'SHARE_EXPIRED', MSG.shareExpired);
    return row;
  }

  /** GET /api/V1/partages/{jeton}: the dossier's content, the files through the link itself. */
  /**
   * The link's answer as JSON bytes (a SharedDossier). Its inventory part is computed and serialised
   * once per change of the household (10,000 appliances: 3.5 MB, 1.4 s of the event loop at each
   * read before), for at most 10 minutes; the foyer's name and the date are added at each read.
   */
  async shared(token: string, ip: string): Promise<[Buffer, Buffer]> {
    // Read by anyone who has the link: limited per address before anything is read, then per link.
    const { limiter, config } = this.deps;
    await limiter.hit(
      [{ key: `share:ip:${ip}`, max: config.rateLimits.sharePerIp, windowMs: SHARE_READ_WINDOW_MS }],
      API_MSG.shareTooManyReads,
    );
    const share = await this.shareOf(token);
    await limiter.hit(
      [{ key: `share:link:${share.id}`, max: config.rateLimits.sharePerLink, windowMs: SHARE_READ_WINDOW_MS }],
      API_MSG.shareTooManyReads,
    );
    // Kept as bytes: the answer is sent again at each read until the household changes. Computed on
    // the job pool's thread from the inventory as JSON text (shareContentJob).
    const foyerId = asFoyerId(share.foyer_id);
    const content = await this.deps.shared.answer(foyerId, `partage ${share.id}`, async () => {
      const [inventory, inputs] = await Promise.all([
        this.deps.appliances.inventoryJson(foyerId, SHARE_FACTS),
        this.deps.rights.householdInputs(foyerId),
      ]);
      const bytes = ownBytes(inventory);
      const input: ShareJobInput = { inventory: bytes, ...inputs, base: `/api/V1/partages/${encodeURIComponent(token)}/appareils` };
      return this.deps.jobs.run<Buffer>('modules/dossier/dossier-share.job#shareContentJob', input, {
        timeMs: this.deps.config.jobs.dossierTimeoutMs,
        transfer: [bytes.buffer as ArrayBuffer],
      });
    });
    // Read each time: a rename does not move the household's data version.
    const head: Pick<SharedDossier, 'foyer' | 'etabliLe' | 'expireLe'> = {
      foyer: await this.deps.foyer.ownName(asFoyerId(share.foyer_id)),
      etabliLe: this.deps.clock.now().toISOString(),
      expireLe: share.expires_at.toISOString(),
    };
    // Two pieces, not one copy of 3.5 MB per read: the route writes them one after the other.
    return [Buffer.from(JSON.stringify(head).slice(0, -1)), content];
  }

  /** A photo or invoice of the shared household, while the link is valid. */
  async sharedFile(token: string, applianceId: number, what: 'photo' | 'facture') {
    const share = await this.shareOf(token);
    // One appliance read, not the inventory: a shared page of 500 photos asks 500 times.
    const keys = await this.deps.appliances.fileKeys(asFoyerId(share.foyer_id), applianceId);
    const key = what === 'photo' ? keys?.pictKey : keys?.factureKey;
    const file = key ? await this.deps.files.open(key) : null;
    if (!key || !file) throw notFound();
    return { ...file, type: CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream' };
  }
}
