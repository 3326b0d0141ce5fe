// CPU time (user + system) a process has used so far, from /proc/<pid>/stat, in microseconds.
// Server CPU per call is the steadiest figure on a shared 2-core machine.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // Linux USER_HZ

export function processCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1_000_000) / TICKS_PER_SECOND;
}

/**
 * The CPU of a process and of every live descendant (a WORKERS=N primary and its workers): the
 * children are listed in /proc/<pid>/task/<tid>/children.
 */
export function processTreeCpuMicros(pid: number): number {
  let total = processCpuMicros(pid);
  for (const child of childrenOf(pid)) {
    try {
      total += processTreeCpuMicros(child);
    } catch {
      // exited between the listing and the read
    }
  }
  return total;
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    if (listed !== '') children.push(...listed.split(' ').map(Number));
  }
  return children;
}

/**
 * The CPU of a process's threads to the nanosecond (se.sum_exec_runtime of
 * /proc/<pid>/task/<tid>/sched, kernels with CONFIG_SCHED_DEBUG), in microseconds; the tick
 * counts of /proc/<pid>/stat (10 ms each) when that file is missing. A redis-server that spends
 * 50 ms over a measurement would otherwise be read to ±20 %.
 */
export function preciseCpuMicros(pid: number): number {
  let total = 0;
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const sched = readFileSync(`/proc/${pid}/task/${task}/sched`, 'utf8');
      const runtime = /^se\.sum_exec_runtime\s*:\s*([\d.]+)/m.exec(sched);
      if (runtime === null) return processCpuMicros(pid);
      total += Number(runtime[1]) * 1000; // ms with 6 decimals
    }
  } catch {
    return processCpuMicros(pid);
  }
  return total;
}
