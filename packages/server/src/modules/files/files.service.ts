import type { FileKind } from '@ecofoyer/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { FileUrls } from '../../lib/file-urls.ts';
import { newFileKey, sniff } from '../../lib/uploads.ts';
import type { FilesRepository } from './files.repository.ts';

const TEMP_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/** A module whose rows hold file keys: it says which of `keys` it still refers to. */
export interface FileOwner {
  referencedFiles(keys: string[]): Promise<string[]>;
}

/** Stores checked files and hands out signed URLs; other modules keep only the keys. */
export class FileService {
  constructor(
    private readonly repo: FilesRepository,
    private readonly deps: { store: FileStore; urls: FileUrls; clock: Clock; log: FastifyBaseLogger; owners: FileOwner[] },
  ) {}

  /** The store the files live in (the RGPD export reads them, the account deletion removes them). */
  get fileStore(): FileStore {
    return this.deps.store;
  }

  url(key: string): string;
  url(key: string | null): string | null;
  url(key: string | null): string | null {
    return this.deps.urls.sign(key);
  }

  /** Checks the content against the kind, stores it, and returns its key and type. */
  async store(userId: number, buffer: Buffer, kind: FileKind): Promise<{ key: string; mime: string }> {
    const { mime, ext } = await sniff(buffer, kind);
    const key = newFileKey('users', userId, ext);
    await this.deps.store.put(key, buffer);
    return { key, mime };
  }

  /**
   * Stores `buffer` (if any) as a file of `kind`, then runs `save` with its key; if `save` fails
   * the file is removed again, so a failed request leaves no file behind.
   */
  async withStored<T>(
    userId: number,
    buffer: Buffer | null,
    kind: FileKind,
    save: (file: { key: string; mime: string } | null) => Promise<T>,
  ): Promise<T> {
    const file = buffer ? await this.store(userId, buffer, kind) : null;
    try {
      return await save(file);
    } catch (error) {
      if (file) await this.remove(file.key);
      throw error;
    }
  }

  withStoredImage<T>(userId: number, buffer: Buffer | null, save: (key: string | null) => Promise<T>): Promise<T> {
    return this.withStored(userId, buffer, 'image', (file) => save(file?.key ?? null));
  }

  async remove(key: string | null): Promise<void> {
    if (!key) return;
    try {
      await this.deps.store.delete(key);
    } catch (err) {
      this.deps.log.error({ err, key }, 'file could not be deleted');
    }
  }

  /** POST V1/files/public: a temporary image (image search), kept 24 h. */
  async uploadTemporary(userId: number, buffer: Buffer): Promise<string> {
    const { ext } = await sniff(buffer, 'image');
    const key = newFileKey('tmp', userId, ext);
    await this.deps.store.put(key, buffer);
    try {
      await this.repo.insertTemp(key, userId, this.deps.clock.now());
    } catch (error) {
      await this.remove(key);
      throw error;
    }
    return this.url(key);
  }

  async purgeTemporary(): Promise<number> {
    const keys = await this.repo.takeExpiredTemp(new Date(this.deps.clock.now().getTime() - TEMP_TTL_MS));
    await Promise.all(keys.map((k) => this.remove(k)));
    return keys.length;
  }

  /**
   * Deletes the stored files changed before `before` that no row refers to, and unfinished
   * writes: what a process killed between writing a file and saving its row (or between deleting
   * a row and its file) leaves behind. `before` must leave out files of uploads still in flight.
   */
  async sweepOrphans(before: Date): Promise<number> {
    const { store } = this.deps;
    if (!store.list) return 0;
    let removed = 0;
    let batch: string[] = [];
    const flush = async () => {
      const keys = batch;
      batch = [];
      const owners = [this.repo, ...this.deps.owners];
      const referenced = new Set((await Promise.all(owners.map((o) => o.referencedFiles(keys)))).flat());
      for (const key of keys.filter((k) => !referenced.has(k))) {
        await store.delete(key);
        removed++;
      }
    };
    for await (const { key, modifiedAt } of store.list()) {
      if (modifiedAt >= before) continue;
      if (key.endsWith('.part')) {
        await store.delete(key);
        removed++;
        continue;
      }
      batch.push(key);
      if (batch.length >= SWEEP_BATCH) await flush();
    }
    if (batch.length > 0) await flush();
    return removed;
  }

  /**
   * The bytes behind a signed file URL this API handed to the user (a temporary upload or one of
   * their files); null when the URL is not a valid, unexpired signature of one of their files.
   */
  async readSigned(userId: number, url: string): Promise<Buffer | null> {
    let parsed: URL;
    try {
      parsed = new URL(url, 'http://local');
    } catch {
      return null;
    }
    const match = /^\/api\/V1\/files\/((?:tmp|users)\/(\d+)\/[0-9a-f-]{36}\.[a-z0-9]{2,5})$/.exec(parsed.pathname);
    if (!match || Number(match[2]) !== userId) return null;
    const key = match[1]!;
    if (!this.verify(key, Number(parsed.searchParams.get('exp')), parsed.searchParams.get('sig') ?? '')) return null;
    const file = await this.deps.store.get(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  open(key: string) {
    return this.deps.store.get(key);
  }

  verify(key: string, exp: number, sig: string): boolean {
    return this.deps.urls.verify(key, exp, sig);
  }
}
