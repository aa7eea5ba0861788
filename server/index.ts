import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { resolveAuthSecret } from './auth/secret';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/data-lock';
import { seedIfEmpty } from './db/seed';
import { buildDeps } from './deps';
import { parseEnv, toConfig } from './env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const config = toConfig(parseEnv());
  fs.mkdirSync(config.dataDir, { recursive: true });
  const unlock = config.env.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
  process.on('exit', unlock);
  const database = await openDatabase({
    databaseUrl: config.env.DATABASE_URL,
    dataDir: config.env.DATABASE_URL ? undefined : path.join(config.dataDir, 'db'),
  });
  const deps = buildDeps({ db: database.db, config, secret: resolveAuthSecret(config.env.AUTH_SECRET, config.dataDir) });
  if (config.env.SEED === 'demo') await seedIfEmpty(deps);

  const app = createApp(deps, { distDir: path.join(root, 'dist') });
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    console.log(`Créathèque prête sur http://${config.host}:${info.port} (${database.kind}, données: ${config.dataDir})`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[server] ${signal}: arrêt`);
    server.close(() => {
      database.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
