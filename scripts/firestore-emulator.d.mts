/** Types of scripts/firestore-emulator.mjs (plain Node ESM, also run by scripts/test-all.mjs), for its TypeScript callers. */

export interface StartedFirestoreEmulator {
  host: string;
  port: number;
  hostPort: string;
  logFile: string;
  stop: () => Promise<void>;
}

export function findFirestoreJar(): string | null;
export function javaMajorVersion(): number | null;
export function startFirestoreEmulator(options?: {
  host?: string;
  port?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}): Promise<StartedFirestoreEmulator | { reason: string }>;
export function loadFirestoreRules(hostPort: string, projectId: string, rules: string): Promise<void>;
export function clearFirestoreEmulator(hostPort: string, projectId: string): Promise<void>;
