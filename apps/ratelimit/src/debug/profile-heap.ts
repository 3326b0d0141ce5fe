// Heap profile of this process for N seconds, the Node equivalent of Go's /debug/pprof/heap:
// V8's sampling heap profiler records the stack of about one allocation per 32 KiB (V8's
// default interval) and reports those not yet collected at the end, as a `.heapprofile` JSON
// that Chrome DevTools (Memory, "Load profile") opens. Allocation stacks and sizes only: unlike a
// heap snapshot it holds no contents of memory (no settings, no secrets).
// Through @datadog/pprof's binding of that profiler, not node:inspector: the inspector's stop
// forces a full garbage collection (so that only live objects are listed), a pause like a major
// GC of the whole heap (60-210 ms measured with a 5 MB rules file loaded); without it the stop
// is a walk of the sampled tree (about 1-2 ms). Like Go's heap profile, which is as of the last
// GC, a profile may list sampled objects that are dead but not collected yet. The package is
// native (prebuilt for Linux, macOS, Windows) and loaded on the first heap profile only
// (scripts/swc-config.mjs, LAZY_NATIVE_MODULES). Its binding module alone, not the package's
// index (which loads its pprof encoder and source-map reader too): 3 ms to load instead of 11-15.
// A module inside the package, so package.json pins its version.
import {
  mapAllocationProfile,
  startSamplingHeapProfiler,
  stopSamplingHeapProfiler,
} from '@datadog/pprof/out/src/heap-profiler-bindings';
import type { ProfilePauses } from './profile-pauses';
import { toHeapProfile } from './to-heap-profile';
import { waitUnlessAborted } from './wait-unless-aborted';

/** V8's default sampling interval (the inspector's too): about one sample per 32 KiB allocated. */
const SAMPLING_INTERVAL_BYTES = 32 * 1024;
/** Frames kept per sampled stack (the inspector's default: V8's, 128). */
const STACK_DEPTH = 128;

/** The profile's JSON; cut short (and still returned) when `signal` aborts; each pause in `pauses`. */
export async function profileHeap(
  seconds: number,
  signal: AbortSignal | undefined,
  pauses: ProfilePauses,
): Promise<string> {
  // no `allocations`: with it V8 forces a full collection at each read of the profile
  await pauses.time('start', () => startSamplingHeapProfiler(SAMPLING_INTERVAL_BYTES, STACK_DEPTH));
  try {
    await waitUnlessAborted(seconds * 1000, signal);
    // the tree's nodes live during the callback only: converted there
    const profile = await pauses.time('stop', () => mapAllocationProfile(toHeapProfile));
    return pauses.time('json', () => JSON.stringify(profile));
  } finally {
    stopSamplingHeapProfiler();
  }
}
