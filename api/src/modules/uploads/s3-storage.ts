import { pipeline, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../../config.js';
import { checkedKey, DocumentMissingError, measuring, type StorageDriver } from './storage.js';

type S3Location = Extract<StorageConfig, { driver: 's3' }>;

/** lib-storage's smallest part: an upload holds at most one part in memory at a time. */
const PART_BYTES = 5 * 1024 * 1024;

/** The S3 client for a location; shared by the driver and the bucket checks of tests and tools. */
export function s3Client(location: S3Location): S3Client {
  return new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    credentials: location.credentials,
    // The SDK's default CRC32 checksums are refused by several S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

/**
 * Objects in an S3-compatible bucket, named prefix + key. Writes stream through lib-storage's
 * Upload (one PUT below 5 MiB, a multipart upload above), which completes the object only after
 * the content ended without error: a refused upload never becomes an object.
 */
export function createS3Storage(location: S3Location): StorageDriver {
  const client = s3Client(location);
  const Bucket = location.bucket;
  const objectKey = (key: string) => `${location.prefix}${checkedKey(key)}`;

  return {
    driver: 's3',
    location: `s3://${Bucket}/${location.prefix}`,
    async write(key, content, contentType) {
      const { stream, measured } = measuring();
      let contentError: unknown;
      content.once('error', (error) => {
        contentError = error;
      });
      // A failing content destroys the body, and the Upload stops before completing the object.
      pipeline(content, stream, () => {});
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: stream, ContentType: contentType },
        queueSize: 1,
        partSize: PART_BYTES,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // Aborting the multipart upload can fail in its turn; the content's error says why.
        throw contentError ?? error;
      }
      return measured();
    },
    async open(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return answer.Body as Readable;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
          ?.httpStatusCode;
        if ((error as Error).name === 'NoSuchKey' || status === 404) {
          throw new DocumentMissingError();
        }
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: location.prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield {
            key: object.Key.slice(location.prefix.length),
            modifiedAt: object.LastModified ?? new Date(0),
          };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close() {
      client.destroy();
    },
  };
}
