import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { type FileStore, isSafeKey } from './file-store.ts';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO, Garage, Ceph, most self-hosted stores). */
  forcePathStyle: boolean;
  /** Folder inside the bucket the app's keys go under ('' for the bucket's root). */
  prefix: string;
}

/**
 * Uploaded files on an S3-compatible object store: replicas share them. Keys are the
 * same as on the local disk (`users/<id>/<uuid>.png`); a PUT is atomic on S3, so no `.part` files.
 * The browser never reaches the bucket: files are still served through the API's signed URLs.
 */
export class S3FileStore implements FileStore {
  /** The SDK (12 MB resident) loads only for a server that stores in a bucket (memory at rest). */
  private readonly sdk = import('@aws-sdk/client-s3');
  private readonly client: Promise<S3Client>;
  private opened: S3Client | null = null;

  constructor(private readonly settings: S3Settings) {
    this.client = this.sdk.then(({ S3Client }) => {
      this.opened = new S3Client({
        endpoint: settings.endpoint,
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
      });
      return this.opened;
    });
  }

  private objectKey(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe file key: ${key}`);
    return `${this.settings.prefix}${key}`;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const { PutObjectCommand } = await this.sdk;
    await (await this.client).send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Body: data, ContentLength: data.length }),
    );
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | null> {
    const { GetObjectCommand, NoSuchKey } = await this.sdk;
    try {
      const res = await (await this.client).send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      if (!res.Body) return null;
      return { stream: res.Body as Readable, size: res.ContentLength ?? 0 };
    } catch (error) {
      if (
        error instanceof NoSuchKey ||
        (error as { name?: string }).name === 'NoSuchKey' ||
        (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
      )
        return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { DeleteObjectCommand } = await this.sdk;
    await (await this.client).send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  async *list(): AsyncIterable<{ key: string; modifiedAt: Date }> {
    const { ListObjectsV2Command } = await this.sdk;
    const client = await this.client;
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.settings.prefix || undefined, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.settings.prefix.length);
        if (key && isSafeKey(key)) yield { key, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.opened?.destroy();
  }
}
