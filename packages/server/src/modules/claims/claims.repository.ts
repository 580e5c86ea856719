import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { ClaimAttachmentsTable, ClaimStepsTable, ClaimsTable } from '../../db/schema.ts';
import { claimListing, claimStepListing, claimsAwaitingAnswer } from '../../read-models/claim-listing.ts';
import type { FileOwner } from '../files/files.service.ts';

/** « Ma démarche »: the claims, their steps and their documents (migration 0033). */
export class ClaimsRepository implements FileOwner {
  constructor(private readonly db: Db) {}

  /** The same queries inside a transaction (lib/unit-of-work.ts). */
  in(tx: Db): ClaimsRepository {
    return new ClaimsRepository(tx);
  }

  /** Newest first; `applianceId`: that appliance's only. */
  list(foyerId: number, applianceId?: number) {
    let query = claimListing(this.db, foyerId);
    if (applianceId !== undefined) query = query.where('c.appliance_id', '=', applianceId);
    return query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute();
  }

  find(foyerId: number, id: number) {
    return claimListing(this.db, foyerId).where('c.id', '=', id).executeTakeFirst();
  }

  /**
   * The claim's row, locked until the transaction ends: two steps written at once are written one
   * after the other, the second seeing what the first did (a claim ended by one is ended for the other).
   */
  lock(foyerId: number, id: number) {
    return this.db
      .selectFrom('claims')
      .select(['id', 'statut', 'voie', 'event_id'])
      .where('foyer_id', '=', foyerId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async insert(row: Insertable<ClaimsTable>): Promise<number> {
    return (await this.db.insertInto('claims').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  update(foyerId: number, id: number, fields: Pick<Updateable<ClaimsTable>, 'statut' | 'issue' | 'updated_at'>) {
    return this.db.updateTable('claims').set(fields).where('foyer_id', '=', foyerId).where('id', '=', id).executeTakeFirst();
  }

  /** Deletes the claim (its steps and documents go with it by foreign key); the keys of its documents' files, or null when it was not there. */
  async delete(foyerId: number, id: number): Promise<string[] | null> {
    const keys = await this.db
      .selectFrom('claim_attachments')
      .select('file_key')
      .where('foyer_id', '=', foyerId)
      .where('claim_id', '=', id)
      .execute();
    const deleted = await this.db.deleteFrom('claims').where('foyer_id', '=', foyerId).where('id', '=', id).executeTakeFirst();
    return Number(deleted.numDeletedRows) === 0 ? null : keys.map((k) => k.file_key);
  }

  steps(claimIds: number[]) {
    return claimStepListing(this.db, claimIds);
  }

  async insertStep(row: Insertable<ClaimStepsTable>): Promise<void> {
    await this.db.insertInto('claim_steps').values(row).execute();
  }

  attachments(claimIds: number[]) {
    return this.db
      .selectFrom('claim_attachments')
      .selectAll()
      .where('claim_id', 'in', claimIds.length > 0 ? claimIds : [0])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async insertAttachment(row: Insertable<ClaimAttachmentsTable>): Promise<void> {
    await this.db.insertInto('claim_attachments').values(row).execute();
  }

  /** Deletes one document of a claim; its file's key, or null when it was not there. */
  async deleteAttachment(foyerId: number, claimId: number, id: number): Promise<string | null> {
    const row = await this.db
      .deleteFrom('claim_attachments')
      .where('foyer_id', '=', foyerId)
      .where('claim_id', '=', claimId)
      .where('id', '=', id)
      .returning('file_key')
      .executeTakeFirst();
    return row?.file_key ?? null;
  }

  /** The keys of the documents of an appliance's claims (they go with the appliance). */
  async applianceFileKeys(foyerId: number, applianceId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('claim_attachments as f')
      .innerJoin('claims as c', (join) => join.onRef('c.id', '=', 'f.claim_id').onRef('c.foyer_id', '=', 'f.foyer_id'))
      .select('f.file_key')
      .where('c.foyer_id', '=', foyerId)
      .where('c.appliance_id', '=', applianceId)
      .execute();
    return rows.map((r) => r.file_key);
  }

  /** Every claim waiting for an answer, in every household (the reminders' pass). */
  awaitingAnswer() {
    return claimsAwaitingAnswer(this.db);
  }

  /** Which of `keys` a claim's document still refers to (the files' sweep of orphans). */
  async referencedFiles(keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.selectFrom('claim_attachments').select('file_key').where('file_key', 'in', keys).execute();
    return rows.map((r) => r.file_key);
  }

  /** Gives every claim of one household to another; their steps and documents follow (foreign key `on update cascade`). */
  moveHousehold(from: number, to: number) {
    return this.db.updateTable('claims').set({ foyer_id: to }).where('foyer_id', '=', from).executeTakeFirst();
  }
}

export type ClaimJoined = NonNullable<Awaited<ReturnType<ClaimsRepository['find']>>>;
export type ClaimStepJoined = Awaited<ReturnType<ClaimsRepository['steps']>>[number];
export type ClaimAttachmentRow = Awaited<ReturnType<ClaimsRepository['attachments']>>[number];
