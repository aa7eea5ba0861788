import path from 'node:path';
import type { ServerConfig } from '../env';
import { createS3Store } from './s3-store';
import { createDiskStore, type MediaStore } from './store';

/**
 * The media store the configuration asks for (MEDIA_STORE): DATA_DIR/media by default, or the
 * S3 bucket; local temp files stay in DATA_DIR/media/.tmp either way.
 */
export function mediaStoreOf(config: Pick<ServerConfig, 'env' | 'dataDir'>): MediaStore {
  const { env } = config;
  const root = path.join(config.dataDir, 'media');
  if (env.MEDIA_STORE === 'disk') return createDiskStore(root);
  return createS3Store({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
    tempDir: path.join(root, '.tmp'),
  });
}
