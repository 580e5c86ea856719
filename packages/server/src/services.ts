import type { JobRunner } from './lib/job-runner.ts';
import { asUserId } from './lib/ids.ts';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';
import { BADGE_KINDS } from './modules/badges/badge-kinds.ts';
import type { Clock } from './lib/clock.ts';
import { type FileStore, LocalFileStore } from './lib/file-store.ts';
import { S3FileStore } from './lib/s3-file-store.ts';
import { ChatCompletions } from './lib/chat-completions.ts';
import { FileUrls } from './lib/file-urls.ts';
import { referenceProducts } from './db/reference.ts';
import { AssistantService } from './modules/assistant/assistant.service.ts';
import { FaultIndex } from './modules/assistant/fault-index.ts';
import { loadKnowledgeBase } from './modules/assistant/knowledge-base.ts';
import { AiService } from './modules/ai/ai.service.ts';
import { SmartfixService } from './modules/smartfix/smartfix.service.ts';
import { AuditRepository } from './modules/audit/audit.repository.ts';
import { AuditService } from './modules/audit/audit.service.ts';
import { AppliancesRepository } from './modules/appliances/appliances.repository.ts';
import { ApplianceCounts } from './modules/appliances/appliance-counts.ts';
import { BadgesRepository } from './modules/badges/badges.repository.ts';
import { BadgesService } from './modules/badges/badges.service.ts';
import { AppliancesService } from './modules/appliances/appliances.service.ts';
import { EventsRepository } from './modules/events/events.repository.ts';
import { EventsService } from './modules/events/events.service.ts';
import { ClaimsRepository } from './modules/claims/claims.repository.ts';
import { ClaimsService } from './modules/claims/claims.service.ts';
import { FilesRepository } from './modules/files/files.repository.ts';
import { NotificationsRepository } from './modules/notifications/notifications.repository.ts';
import { NotificationsService } from './modules/notifications/notifications.service.ts';
import { FileService } from './modules/files/files.service.ts';
import { MaintenanceRepository } from './modules/maintenance/maintenance.repository.ts';
import { MaintenanceService } from './modules/maintenance/maintenance.service.ts';
import { ReferencesRepository } from './modules/references/references.repository.ts';
import { ReferencesService } from './modules/references/references.service.ts';
import { UniversesRepository } from './modules/universes/universes.repository.ts';
import { UniversesService } from './modules/universes/universes.service.ts';
import { DomainEventBus } from './lib/domain-events.ts';
import { HouseholdCache } from './lib/household-cache.ts';
import { JobPool } from './lib/job-pool.ts';
import { RateLimiter } from './lib/rate-limit.ts';
import { FoyerRepository } from './modules/foyer/foyer.repository.ts';
import { FoyerService } from './modules/foyer/foyer.service.ts';
import { RightsService } from './modules/rights/rights.service.ts';
import { SecondLifeService } from './modules/second-life/second-life.service.ts';
import { InventoryCsvRepository } from './modules/inventory-csv/inventory-csv.repository.ts';
import { InventoryCsvService } from './modules/inventory-csv/inventory-csv.service.ts';
import { LabelsRepository } from './modules/labels/labels.repository.ts';
import { LabelsService } from './modules/labels/labels.service.ts';
import { DossierRepository } from './modules/dossier/dossier.repository.ts';
import { DossierService } from './modules/dossier/dossier.service.ts';
import { RappelConsoClient } from './modules/recalls/rappelconso-client.ts';
import { RecallsRepository } from './modules/recalls/recalls.repository.ts';
import { RecallsService } from './modules/recalls/recalls.service.ts';
import { EprelClient } from './modules/identification/eprel-client.ts';
import { OpfClient } from './modules/identification/opf-client.ts';
import { IdentificationService } from './modules/identification/identification.service.ts';

export type Services = ReturnType<typeof createServices>;

/** The store the configuration names: an S3-compatible bucket when S3_ENDPOINT is set, else DATA_DIR/files. */
export function createFileStore(config: Pick<Config, 'dataDir' | 's3'>): FileStore {
  return config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(path.join(config.dataDir, 'files'));
}

/** Every module's service, built once; a module calls another's service, never its tables. */
export function createServices(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  fileStore?: FileStore;
  runner: JobRunner;
}) {
  const { config, db, clock, log } = deps;
  const store = deps.fileStore ?? createFileStore(config);
  // Built first: the files module asks the appliances' and universes' tables which stored files
  // they still refer to (the sweep of orphans) through these, not through their services.
  const appliancesRepository = new AppliancesRepository(db);
  const universesRepository = new UniversesRepository(db);
  const dossierRepository = new DossierRepository(db);
  const claimsRepository = new ClaimsRepository(db);
  const files = new FileService(new FilesRepository(db), {
    store,
    urls: new FileUrls(config.jwtSecret, clock),
    clock,
    log,
    owners: [appliancesRepository, universesRepository, dossierRepository, claimsRepository],
  });
  const references = new ReferencesService(new ReferencesRepository(db));
  // Who belongs to which household, trusted as long as an open session (SESSION_CHECK_CACHE_MS).
  const foyer = new FoyerService(new FoyerRepository(db), { db, clock, cacheMs: config.sessionCheckCacheMs });
  // What happened, for whoever reacts (the badges): the modules that record it do not call them.
  const bus = new DomainEventBus();
  // Universes read only the appliances' counts; appliances check their universe: built in that order, no thunk.
  const universes = new UniversesService(universesRepository, {
    files,
    references,
    applianceCounts: new ApplianceCounts(appliancesRepository),
  });
  // The inventory's search index, built once per household's data, not per search: a few kept, one weighs ~1 MB at 5,000 appliances.
  const searchIndexes = new HouseholdCache(db, clock, { maxEntries: 16, maxAgeMs: 10 * 60_000, clockBound: false });
  const appliances = new AppliancesService(appliancesRepository, { files, references, universes, bus, clock, searchIndexes });
  const maintenance = new MaintenanceService(new MaintenanceRepository(db));
  const notifications = new NotificationsService(new NotificationsRepository(db), { db, clock, config, log, mailer: deps.mailer });
  const events: EventsService = new EventsService(new EventsRepository(db), { appliances, maintenance, foyer, bus, clock, config });
  foyer.onLeave((foyerId, memberId, unit) => events.memberLeft(foyerId, asUserId(memberId), unit));
  const badges: BadgesService = new BadgesService(new BadgesRepository(db), { appliances, events, notifications, foyer, clock, log });
  // Badges stay personal: the member who acted earns the badges of what they did, measured on their household.
  for (const [happened, kinds] of BADGE_KINDS) bus.on(happened, ({ foyerId, actorId }) => badges.evaluate(actorId, foyerId, kinds));
  const assistant = new AssistantService(faultIndex, {
    appliances,
    llm: new ChatCompletions(config.llm, log, 'LLM'),
  });
  const smartfix = new SmartfixService();
  const ai = new AiService({ files, appliances, universes, log, vision: new ChatCompletions(config.vision, log, 'Vision') });
  const audit = new AuditService(new AuditRepository(db), { clock, log });
  const rights = new RightsService({ appliances, events, references, notifications, smartfix, foyer, clock });
  notifications.onTick(() => rights.remind());
  // « Ma démarche »: the claims left unanswered past their due day, reminded through the same tick.
  const claims = new ClaimsService(claimsRepository, { db, appliances, events, files, notifications, foyer, clock });
  notifications.onTick(() => claims.remind());
  // A claim goes with its appliance (foreign key): its documents' files with the appliance's own.
  appliances.onDelete((foyerId, applianceId) => claims.applianceFileKeys(foyerId, applianceId));
  // Product recalls: RappelConso read once a day of Paris across replicas, a job of the runner.
  const recalls = new RecallsService(new RecallsRepository(db), {
    client: config.rappelConso ? new RappelConsoClient(config.rappelConso) : null,
    notifications,
    foyer,
    clock,
    log,
    retryMs: config.rappelConso?.retryMs ?? 0,
    runner: deps.runner,
  });
  const secondLife = new SecondLifeService({ db, appliances, events });
  // CPU-bound work off the event loop (decision 021): PDFs' layout, invoices' merge, CSV files' reading and plan.
  const jobs = new JobPool({ memoryMb: config.jobs.memoryMb, log });
  const inventoryCsv = new InventoryCsvService(new InventoryCsvRepository(db), {
    db,
    rights,
    events,
    appliances,
    universes,
    references,
    clock,
    log,
    appUrl: config.appUrl,
    jobs,
    runner: deps.runner,
    timeoutMs: config.jobs.timeoutMs,
  });
  const labels = new LabelsService(new LabelsRepository(db), { appliances, clock, config, jobs });
  // A read-only link's answer, serialised (up to 3.5 MB at 10,000 appliances): a few kept, each at most
  // 10 minutes (its « sous garantie » may be that late at midnight; it holds no signed URL).
  const sharedDossiers = new HouseholdCache(db, clock, { maxEntries: 20, maxAgeMs: 10 * 60_000, clockBound: false });
  const dossier = new DossierService(dossierRepository, {
    appliances,
    rights,
    claims,
    files,
    foyer,
    clock,
    log,
    config,
    jobs,
    runner: deps.runner,
    shared: sharedDossiers,
    limiter: new RateLimiter(db, clock),
  });
  // Removal ends access: the read-only links a member made stop with their membership.
  foyer.onLeave((foyerId, memberId, unit) => dossier.memberLeft(foyerId, asUserId(memberId), unit));
  const identification = new IdentificationService({
    eprel: new EprelClient(config.identification, log),
    opf: new OpfClient(config.identification, log, `EcoFoyer/1.0 (${config.appUrl})`),
    tariff: config.electricityTariff,
  });
  // The home page's aggregates, served again until the household's data changes.
  const householdCache = new HouseholdCache(db, clock);
  // The inventory's pages (up to 200 appliances each): fewer kept, they weigh more.
  const inventoryPages = new HouseholdCache(db, clock, { maxEntries: 200, maxAgeMs: 60_000 });
  return {
    files,
    references,
    universes,
    appliances,
    maintenance,
    events,
    claims,
    notifications,
    badges,
    assistant,
    smartfix,
    ai,
    audit,
    rights,
    secondLife,
    inventoryCsv,
    recalls,
    labels,
    dossier,
    identification,
    householdCache,
    inventoryPages,
    searchIndexes,
    foyer,
    jobs,
    sharedDossiers,
  };
}

let sharedIndex: FaultIndex | undefined;
/** The knowledge base is read-only: one index per process, built on first use. */
export function faultIndex(): FaultIndex {
  sharedIndex ??= new FaultIndex(loadKnowledgeBase(), new Map(referenceProducts().map((p) => [p.slug, p.prodName])));
  return sharedIndex;
}
