// A local S3-compatible server (s3rver) as its own process, for tests: started by
// tests/helpers/s3-server.ts, never by hand. Usage: node s3rver-process.mjs DIRECTORY BUCKET
// Listens on 127.0.0.1 on a free port, with BUCKET created in DIRECTORY, and prints one JSON line
// {"port": N} on stdout once it accepts requests. Stops on SIGTERM/SIGINT (or SIGKILL), and when
// its stdin closes: the test process that started it is gone, even if it could not kill it.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) {
  process.stderr.write('usage: node s3rver-process.mjs DIRECTORY BUCKET\n');
  process.exit(2);
}

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

// Nothing to flush (objects are written whole before each answer): exit at once.
const stop = () => process.exit(0);
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.stdin.on('end', stop).on('error', stop).resume();
