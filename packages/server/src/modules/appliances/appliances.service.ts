import type { FoyerId, UserId } from '../../lib/ids.ts';
import { mapSliced } from '../../lib/breath.ts';
import type { Appliance, ApplianceCount, FileKind, SecondLifeItem, SecondLifeOutcome } from '@ecofoyer/contracts';
import { API_MSG, APPLIANCE_SEARCH_MAX, type AppliancesQuery, createSearch, MSG } from '@ecofoyer/contracts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileService } from '../files/files.service.ts';
import type { ReferencesService } from '../references/references.service.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import type { HouseholdCache } from '../../lib/household-cache.ts';
import type { UniversesService } from '../universes/universes.service.ts';
import type { ApplianceFields, ApplianceJoined, AppliancesRepository } from './appliances.repository.ts';
import type { InventoryJsonField } from './inventory-json.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';

/** product §3: appliances without a product type are counted under this name. */
export const UNTYPED_PRODUCT = 'Autre';

export interface ApplianceInput {
  prod_id?: number | null;
  name?: string | null;
  marque: string;
  modele: string;
  dt_achat?: string | null;
  facture?: string | null;
  note?: string | null;
  panne_note?: string | null;
  classenergie?: string | null;
  /** « Mes droits » paperwork: undefined keeps the stored value on an update. */
  vendeur?: string | null;
  prix_achat?: number | null;
  numero_serie?: string | null;
  dt_livraison?: string | null;
  occasion?: boolean;
  garantie_commerciale_fin?: string | null;
  /** The energy label's numbers and kWh per year; undefined keeps the stored value on an update. */
  eprel_number?: string | null;
  ean?: string | null;
  energy_kwh_year?: number | null;
}

const RIGHTS_KEYS = ['vendeur', 'prix_achat', 'numero_serie', 'dt_livraison', 'occasion', 'garantie_commerciale_fin'] as const;
/** The paperwork fields the input gives (an update without them keeps what was saved). */
const rightsFields = (input: ApplianceInput) =>
  Object.fromEntries(RIGHTS_KEYS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
const ENERGY_KEYS = ['eprel_number', 'ean', 'energy_kwh_year'] as const;
/** The energy label's fields the input gives (an update without them keeps what was saved). */
const energyFields = (input: ApplianceInput) =>
  Object.fromEntries(ENERGY_KEYS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));

/** A new appliance's row; its name defaults to « Type Marque ». */
function newRow(foyerId: FoyerId, universeId: number | null, input: ApplianceInput, productName: string | null, now: Date) {
  return {
    foyer_id: foyerId,
    universe_id: universeId,
    prod_id: input.prod_id ?? null,
    name: input.name?.trim() || [productName, input.marque].filter(Boolean).join(' ') || input.marque,
    marque: input.marque,
    modele: input.modele,
    dt_achat: input.dt_achat ?? null,
    dt_fab: null,
    note: input.note ?? null,
    panne_note: input.panne_note ?? null,
    facture_ref: input.facture ?? null,
    classenergie: input.classenergie ?? null,
    ...rightsFields(input),
    ...energyFields(input),
    pict_key: null as string | null,
    facture_key: null,
    facture_type: null,
    notice_key: null,
    created_at: now,
    updated_at: now,
    second_life: null,
    second_life_at: null,
  };
}

const FILE_COLUMNS = {
  image: { key: 'pict_key' },
  invoice: { key: 'facture_key' },
  manual: { key: 'notice_key' },
} as const satisfies Record<FileKind, { key: keyof ApplianceFields }>;

/** What the inventory's search compares, the most telling first (the same keys as the web app's lists). */
const SEARCH_KEYS = ['name', 'marque', 'modele', 'prod_name', 'univer_name'] as const;

/** The fields of an appliance that its guarantees depend on (« Mes droits »). */
export type GuaranteeFacts = Pick<
  Appliance,
  'id' | 'name' | 'prod_id' | 'dt_achat' | 'dt_livraison' | 'occasion' | 'garantie_commerciale_fin'
>;

/** Appliances a JSON read of the inventory takes at a time (a statement of 15–45 ms on PGlite). */
const JSON_PAGE = 200;

export class AppliancesService {
  /** Other modules' files that go with an appliance (its claims' documents), asked before its row goes. */
  private readonly dependentFiles: ((foyerId: FoyerId, applianceId: number) => Promise<string[]>)[] = [];

  constructor(
    private readonly repo: AppliancesRepository,
    private readonly deps: {
      files: FileService;
      references: ReferencesService;
      universes: UniversesService;
      bus: DomainEventBus;
      clock: Clock;
      searchIndexes: HouseholdCache;
    },
  ) {}

  private toDto(row: ApplianceJoined): Appliance {
    const { files } = this.deps;
    return {
      id: row.id,
      univer_id: row.universe_id,
      univer_name: row.univer_name,
      prod_id: row.prod_id,
      prod_name: row.prod_name,
      name: row.name,
      marque: row.marque,
      modele: row.modele,
      dt_achat: row.dt_achat,
      dt_fab: row.dt_fab,
      dt_creation: row.created_at.toISOString(),
      note: row.note,
      panne_note: row.panne_note,
      facture_ref: row.facture_ref,
      classenergie: row.classenergie,
      pict: files.url(row.pict_key),
      facture: files.url(row.facture_key),
      facture_type: row.facture_type,
      notice: files.url(row.notice_key),
      product: row.prod_id && row.prod_name && row.prod_pict ? { id: row.prod_id, prodName: row.prod_name, pict: row.prod_pict } : null,
      vendeur: row.vendeur,
      prix_achat: row.prix_achat === null ? null : Number(row.prix_achat),
      numero_serie: row.numero_serie,
      dt_livraison: row.dt_livraison,
      occasion: row.occasion,
      garantie_commerciale_fin: row.garantie_commerciale_fin,
      eprel_number: row.eprel_number,
      ean: row.ean,
      energy_kwh_year: row.energy_kwh_year === null ? null : Number(row.energy_kwh_year),
    };
  }

  /**
   * The inventory (product §7), or one page of it, or the best matches of a search (so the
   * answer stays small as a household grows). A search compares the light fields of every appliance
   * with the app's search (contracts' `createSearch`), then reads the matches in full. Its index is
   * built once and kept until the household's data changes, so a keystroke reads the data version
   * and the matches: two statements, whatever the inventory's size.
   */
  async list(foyerId: FoyerId, query: AppliancesQuery = {}): Promise<Appliance[]> {
    if (query.q !== undefined) {
      const search = await this.deps.searchIndexes.answer(foyerId, 'search', async () =>
        createSearch(await this.repo.searchable(foyerId), SEARCH_KEYS),
      );
      const ids = search(query.q)
        .slice(0, query.limit ?? APPLIANCE_SEARCH_MAX)
        .map((f) => f.id);
      const rows = new Map((await this.repo.findMany(foyerId, ids)).map((r) => [r.id, r]));
      return ids.flatMap((id) => (rows.has(id) ? [this.toDto(rows.get(id)!)] : []));
    }
    const rows = query.limit !== undefined ? await this.repo.page(foyerId, query.limit, query.after) : await this.repo.list(foyerId);
    // A whole inventory (10,000 appliances, their file URLs signed) a slice at a time.
    return mapSliced(rows, (r) => this.toDto(r));
  }

  async listInUniverse(foyerId: FoyerId, universeId: number): Promise<Appliance[]> {
    await this.deps.universes.row(foyerId, universeId);
    return (await this.repo.listInUniverse(foyerId, universeId)).map((r) => this.toDto(r));
  }

  /**
   * The inventory as the bytes of one JSON array, each appliance with `fields` only, by id (`created`
   * gives the list's order back), read a page at a time (`AppliancesRepository.jsonPage`).
   */
  async inventoryJson(foyerId: FoyerId, fields: readonly InventoryJsonField[]): Promise<Buffer> {
    const pages: Buffer[] = [];
    for (let after = 0; ; ) {
      const { items, last } = await this.repo.jsonPage(foyerId, after, JSON_PAGE, fields);
      if (last === null) break;
      pages.push(Buffer.from(items.slice(1, -1)));
      after = last;
    }
    const comma = Buffer.from(',');
    return Buffer.concat([Buffer.from('['), ...pages.flatMap((page, i) => (i === 0 ? [page] : [comma, page])), Buffer.from(']')]);
  }

  /** What the guarantees need of each appliance of the inventory (« Mes droits »), read light for a large inventory. */
  guaranteeFacts(foyerId: FoyerId): Promise<GuaranteeFacts[]> {
    return this.repo.guaranteeFacts(foyerId);
  }

  async get(foyerId: FoyerId, id: number): Promise<Appliance> {
    const row = await this.repo.find(foyerId, id);
    if (!row) throw notFound(API_MSG.applianceUnknown);
    return this.toDto(row);
  }

  /**
   * The inventory, oldest first, each appliance with the keys of its photo and invoice (the
   * dossier reads those files from the store and shows them through its own links).
   */
  async listWithFiles(foyerId: FoyerId): Promise<{ appliance: Appliance; pictKey: string | null; factureKey: string | null }[]> {
    const rows = await this.repo.list(foyerId);
    return mapSliced(rows.toReversed(), (r) => ({ appliance: this.toDto(r), pictKey: r.pict_key, factureKey: r.facture_key }));
  }

  /** The keys of one appliance's photo and invoice, or null when it is not in the household's inventory (a shared dossier's files). */
  async fileKeys(foyerId: FoyerId, id: number): Promise<{ pictKey: string | null; factureKey: string | null } | null> {
    const row = await this.repo.find(foyerId, id);
    return row ? { pictKey: row.pict_key, factureKey: row.facture_key } : null;
  }

  /** The household an appliance is in, or null when it is in none any more (the QR labels). */
  householdOf(id: number): Promise<number | null> {
    return this.repo.householdOf(id);
  }

  badgeCounts(foyerId: FoyerId) {
    return this.repo.badgeCounts(foyerId);
  }

  /** product §3 counts: {data: {prodName: count}, meta: {totalAppliances}}; and the known kWh per year by type. */
  async count(foyerId: FoyerId): Promise<ApplianceCount> {
    const [rows, secondLife] = await Promise.all([this.repo.countByProduct(foyerId), this.repo.countSecondLife(foyerId)]);
    const data: Record<string, number> = {};
    const knownKwhYear: Record<string, number[]> = {};
    let total = 0;
    for (const r of rows) {
      const name = r.prod_name ?? UNTYPED_PRODUCT;
      data[name] = (data[name] ?? 0) + Number(r.n);
      total += Number(r.n);
      if (r.kwh?.length) knownKwhYear[name] = [...(knownKwhYear[name] ?? []), ...r.kwh.map(Number)];
    }
    return { data, meta: { totalAppliances: total, secondLife, knownKwhYear } };
  }

  private async productName(prodId: number | null | undefined): Promise<string | null> {
    if (!prodId) return null;
    const product = await this.deps.references.product(prodId);
    if (!product) throw notFound(MSG.productUnknown);
    return product.prod_name;
  }

  /** Creates an appliance in a universe of the household (null: POST /api/devices), with an optional picture; `actorId`: the member who adds it. */
  async create(
    foyerId: FoyerId,
    universeId: number | null,
    input: ApplianceInput,
    picture: Buffer | null,
    actorId: UserId,
  ): Promise<Appliance> {
    return this.get(foyerId, await this.add(foyerId, universeId, input, picture, actorId));
  }

  /**
   * The rules of a new appliance and its row: its universe is the household's, its product exists,
   * its name defaults to « Type Marque ». For the form (`create`: ApplianceCreateData) and for a CSV
   * row parsed by the same schema, then inside the import's transaction (`unit`), where a
   * universe is checked once and the badges hear of the new appliances once, at the commit. Its id.
   */
  async add(
    foyerId: FoyerId,
    universeId: number | null,
    input: ApplianceInput,
    picture: Buffer | null,
    actorId: UserId,
    unit?: UnitOfWork,
  ): Promise<number> {
    await this.checkUniverse(foyerId, universeId, unit);
    const productName = await this.productName(input.prod_id);
    const now = this.deps.clock.now();
    const { id } = await this.deps.files.withStoredImage(foyerId, picture, (pictKey) =>
      (unit ? this.repo.in(unit.tx) : this.repo).insert({ ...newRow(foyerId, universeId, input, productName, now), pict_key: pictKey }),
    );
    const added = () => this.deps.bus.emit('appliance.added', { foyerId, actorId });
    if (!unit) await added();
    else if (!this.announced.has(unit)) {
      this.announced.add(unit);
      unit.afterCommit(added);
    }
    return id;
  }

  /** The units whose new appliances the badges will hear of (once each, at its commit). */
  private readonly announced = new WeakSet<UnitOfWork>();
  /** The universes already checked in a unit (an import of 10,000 rows names a few). */
  private readonly checked = new WeakMap<UnitOfWork, Set<number>>();

  /** 404 unless the universe is the household's (none: no universe). */
  private async checkUniverse(foyerId: FoyerId, universeId: number | null | undefined, unit?: UnitOfWork): Promise<void> {
    if (!universeId || (unit && this.checked.get(unit)?.has(universeId))) return;
    await this.deps.universes.row(foyerId, universeId, unit);
    if (unit) this.checked.set(unit, (this.checked.get(unit) ?? new Set()).add(universeId));
  }

  /** product §2, Second life: the device leaves the inventory for the household's history. Within `unit`, the change and what follows it (the badges) wait for the transaction's commit. */
  async markSecondLife(
    foyerId: FoyerId,
    id: number,
    outcome: SecondLifeOutcome,
    actorId: UserId,
    unit?: UnitOfWork,
  ): Promise<SecondLifeItem> {
    const now = this.deps.clock.now();
    const repo = unit ? this.repo.in(unit.tx) : this.repo;
    const result = await repo.markSecondLife(foyerId, id, outcome, now);
    if (Number(result.numUpdatedRows) === 0) throw notFound(API_MSG.applianceUnknown);
    const happened = () => this.deps.bus.emit('appliance.second-life', { foyerId, actorId });
    if (unit) unit.afterCommit(happened);
    else await happened();
    const [item] = await this.history(foyerId, id, repo);
    if (!item) throw notFound(API_MSG.applianceUnknown);
    return item;
  }

  async history(foyerId: FoyerId, id?: number, repo = this.repo): Promise<SecondLifeItem[]> {
    return (await repo.history(foyerId, id)).map((r) => ({
      id: r.id,
      name: r.name,
      prod_name: r.prod_name,
      marque: r.marque,
      pict: this.deps.files.url(r.pict_key),
      outcome: r.second_life as SecondLifeOutcome,
      dt_second_life: (r.second_life_at ?? new Date(0)).toISOString(),
    }));
  }

  /** The appliances of every household whose guarantee may end soon: the reminders' candidates. */
  withGuaranteeDates(since: string, commercialFrom: string) {
    return this.repo.withGuaranteeDates(since, commercialFrom);
  }

  countSecondLife(foyerId: FoyerId) {
    return this.repo.countSecondLife(foyerId);
  }

  /** PUT …/text: the form's text fields (ApplianceUpdateText), then the appliance as the API gives it. */
  async updateText(foyerId: FoyerId, id: number, input: ApplianceInput & { name: string; univer_id?: number | null }): Promise<Appliance> {
    // An appliance of the history (second life) is not found, as by GET.
    await this.get(foyerId, id);
    await this.change(foyerId, id, input);
    return this.get(foyerId, id);
  }

  /** The rules of an edit and its write: for the form (`updateText`) and for a CSV row parsed by the same schema, inside the import's transaction (`unit`). */
  async change(
    foyerId: FoyerId,
    id: number,
    input: ApplianceInput & { name: string; univer_id?: number | null },
    unit?: UnitOfWork,
  ): Promise<void> {
    await this.checkUniverse(foyerId, input.univer_id, unit);
    if (input.prod_id) await this.productName(input.prod_id);
    const result = await (unit ? this.repo.in(unit.tx) : this.repo).update(foyerId, id, {
      name: input.name,
      marque: input.marque,
      modele: input.modele,
      dt_achat: input.dt_achat ?? null,
      note: input.note ?? null,
      panne_note: input.panne_note ?? null,
      facture_ref: input.facture ?? null,
      classenergie: input.classenergie ?? null,
      ...rightsFields(input),
      ...energyFields(input),
      ...(input.prod_id ? { prod_id: input.prod_id } : {}),
      ...(input.univer_id ? { universe_id: input.univer_id } : {}),
      updated_at: this.deps.clock.now(),
    });
    if (Number(result.numUpdatedRows) === 0) throw notFound(API_MSG.applianceUnknown);
  }

  /** PUT …/image, …/facture, …/notice: replaces the file; the old one goes once the new one is saved. */
  async replaceFile(foyerId: FoyerId, id: number, kind: FileKind, buffer: Buffer): Promise<Appliance> {
    const current = await this.repo.find(foyerId, id);
    if (!current) throw notFound(API_MSG.applianceUnknown);
    const column = FILE_COLUMNS[kind].key;
    await this.deps.files.withStored(foyerId, buffer, kind, async (file) => {
      await this.repo.update(foyerId, id, {
        [column]: file?.key ?? null,
        ...(kind === 'invoice' ? { facture_type: file?.mime ?? null } : {}),
        updated_at: this.deps.clock.now(),
      });
    });
    await this.deps.files.remove(current[column]);
    return this.get(foyerId, id);
  }

  /**
   * Registers a module whose rows go with an appliance by foreign key and hold files (a claim's
   * documents): it gives their keys before the appliance is deleted, and they are removed with its own.
   */
  onDelete(files: (foyerId: FoyerId, applianceId: number) => Promise<string[]>): void {
    this.dependentFiles.push(files);
  }

  /** DELETE: the row (events and claims go with it by foreign key), then its files and theirs. */
  async delete(foyerId: FoyerId, id: number): Promise<void> {
    const current = await this.repo.find(foyerId, id);
    if (!current) throw notFound(API_MSG.applianceUnknown);
    const dependent = (await Promise.all(this.dependentFiles.map((keys) => keys(foyerId, id)))).flat();
    await this.repo.delete(foyerId, id);
    await Promise.all([current.pict_key, current.facture_key, current.notice_key, ...dependent].map((k) => this.deps.files.remove(k)));
  }

  /** Gives this module's rows of one household to another, in the caller's transaction (joining a foyer with one's data). */
  async moveHousehold(from: number, to: number, unit: UnitOfWork): Promise<void> {
    const repo = this.repo.in(unit.tx);
    await repo.moveHousehold(from, to);
  }
}
