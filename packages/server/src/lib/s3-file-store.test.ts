import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from '../../test/s3-server.ts';
import { S3FileStore } from './s3-file-store.ts';

let s3: Awaited<ReturnType<typeof startS3>>;

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.close();
});

describe('files on an S3-compatible store', () => {
  it('puts, reads, lists and deletes objects under the same keys as the local disk', async () => {
    // Its own prefix: the other test's objects are not in its listing, whatever the order.
    const store = new S3FileStore({ ...s3.settings, prefix: 'essai/' });
    try {
      await store.put('users/7/a1b2c3.png', Buffer.from('image-bytes'));
      await store.put('tmp/7/d4e5f6.pdf', Buffer.from('%PDF-1.4'));
      const got = await store.get('users/7/a1b2c3.png');
      expect(got?.size).toBe(11);
      expect(await text(got!.stream)).toBe('image-bytes');
      expect(await store.get('users/7/absent.png')).toBeNull();
      const listed: string[] = [];
      for await (const f of store.list()) {
        listed.push(f.key);
        expect(f.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      }
      expect(listed.sort()).toEqual(['tmp/7/d4e5f6.pdf', 'users/7/a1b2c3.png']);
      await store.delete('users/7/a1b2c3.png');
      expect(await store.get('users/7/a1b2c3.png')).toBeNull();
      await expect(store.put('../etc/passwd.png', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    } finally {
      store.close();
    }
  });

  it('keeps to its prefix: another app’s objects in the bucket are neither listed nor reachable', async () => {
    const other = new S3FileStore({ ...s3.settings, prefix: 'autre-app/' });
    const mine = new S3FileStore({ ...s3.settings, prefix: 'ecofoyer/' });
    try {
      await other.put('users/1/x.png', Buffer.from('autre'));
      await mine.put('users/1/y.png', Buffer.from('moi'));
      const listed: string[] = [];
      for await (const f of mine.list()) listed.push(f.key);
      expect(listed).toEqual(['users/1/y.png']);
      expect(await mine.get('users/1/x.png')).toBeNull();
    } finally {
      other.close();
      mine.close();
    }
  });
});
