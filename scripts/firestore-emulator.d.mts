/** Types of scripts/firestore-emulator.mjs for the TypeScript callers (bench/firebase-reads.ts). */
export function findFirestoreJar(): string | null;
export function javaMajorVersion(): number | null;
export function startFirestoreEmulator(options?: {
  host?: string;
  port?: number;
  timeoutMs?: number;
  log?: (message: string) => void;
}): Promise<{ host: string; port: number; hostPort: string; logFile: string; stop: () => Promise<void> } | { reason: string }>;
export function loadFirestoreRules(hostPort: string, projectId: string, rules: string): Promise<void>;
