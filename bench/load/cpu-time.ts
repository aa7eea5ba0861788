/**
 * CPU time spent during a run, from /proc: the server's processes, PostgreSQL's (every process named
 * `postgres` on the machine: its backends, writer and WAL), and the machine as a whole. On a VM whose
 * speed drifts from one minute to the next, the CPU a request costs moves far less than req/s do: it
 * is what an A/B of a code change compares (docs/benchmarks.md).
 */
import fs from 'node:fs';

/** Kernel clock ticks per second (USER_HZ), 100 on Linux. */
const TICKS_PER_SECOND = 100;

export interface CpuSnapshot {
  serverMs: number;
  postgresMs: number;
  /** Busy and total time of all cores (/proc/stat). */
  machineBusyMs: number;
  machineTotalMs: number;
}

export interface CpuUse {
  /** Server CPU per answered request (all its processes). */
  serverMsPerRequest: number;
  postgresMsPerRequest: number;
  /** Share of the machine's cores busy during the run (everything: server, PostgreSQL, load generator). */
  machineBusyShare: number;
}

/**
 * utime + stime of one process and cutime + cstime of its ended children, in ms (fields 14–17 of
 * /proc/pid/stat, after the command's closing parenthesis): a PostgreSQL backend that ends during a
 * run leaves its time to the postmaster's children fields.
 */
function processCpuMs(pid: number): { comm: string; ms: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // fields[0] is the state (field 3): utime is field 14, stime 15, cutime 16, cstime 17.
    const ticks = fields.slice(11, 15).reduce((sum, n) => sum + Number(n), 0);
    return { comm, ms: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return null; // ended meanwhile
  }
}

function postgresCpuMs(): number {
  let ms = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const one = processCpuMs(Number(entry));
    if (one?.comm === 'postgres') ms += one.ms;
  }
  return ms;
}

function machineMs(): { busy: number; total: number } {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const values = ticks.map(Number);
  // user nice system idle iowait irq softirq steal (guest times are already in user).
  const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = values[3]! + values[4]!;
  return { busy: ((total - idle) * 1000) / TICKS_PER_SECOND, total: (total * 1000) / TICKS_PER_SECOND };
}

export function cpuSnapshot(serverPids: readonly number[]): CpuSnapshot {
  const machine = machineMs();
  return {
    serverMs: serverPids.reduce((sum, pid) => sum + (processCpuMs(pid)?.ms ?? 0), 0),
    postgresMs: postgresCpuMs(),
    machineBusyMs: machine.busy,
    machineTotalMs: machine.total,
  };
}

export function cpuUse(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuUse {
  const per = (ms: number) => (requests > 0 ? +(ms / requests).toFixed(3) : 0);
  const total = after.machineTotalMs - before.machineTotalMs;
  return {
    serverMsPerRequest: per(after.serverMs - before.serverMs),
    postgresMsPerRequest: per(after.postgresMs - before.postgresMs),
    machineBusyShare: total > 0 ? +((after.machineBusyMs - before.machineBusyMs) / total).toFixed(3) : 0,
  };
}
