import { rm } from 'node:fs/promises';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { parseStorageUrl, type StorageConfig } from '../../api/src/config.js';
import { makeTempFolder } from '../../api/src/db/embedded-postgres.js';
import { s3Client } from '../../api/src/modules/uploads/s3-storage.js';

// A real S3-protocol HTTP server (s3rver, from npm) on loopback, with a folder of its own: the
// SDK's requests go over HTTP and are answered as S3 answers them.

/** s3rver accepts exactly this key pair. */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3Server {
  endpoint: string;
  /** The app's environment for a bucket of this server: STORAGE_URL and credentials. */
  env(bucket: string, prefix?: string): Record<string, string>;
  storage(bucket: string, prefix?: string): Extract<StorageConfig, { driver: 's3' }>;
  /** Every object key in the bucket. */
  keys(bucket: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3Server(buckets: string[]): Promise<S3Server> {
  const directory = await makeTempFolder('backflow-s3-');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = (bucket: string, prefix = '') => ({
    STORAGE_URL: `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&forcePathStyle=true`,
    ...CREDENTIALS,
  });
  const storage = (bucket: string, prefix = '') => {
    const parsed = parseStorageUrl(env(bucket, prefix).STORAGE_URL, directory, CREDENTIALS);
    if (typeof parsed === 'string' || parsed.driver !== 's3') throw new Error(String(parsed));
    return parsed;
  };
  return {
    endpoint,
    env,
    storage,
    async keys(bucket) {
      const client = s3Client(storage(bucket));
      try {
        const keys: string[] = [];
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }),
          );
          keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
        return keys.sort();
      } finally {
        client.destroy();
      }
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
