import type { FoyerId } from '../../lib/ids.ts';
import { API_MSG, applianceCountLabel, type Universe } from '@ecofoyer/contracts';
import type { UniverseRow } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { FileService } from '../files/files.service.ts';
import type { ApplianceCounts } from '../appliances/appliance-counts.ts';
import type { ReferencesService } from '../references/references.service.ts';
import type { UniversesRepository } from './universes.repository.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';

/** What the form sends once parsed by UniverseCreateFields (or UniverseUpdateFields): `<` and `>` gone, the lengths checked. */
export interface UniverseInput {
  name: string;
  description: string;
  refUniverId?: number | null;
  image?: Buffer | null;
}

export class UniversesService {
  constructor(
    private readonly repo: UniversesRepository,
    private readonly deps: { files: FileService; references: ReferencesService; applianceCounts: ApplianceCounts },
  ) {}

  private async toDto(row: UniverseRow, counts: Map<number, number>, refImages: Map<number, string>): Promise<Universe> {
    const nbAppliance = counts.get(row.id) ?? 0;
    return {
      univer_id: row.id,
      refuniver_id: row.ref_universe_id,
      name: row.name,
      description: row.description,
      image: row.image_key ? this.deps.files.url(row.image_key) : row.ref_universe_id ? (refImages.get(row.ref_universe_id) ?? null) : null,
      nbAppliance,
      text: applianceCountLabel(nbAppliance),
    };
  }

  private async context(foyerId: FoyerId) {
    const [counts, refs] = await Promise.all([this.deps.applianceCounts.byUniverse(foyerId), this.deps.references.universeRows()]);
    return { counts, refs, refImages: new Map(refs.map((r) => [r.id, r.image])) };
  }

  /** The user's universes (newest first), then each reference universe not yet created (univer_id -1). */
  async list(foyerId: FoyerId): Promise<Universe[]> {
    const [rows, { counts, refs, refImages }] = await Promise.all([this.repo.listForUser(foyerId), this.context(foyerId)]);
    const own = await Promise.all(rows.map((r) => this.toDto(r, counts, refImages)));
    const created = new Set(rows.map((r) => r.ref_universe_id));
    const placeholders: Universe[] = refs
      .filter((r) => !created.has(r.id))
      .map((r) => ({
        univer_id: -1,
        refuniver_id: r.id,
        name: r.name,
        description: r.description,
        image: r.image,
        nbAppliance: 0,
        text: applianceCountLabel(0),
      }));
    return [...own, ...placeholders];
  }

  async listCustom(foyerId: FoyerId): Promise<Universe[]> {
    const [rows, { counts, refImages }] = await Promise.all([this.repo.listForUser(foyerId), this.context(foyerId)]);
    return Promise.all(rows.map((r) => this.toDto(r, counts, refImages)));
  }

  /** The row, or 404 for an unknown id or another user's; within `unit`, read in its transaction. */
  async row(foyerId: FoyerId, id: number, unit?: UnitOfWork): Promise<UniverseRow> {
    const row = await (unit ? this.repo.in(unit.tx) : this.repo).findForUser(foyerId, id);
    if (!row) throw notFound(API_MSG.universeUnknown);
    return row;
  }

  async get(foyerId: FoyerId, id: number): Promise<Universe> {
    const row = await this.row(foyerId, id);
    const { counts, refImages } = await this.context(foyerId);
    return this.toDto(row, counts, refImages);
  }

  /**
   * A universe of the household: from the form, or from a CSV import inside its transaction (`unit`),
   * its name and description parsed by the same schema (contracts' UniverseCreateFields) either way.
   */
  async create(foyerId: FoyerId, input: UniverseInput, unit?: UnitOfWork): Promise<Universe> {
    if (input.refUniverId && !(await this.deps.references.universe(input.refUniverId))) {
      throw notFound(API_MSG.refUniverseUnknown);
    }
    const now = new Date();
    return this.deps.files.withStoredImage(foyerId, input.image ?? null, async (imageKey) => {
      const row = await (unit ? this.repo.in(unit.tx) : this.repo).insert({
        foyer_id: foyerId,
        ref_universe_id: input.refUniverId ?? null,
        name: input.name,
        description: input.description,
        image_key: imageKey,
        created_at: now,
        updated_at: now,
      });
      if (!unit) return this.get(foyerId, row.id);
      // Within a transaction another module's read would wait for its end; a new universe holds no appliance.
      return this.toDto(row, new Map(), new Map((await this.deps.references.universeRows()).map((r) => [r.id, r.image])));
    });
  }

  async update(foyerId: FoyerId, id: number, input: UniverseInput): Promise<Universe> {
    const current = await this.row(foyerId, id);
    const result = await this.deps.files.withStoredImage(foyerId, input.image ?? null, async (imageKey) => {
      await this.repo.update(foyerId, id, {
        name: input.name,
        description: input.description,
        ...(imageKey ? { image_key: imageKey } : {}),
        updated_at: new Date(),
      });
      return this.get(foyerId, id);
    });
    // The replaced image goes once the new one is saved.
    if (input.image && current.image_key) await this.deps.files.remove(current.image_key);
    return result;
  }

  /** API.md: 204 if empty; 409 with a message if it holds appliances. */
  async delete(foyerId: FoyerId, id: number): Promise<void> {
    const row = await this.row(foyerId, id);
    const counts = await this.deps.applianceCounts.byUniverse(foyerId);
    if ((counts.get(id) ?? 0) > 0) throw conflict(API_MSG.universeNotEmpty, 'UNIVERSE_NOT_EMPTY');
    try {
      await this.repo.delete(foyerId, id);
    } catch (error) {
      // An appliance added meanwhile: the foreign key refuses the delete.
      if ((error as { code?: string }).code === '23503') throw conflict(API_MSG.universeNotEmpty, 'UNIVERSE_NOT_EMPTY');
      throw error;
    }
    if (row.image_key) await this.deps.files.remove(row.image_key);
  }

  /** Gives this module's rows of one household to another, in the caller's transaction (a member joining a foyer with their data). */
  async moveHousehold(from: number, to: number, unit: UnitOfWork): Promise<void> {
    const repo = this.repo.in(unit.tx);
    await repo.moveHousehold(from, to);
  }
}
