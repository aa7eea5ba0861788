import net from 'node:net';

/**
 * Where the Firebase emulators are, and whether they answer. Firebase suites use this to run for
 * real or to report themselves skipped with the reason — never a fake pass.
 *
 *   Auth       FIREBASE_AUTH_EMULATOR_HOST     default 127.0.0.1:9099 (pure JS in firebase-tools: runs here)
 *   Firestore  FIRESTORE_EMULATOR_HOST         default 127.0.0.1:8080 (a Java program from Google)
 *   Storage    FIREBASE_STORAGE_EMULATOR_HOST  default 127.0.0.1:9199 (needs Google's rules runtime JAR)
 */
export type EmulatorName = 'auth' | 'firestore' | 'storage';

const ENV: Record<EmulatorName, string[]> = {
  auth: ['FIREBASE_AUTH_EMULATOR_HOST'],
  firestore: ['FIRESTORE_EMULATOR_HOST'],
  storage: ['FIREBASE_STORAGE_EMULATOR_HOST', 'STORAGE_EMULATOR_HOST'],
};
const DEFAULT_PORT: Record<EmulatorName, number> = { auth: 9099, firestore: 8080, storage: 9199 };

/** The project every Firebase suite uses (a demo- project never reaches Google). */
export const PROJECT_ID = 'demo-creatheque';

export interface EmulatorProbe {
  name: EmulatorName;
  host: string;
  port: number;
  available: boolean;
  /** Why it is not available (printed by the suites that skip). */
  reason: string;
}

function hostPort(name: EmulatorName): { host: string; port: number; from: string } {
  for (const key of ENV[name]) {
    const value = process.env[key]?.replace(/^https?:\/\//, '');
    if (!value) continue;
    const i = value.lastIndexOf(':');
    const host = (i > 0 ? value.slice(0, i) : value).replace(/^\[|\]$/g, '');
    const port = i > 0 ? Number(value.slice(i + 1)) : DEFAULT_PORT[name];
    return { host: host === 'localhost' ? '127.0.0.1' : host, port, from: key };
  }
  return { host: '127.0.0.1', port: DEFAULT_PORT[name], from: `${ENV[name][0]} unset, default port` };
}

function answers(host: string, port: number, timeoutMs = 1500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Probes one emulator (a TCP connection to its port). */
export async function probe(name: EmulatorName): Promise<EmulatorProbe> {
  const { host, port, from } = hostPort(name);
  const ok = await answers(host, port);
  return {
    name,
    host,
    port,
    available: ok,
    reason: ok ? '' : `nothing answers on ${host}:${port} (${from})`,
  };
}

const LABEL: Record<EmulatorName, string> = { auth: 'Auth', firestore: 'Firestore', storage: 'Storage' };

/** Prints the skip line of a suite whose emulator is missing. */
export function reportSkip(suite: string, missing: EmulatorProbe[]): void {
  for (const p of missing) {
    console.log(`[firebase] ${LABEL[p.name]} emulator not available (${p.reason}): skipping ${suite}`);
  }
}
