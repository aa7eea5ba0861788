/**
 * The real services a fault drill runs against, each started on a free port of 127.0.0.1 and
 * owned by the drill so it can take them away: a PostgreSQL cluster of its own (initdb + pg_ctl in
 * a temporary folder), a redis-server, an S3-compatible server (s3rver) reached through a TCP relay
 * the drill can cut, and the built server's instances.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startS3Server, type S3TestServer } from '../../tests/helpers/s3-server';
import { TcpProxy } from '../../tests/helpers/tcp-proxy';
import { freePort } from '../load/server';
import { startCommand } from '../start-command';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The newest PostgreSQL server binaries Debian installed (/usr/lib/postgresql/<version>/bin). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)');
  return path.join(root, newest, 'bin');
}

/** initdb refuses to run as root: as root, PostgreSQL's commands run as the postgres user. */
function asPostgres(command: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, { stdio: 'pipe' });
}

export class PgCluster {
  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async start(options: { maxConnections: number }): Promise<PgCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-drill-pg-'));
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
    const bin = postgresBin();
    asPostgres(path.join(bin, 'initdb'), ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    const cluster = new PgCluster(dir, await freePort());
    fs.appendFileSync(
      `${dir}/data/postgresql.conf`,
      `\nport = ${cluster.port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nmax_connections = ${options.maxConnections}\nfsync = on\n`,
    );
    cluster.up();
    execFileSync('psql', ['-h', '127.0.0.1', '-p', String(cluster.port), '-U', 'postgres', '-qc', 'create database creatheque'], {
      stdio: 'pipe',
    });
    return cluster;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/creatheque`;
  }

  up(): void {
    asPostgres(path.join(postgresBin(), 'pg_ctl'), ['-D', `${this.dir}/data`, '-l', `${this.dir}/log`, '-w', '-t', '60', 'start']);
  }

  /** `fast`: sessions are ended and the server shuts down cleanly; `immediate`: it is stopped as by a crash. */
  down(mode: 'fast' | 'immediate'): void {
    asPostgres(path.join(postgresBin(), 'pg_ctl'), ['-D', `${this.dir}/data`, '-m', mode, '-w', 'stop']);
  }

  destroy(): void {
    try {
      this.down('immediate');
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export class RedisServer {
  private child: ChildProcess | null = null;
  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-drill-redis-')), await freePort());
    await server.up();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir];
    this.child = spawn('redis-server', args, { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      try {
        execFileSync('redis-cli', ['-p', String(this.port), 'ping'], { stdio: 'pipe' });
        return;
      } catch {
        await sleep(50);
      }
    }
    throw new Error('redis-server did not start');
  }

  /** SIGKILL: what Redis had in memory is gone, as after a crash. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async destroy(): Promise<void> {
    await this.kill();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** s3rver behind a relay: cutting the relay makes the object store refuse connections. */
export class ObjectStore {
  private constructor(
    private readonly s3: S3TestServer,
    readonly relay: TcpProxy,
    private readonly port: number,
  ) {}

  static async start(): Promise<ObjectStore> {
    const s3 = await startS3Server({ bucket: 'creatheque-drill' });
    const relay = new TcpProxy({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });
    const port = await relay.start();
    return new ObjectStore(s3, relay, port);
  }

  /** The MEDIA_STORE=s3 settings of a server, through the relay. */
  get env(): Record<string, string> {
    return { ...this.s3.env, S3_ENDPOINT: `http://127.0.0.1:${this.port}` };
  }

  async destroy(): Promise<void> {
    await this.relay.cut();
    await this.s3.stop();
  }
}

/**
 * The settings of a server instance on these services, as production runs it, with the limits
 * that would refuse a load test's clients switched off (sign-in attempts, write budgets).
 */
export function instanceEnv(pg: PgCluster, redis: RedisServer, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT: '100000',
    WRITE_RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** One instance of the built server (dist-server/index.js), started as `npm start` starts it. */
export class Instance {
  private child: ChildProcess | null = null;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly logFile: string,
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The server process' id while it runs. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  async up(timeoutMs = 120_000): Promise<void> {
    const start = startCommand();
    const log = fs.openSync(this.logFile, 'a');
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, ...start.env, ...this.env, PORT: String(this.port) };
    this.child = spawn(process.execPath, [...start.nodeFlags, path.resolve('dist-server/index.js')], { env, stdio: ['ignore', log, log] });
    fs.closeSync(log);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`${this.name} exited (${this.child.exitCode}); see ${this.logFile}`);
      const ready = await fetch(`${this.origin}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      await sleep(100);
    }
    throw new Error(`${this.name} not ready after ${timeoutMs} ms; see ${this.logFile}`);
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}
