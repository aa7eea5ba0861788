import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { logger } from '../log';

/**
 * AUTH_SECRET signs session cookies. Without one, a random secret is generated once and kept in
 * DATA_DIR so sessions survive restarts; production deployments should set AUTH_SECRET.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(32).toString('hex');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  logger.warn(`AUTH_SECRET not set: generated one in ${file}`);
  return secret;
}
