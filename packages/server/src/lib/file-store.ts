import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live: a local folder by default; an S3 store implements the same. */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /**
   * Every stored file with its last change, unfinished writes (`<key>.part`) included: the sweep
   * of files no row refers to (FileService.sweepOrphans) needs it; a store without it is not swept.
   */
  list?(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /** Releases connections (S3 client); nothing for the local disk. */
  close?(): void;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.(jpg|png|webp|pdf)$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//');
}

const PARTIAL = '.part';

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  /** The path of a key, or of the unfinished write of one (`<key>.part`, which only the sweep names). */
  private file(key: string): string {
    const base = key.endsWith(PARTIAL) ? key.slice(0, -PARTIAL.length) : key;
    if (!isSafeKey(base)) throw new Error(`unsafe file key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written under a temporary name then renamed: a crash never leaves half a file under the key.
    const partial = `${file}${PARTIAL}`;
    try {
      await writeFile(partial, data);
      await rename(partial, file);
    } catch (error) {
      // A disk full (or gone read-only) mid-write: the partial file goes at once, not at the next sweep.
      await rm(partial, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string) {
    const file = this.file(key);
    try {
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async *list(): AsyncIterable<{ key: string; modifiedAt: Date }> {
    let names: string[];
    try {
      names = await readdir(this.root, { recursive: true });
    } catch {
      return;
    }
    for (const name of names) {
      const key = name.split(path.sep).join('/');
      const base = key.endsWith(PARTIAL) ? key.slice(0, -PARTIAL.length) : key;
      if (!isSafeKey(base)) continue;
      try {
        const info = await stat(path.join(this.root, name));
        if (info.isFile()) yield { key, modifiedAt: info.mtime };
      } catch {
        // Gone meanwhile.
      }
    }
  }
}
