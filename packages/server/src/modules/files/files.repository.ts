import type { Db } from '../../db/client.ts';

export class FilesRepository {
  constructor(private readonly db: Db) {}

  async insertTemp(key: string, userId: number, createdAt: Date): Promise<void> {
    await this.db.insertInto('temp_files').values({ key, user_id: userId, created_at: createdAt }).execute();
  }

  async takeExpiredTemp(before: Date): Promise<string[]> {
    const rows = await this.db.deleteFrom('temp_files').where('created_at', '<', before).returning('key').execute();
    return rows.map((r) => r.key);
  }

  /** The temporary uploads among `keys` (FileService.sweepOrphans). */
  async referencedFiles(keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.selectFrom('temp_files').select('key').where('key', 'in', keys).execute();
    return rows.map((r) => r.key);
  }
}
