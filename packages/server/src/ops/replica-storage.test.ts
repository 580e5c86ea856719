import { describe, expect, it } from 'vitest';
import { replicaStorageWarning } from '../config.ts';

describe('files on one disk under a database several replicas may share', () => {
  it('warns at start with PostgreSQL and the local file store, and only then', () => {
    const local = { dataDir: '/srv/ecofoyer', databaseUrl: 'postgres://db/ecofoyer', s3: undefined };
    expect(replicaStorageWarning(local)).toBe(
      'Fichiers stockés sur le disque local (/srv/ecofoyer/files) avec une base PostgreSQL : si plusieurs instances du serveur ' +
        'partagent cette base, chacune ne voit que ses propres fichiers (photos, factures, notices, dossiers). Avec plusieurs ' +
        'instances, configurez S3_ENDPOINT et S3_BUCKET, ou donnez-leur le même dossier DATA_DIR partagé.',
    );
    // PGlite: one process holds the data folder; S3: every replica reads the same bucket.
    expect(replicaStorageWarning({ ...local, databaseUrl: undefined })).toBeNull();
    expect(
      replicaStorageWarning({
        ...local,
        s3: {
          endpoint: 'http://s3',
          bucket: 'ecofoyer',
          region: 'us-east-1',
          accessKeyId: 'a',
          secretAccessKey: 'b',
          forcePathStyle: true,
          prefix: '',
        },
      }),
    ).toBeNull();
  });
});
