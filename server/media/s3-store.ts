import fs from 'node:fs';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { silenceAwsSdkNodeVersionWarning } from '../env';
import { contentTypeOf } from './serve-file';
import type { StorageDriver } from './storage-driver';
import { createMediaStore, type MediaStore } from './store';

export interface S3StoreOptions {
  /** Endpoint of an S3-compatible service (MinIO, R2, GCS interop…); AWS's own when omitted. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO, s3rver, most self-hosted). */
  forcePathStyle: boolean;
  /** Put before every key, so one bucket can hold several deployments (or test runs): `prod/`. */
  prefix?: string;
  /** Local folder for temp files (uploads land on disk first: sharp and ffmpeg need files). */
  tempDir: string;
  /** Multipart part size (≥ 5 MiB on AWS) and parts in flight: an upload buffers at most their product. */
  partSize?: number;
  queueSize?: number;
  /** The client to use, made by s3ClientOf() (tests add a middleware to count requests). */
  client?: S3Client;
}

/** 8 MiB × 2 in flight: a 50 MB video costs ~16 MB of buffers, whatever its size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * The media store on an S3-compatible bucket (MEDIA_STORE=s3). Same rules as on disk
 * (server/media/store.ts); objects are written whole by S3 itself, large ones streamed from their
 * local temp file in multipart parts.
 */
export function createS3Store(options: S3StoreOptions): MediaStore {
  return createMediaStore(createS3Driver(options), options.tempDir);
}

/** An S3 client for these options: path style or not, checksums only where S3 requires them. */
export function s3ClientOf(options: Omit<S3StoreOptions, 'tempDir' | 'client' | 'bucket'>): S3Client {
  silenceAwsSdkNodeVersionWarning();
  return new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: not every S3-compatible server takes the SDK's
    // newer default (CRC32 checksums in a trailer of each streamed request).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3Driver(options: S3StoreOptions): StorageDriver {
  const client = options.client ?? s3ClientOf(options);
  const Bucket = options.bucket;
  const prefix = normalPrefix(options.prefix);
  const keyOf = (key: string) => prefix + key;

  const stat = async (key: string) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
      return { size: head.ContentLength ?? 0, modifiedMs: head.LastModified?.getTime() ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  };

  return {
    kind: 's3',
    location: `s3://${Bucket}/${prefix}`,
    stat,
    async read(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: keyOf(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        return object.Body instanceof Readable ? object.Body : Readable.fromWeb(object.Body as never);
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async write(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: data, ContentType: typeOf(key) }));
    },
    async writeFrom(key, localFile) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: keyOf(key), Body: fs.createReadStream(localFile), ContentType: typeOf(key) },
        partSize: options.partSize ?? PART_SIZE,
        queueSize: options.queueSize ?? QUEUE_SIZE,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async move(from, to) {
      await client.send(
        new CopyObjectCommand({ Bucket, Key: keyOf(to), CopySource: `${Bucket}/${encodeURIComponent(keyOf(from)).replace(/%2F/g, '/')}` }),
      );
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(from) }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async clear(keyPrefix) {
      // One request per object: clear() empties a staging batch (a handful of files), and
      // DeleteObjects wants a body checksum that S3-compatible servers do not all check alike.
      for await (const { key } of listKeys(client, Bucket, prefix, keyPrefix)) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
      }
    },
    list: (keyPrefix) => listKeys(client, Bucket, prefix, keyPrefix),
    localFile: () => null,
    async reachable() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}

/** '' or `a/b/`: the prefix never starts with a slash and always ends with one. */
function normalPrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}

const typeOf = (key: string) => contentTypeOf(key) ?? 'application/octet-stream';

function isNotFound(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');
}

/** Keys under `prefix + keyPrefix`, a page (≤ 1000) at a time, without the store's prefix. */
async function* listKeys(client: S3Client, Bucket: string, prefix: string, keyPrefix: string) {
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix + keyPrefix, ContinuationToken }));
    for (const object of page.Contents ?? []) {
      if (!object.Key) continue;
      yield { key: object.Key.slice(prefix.length), modifiedMs: object.LastModified?.getTime() ?? 0 };
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}
