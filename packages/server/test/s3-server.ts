import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-protocol server for the tests (s3rver, from npm: objects in a temp folder, SigV4
 * checked with its fixed keys), never a mock of the SDK. `env` is what the app needs to use it.
 */
export async function startS3(bucket = 'ecofoyer') {
  const directory = mkdtempSync(path.join(tmpdir(), 'ecofoyer-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    settings: { endpoint, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: '' },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
