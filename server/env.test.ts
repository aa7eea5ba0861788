import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('media store settings', () => {
  it('keep the disk store by default', () => {
    expect(parseEnv({}).MEDIA_STORE).toBe('disk');
  });

  it('read the S3 settings, with the region and path style defaulted', () => {
    const env = parseEnv({ MEDIA_STORE: 's3', S3_BUCKET: 'medias', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' });
    expect(env).toMatchObject({ MEDIA_STORE: 's3', S3_BUCKET: 'medias', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true, S3_PREFIX: '' });
  });

  it('stop the start-up with the names of what MEDIA_STORE=s3 lacks', () => {
    expect(() => parseEnv({ MEDIA_STORE: 's3' })).toThrow(/S3_BUCKET: S3_BUCKET is required when MEDIA_STORE=s3/);
    expect(() => parseEnv({ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ MEDIA_STORE: 'ftp' })).toThrow(/MEDIA_STORE/);
    expect(() => parseEnv({ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'pas une url' })).toThrow(/S3_ENDPOINT/);
  });

  it('ask several instances (REDIS_URL) in production for the AUTH_SECRET they must share', () => {
    expect(() => parseEnv({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/AUTH_SECRET: AUTH_SECRET is required with REDIS_URL/);
    const secret = 'x'.repeat(32);
    expect(parseEnv({ REDIS_URL: 'redis://127.0.0.1:6379', AUTH_SECRET: secret }).AUTH_SECRET).toBe(secret);
    expect(() => parseEnv({ REDIS_URL: 'redis://127.0.0.1:6379', NODE_ENV: 'development' })).not.toThrow();
  });
});
