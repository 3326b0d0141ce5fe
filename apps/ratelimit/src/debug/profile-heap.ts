// Heap profile of this process for N seconds, the Node equivalent of Go's /debug/pprof/heap:
// V8's sampling heap profiler records the stack of about one allocation per 32 KiB (V8's
// default interval) and reports those still alive at the end, as a `.heapprofile` JSON that
// Chrome DevTools (Memory, "Load profile") opens. Allocation stacks and sizes only: unlike a heap
// snapshot it holds no contents of memory (no settings, no secrets), and its stop takes
// milliseconds instead of seconds.
import { Session } from 'node:inspector/promises';
import { waitUnlessAborted } from './wait-unless-aborted';

/** The profile's JSON; cut short (and still returned) when `signal` aborts. */
export async function profileHeap(seconds: number, signal?: AbortSignal): Promise<string> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.startSampling');
    await waitUnlessAborted(seconds * 1000, signal);
    const { profile } = await session.post('HeapProfiler.stopSampling');
    return JSON.stringify(profile);
  } finally {
    session.disconnect();
  }
}
