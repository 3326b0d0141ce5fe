// Heap profile of this process for N seconds, the Node equivalent of Go's /debug/pprof/heap:
// V8's sampling heap profiler records the stack of about one allocation per 32 KiB (V8's
// default interval) and reports those still alive at the end, as a `.heapprofile` JSON that
// Chrome DevTools (Memory, "Load profile") opens. Allocation stacks and sizes only: unlike a heap
// snapshot it holds no contents of memory (no settings, no secrets). Its stop includes one full
// garbage collection, which V8's inspector forces so the profile lists only live objects: a
// pause like a major GC of this heap (docs/service.md, "Debug listener", has the measured figures).
import { Session } from 'node:inspector/promises';
import type { ProfilePauses } from './profile-pauses';
import { waitUnlessAborted } from './wait-unless-aborted';

/** The profile's JSON; cut short (and still returned) when `signal` aborts; each pause in `pauses`. */
export async function profileHeap(
  seconds: number,
  signal: AbortSignal | undefined,
  pauses: ProfilePauses,
): Promise<string> {
  const session = new Session();
  session.connect();
  try {
    await pauses.time('start', () => session.post('HeapProfiler.startSampling'));
    await waitUnlessAborted(seconds * 1000, signal);
    const { profile } = await pauses.time('stop', () => session.post('HeapProfiler.stopSampling'));
    return pauses.time('json', () => JSON.stringify(profile));
  } finally {
    session.disconnect();
  }
}
