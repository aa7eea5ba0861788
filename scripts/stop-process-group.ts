import type { ChildProcess } from 'node:child_process';

/**
 * Stops a child we started detached (it leads its own process group, so what it started goes too),
 * by its PID: SIGTERM, then SIGKILL after `timeoutMs`. Resolves once it has exited.
 */
export function stopProcessGroup(
  child: ChildProcess,
  { timeoutMs = 10_000, onKill }: { timeoutMs?: number; onKill?: (pid: number) => void } = {},
): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
    const pid = child.pid;
    const signal = (sig: NodeJS.Signals) => {
      try {
        process.kill(-pid, sig);
      } catch {
        try {
          process.kill(pid, sig); // not a group leader after all
        } catch {
          /* already gone */
        }
      }
    };
    const timer = setTimeout(() => {
      onKill?.(pid);
      signal('SIGKILL');
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    signal('SIGTERM');
  });
}
