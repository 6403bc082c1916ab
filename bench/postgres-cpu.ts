import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU (user + system, µs) used so far by the embedded PostgreSQL, backends that have ended included, the bench runner started (its
 * postmaster and backends: the runner's descendants named `postgres`, the runner's pid handed to
 * the bench children as BENCH_POSTGRES_ROOT), from /proc. Undefined where that cannot be read (no
 * /proc, or an outside database: DATABASE_URL).
 */
export function postgresCpuUs(root = Number(process.env.BENCH_POSTGRES_ROOT)): number | undefined {
  if (!Number.isInteger(root) || root <= 1) return undefined;
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const ticksUs = 1_000_000 / 100; // USER_HZ is 100 on Linux
  const processes = new Map<number, { parent: number; postgres: boolean; cpuUs: number }>();
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime + stime, and cutime + cstime: the postmaster's include every backend it has reaped (a closed connection's work counts).
      processes.set(Number(pid), { parent: Number(fields[1]), postgres: name.startsWith('postgres'), cpuUs: (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * ticksUs });
    } catch {
      // The process ended while being read.
    }
  }
  const descends = (pid: number) => {
    for (let at = processes.get(pid)?.parent ?? 0, hops = 0; at > 1 && hops < 5; at = processes.get(at)?.parent ?? 0, hops++) if (at === root) return true;
    return false;
  };
  let total = 0;
  let found = false;
  for (const [pid, entry] of processes) {
    if (entry.postgres && descends(pid)) {
      total += entry.cpuUs;
      found = true;
    }
  }
  return found ? total : undefined;
}
