import type { Db } from '../../db/client.ts';

export class AuditRepository {
  constructor(private readonly db: Db) {}

  insert(row: { user_id: number | null; action: string; ip: string | null; details: Record<string, unknown>; created_at: Date }) {
    return this.db
      .insertInto('audit_log')
      .values({ ...row, details: JSON.stringify(row.details) as unknown as Record<string, unknown> })
      .execute();
  }

  listForUser(userId: number, limit: number) {
    return this.db
      .selectFrom('audit_log')
      .select(['id', 'action', 'ip', 'details', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Lines older than `before` (the retention the privacy policy states). */
  async purgeBefore(before: Date): Promise<number> {
    const rows = await this.db.deleteFrom('audit_log').where('created_at', '<', before).returning('id').execute();
    return rows.length;
  }
}
