/**
 * `npm run start:firebase`: the Firebase mode on this machine in one command — emulators, rules,
 * demo seed, the `VITE_BACKEND=firebase` build (dist-firebase/) served on http://127.0.0.1:5174
 * (PORT to change). Ctrl-C stops everything it started. See scripts/firebase/local-stack.ts.
 */
import path from 'node:path';
import { startLocalFirebase } from './local-stack';

const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.PORT || 5174);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number (got ${process.env.PORT})`);
  process.exit(1);
}

const stack = await startLocalFirebase({
  outDir: path.join(root, 'dist-firebase'),
  port,
  projectId: process.env.GCLOUD_PROJECT || undefined,
  log: (line) => console.log(`[start:firebase] ${line}`),
}).catch((err: unknown) => {
  console.error(`[start:firebase] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

console.log(`
Créathèque, Firebase mode (project ${stack.projectId}, emulators: Auth ${stack.hosts.auth}, Firestore ${stack.hosts.firestore})

  ${stack.url}

Demo accounts:
${stack.seed.accounts.map((a) => `  ${a.role.padEnd(10)} ${a.email.padEnd(26)} ${a.password}`).join('\n')}
${stack.noStorage ? `\nNo Storage emulator (${stack.noStorage}): the submit page says uploads are not available.\n` : ''}
Ctrl-C to stop.`);

let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  console.log('\n[start:firebase] stopping…');
  void stack.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
