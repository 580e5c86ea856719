import type { Db } from '../../db/client.ts';

export interface LabelRow {
  code: string;
  appliance_id: number;
  created_at: Date;
  revoked_at: Date | null;
}

/** The QR labels: `appliance_labels`, one in use per appliance (migration 0023). */
export class LabelsRepository {
  constructor(private readonly db: Db) {}

  /** The labels in use of these appliances. */
  active(applianceIds: readonly number[]): Promise<LabelRow[]> {
    if (applianceIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('appliance_labels')
      .select(['code', 'appliance_id', 'created_at', 'revoked_at'])
      .where('appliance_id', 'in', applianceIds)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * New labels; an appliance that got one meanwhile (two clicks, two members at once) keeps it: the
   * partial unique index refuses a second one in use, and the row is skipped.
   */
  async insert(rows: readonly { code: string; appliance_id: number; created_at: Date }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('appliance_labels')
      .values(rows.map((r) => ({ ...r, revoked_at: null })))
      .onConflict((oc) => oc.column('appliance_id').where('revoked_at', 'is', null).doNothing())
      .execute();
  }

  find(code: string): Promise<LabelRow | undefined> {
    return this.db
      .selectFrom('appliance_labels')
      .select(['code', 'appliance_id', 'created_at', 'revoked_at'])
      .where('code', '=', code)
      .executeTakeFirst();
  }

  async revoke(code: string, at: Date): Promise<void> {
    await this.db
      .updateTable('appliance_labels')
      .set({ revoked_at: at })
      .where('code', '=', code)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
