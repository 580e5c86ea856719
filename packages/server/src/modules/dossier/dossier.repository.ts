import type { Insertable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { DossierJobsTable, DossierSharesTable } from '../../db/schema.ts';
import { holdLock } from '../../lib/advisory-locks.ts';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work.ts';

/** The dossiers being built or built, and the read-only links (migration 0023). */
export class DossierRepository {
  constructor(private readonly db: Db) {}

  /**
   * Runs `fn` in a transaction holding the household's dossier lock until it ends: two requests
   * at once (two taps, two replicas) run one after the other, the second seeing what the first
   * wrote — one dossier built, never 21 active links. Other households are not held.
   */
  locked<T>(foyerId: number, fn: (repo: DossierRepository, unit: UnitOfWork) => Promise<T>): Promise<T> {
    return inTransaction(this.db, async (unit) => {
      await holdLock(unit.tx, 'dossier', foyerId);
      return fn(new DossierRepository(unit.tx), unit);
    });
  }

  insertJob(row: Insertable<DossierJobsTable>) {
    return this.db.insertInto('dossier_jobs').values(row).execute();
  }

  job(foyerId: number, id: string) {
    return this.db.selectFrom('dossier_jobs').selectAll().where('foyer_id', '=', foyerId).where('id', '=', id).executeTakeFirst();
  }

  /** The household's dossiers asked since `since`, newest first. */
  jobs(foyerId: number, since: Date) {
    return this.db
      .selectFrom('dossier_jobs')
      .selectAll()
      .where('foyer_id', '=', foyerId)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .limit(5)
      .execute();
  }

  progress(id: string, done: number, total: number, at: Date) {
    return this.db
      .updateTable('dossier_jobs')
      .set({ done, total, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'en-cours')
      .execute();
  }

  /** Still alive: the process building these says so, so no other reports them interrupted. */
  touch(ids: string[], at: Date) {
    return this.db.updateTable('dossier_jobs').set({ updated_at: at }).where('id', 'in', ids).where('status', '=', 'en-cours').execute();
  }

  finish(id: string, fields: { status: 'pret' | 'echec'; file_key?: string; size?: number }, at: Date) {
    return this.db
      .updateTable('dossier_jobs')
      .set({ ...fields, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** Dossiers asked before `before`: their rows and files go (kept 24 h). */
  async takeOld(before: Date): Promise<(string | null)[]> {
    const rows = await this.db.deleteFrom('dossier_jobs').where('created_at', '<', before).returning('file_key').execute();
    return rows.map((r) => r.file_key);
  }

  /** The dossier files among `keys` a row still refers to (the sweep of orphan files must keep them). */
  async referencedFiles(keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.selectFrom('dossier_jobs').select('file_key').where('file_key', 'in', keys).execute();
    return rows.flatMap((r) => (r.file_key ? [r.file_key] : []));
  }

  insertShare(row: Insertable<DossierSharesTable>) {
    return this.db.insertInto('dossier_shares').values(row).execute();
  }

  share(id: string) {
    return this.db.selectFrom('dossier_shares').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The household's links still valid, newest first. */
  activeShares(foyerId: number, now: Date) {
    return this.db
      .selectFrom('dossier_shares')
      .selectAll()
      .where('foyer_id', '=', foyerId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .execute();
  }

  async revokeShare(foyerId: number, id: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('dossier_shares')
      .set({ revoked_at: at })
      .where('foyer_id', '=', foyerId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Revokes every link a member made for a household (they left it, or were removed). */
  revokeSharesBy(foyerId: number, memberId: number, at: Date) {
    return this.db
      .updateTable('dossier_shares')
      .set({ revoked_at: at })
      .where('foyer_id', '=', foyerId)
      .where('created_by', '=', memberId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** The same queries inside a transaction (lib/unit-of-work.ts). */
  in(tx: Db): DossierRepository {
    return new DossierRepository(tx);
  }
}
