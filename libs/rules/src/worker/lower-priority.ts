// A worker's CPU priority, for every thread of its process. On Linux a nice value belongs to a
// thread, and os.setPriority() without a pid sets the calling thread's only: V8's helper threads
// (parallel scavenges, concurrent marking, compiling), started before the worker's code runs, kept
// nice 0, so the garbage collection of a large parse competed with the service as an equal.
// Threads started later (libuv's pool) inherit the main thread's value.
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Workers run below the service: when the CPUs are busy, calls go first and the work waits. A load
 * of the operator's rule files at nice 10 still moves on a saturated machine (a 10 KB file loaded in
 * 0.24 s with both cores kept busy by other processes, 2.2 s at nice 19); console checks, which
 * anyone who reaches the console can send and nobody else waits on, at nice 19.
 */
export const LOAD_NICE = 10;
export const CHECK_NICE = 19;

/** Lowers every thread of this process to `nice`; where that is refused, the thread keeps its own. */
export function lowerPriority(nice: number): void {
  trySetPriority(0, nice);
  for (const thread of threadIds()) trySetPriority(thread, nice);
}

/** Lowers another process's main thread (threads it starts afterwards inherit the value). */
export function lowerPriorityOf(pid: number, nice: number): void {
  trySetPriority(pid, nice);
}

/** The process's threads, where /proc lists them (Linux); elsewhere none beyond the calling one. */
function threadIds(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return [];
  }
}

function trySetPriority(thread: number, nice: number): void {
  try {
    setPriority(thread, nice);
  } catch {
    // not allowed (a thread already lower than `nice`, no privilege to raise it) or gone meanwhile
  }
}
