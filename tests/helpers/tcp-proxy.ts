import net from 'node:net';

/**
 * A TCP relay on 127.0.0.1 to a real server (Redis, here), which a test can cut — every relayed
 * connection destroyed, new ones refused — and restore on the same port: "Redis down, then back"
 * without stopping the Redis other suites share.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Starts listening (on a free port the first time, on the same port after a cut); resolves to the port. */
  async start(): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
    return this.port;
  }

  /** The relay's address as a redis:// URL. */
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Down: relayed connections are destroyed and new ones refused until start() again. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
