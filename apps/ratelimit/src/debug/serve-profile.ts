// /debug/pprof/profile and /debug/pprof/heap: `seconds` as Go's parameter, one profile at a time
// with a rest after each (ProfileSlot, 429 otherwise, sent REFUSAL_HOLD_MS late), cut short when
// the client goes away, served as a download with the event-loop pauses it caused as
// Server-Timing.
import type { ServerResponse } from 'node:http';
import { send, TEXT } from '../http-listener';
import type { CpuProfiler } from './cpu-profiler';
import { profileHeap } from './profile-heap';
import { waitUnlessAborted } from './wait-unless-aborted';
import { ProfilePauses } from './profile-pauses';
import type { ProfileKind, ProfileSlot } from './profile-slot';

interface ProfileRoute {
  readonly defaultSeconds: number;
  readonly maxSeconds: number;
  readonly fileName: string;
}

export const PROFILE_ROUTES: Readonly<Record<ProfileKind, ProfileRoute>> = {
  CPU: { defaultSeconds: 30, maxSeconds: 300, fileName: 'ratelimit.cpuprofile' },
  // Go's heap profile needs no wait; a sampling profile does: a short default
  heap: { defaultSeconds: 10, maxSeconds: 300, fileName: 'ratelimit.heapprofile' },
};

/** What the debug listener's profiles are taken with. */
export interface Profilers {
  readonly slot: ProfileSlot;
  readonly cpu: CpuProfiler;
}

/** How long a refusal (429) waits before it is sent. */
export const REFUSAL_HOLD_MS = 200;

type RunProfile = (seconds: number, signal: AbortSignal, pauses: ProfilePauses) => Promise<string>;

export async function serveProfile(
  kind: ProfileKind,
  url: URL,
  response: ServerResponse,
  { slot, cpu }: Profilers,
): Promise<void> {
  const route = PROFILE_ROUTES[kind];
  const run: RunProfile = kind === 'CPU' ? (...args) => cpu.profile(...args) : profileHeap;
  const raw = url.searchParams.get('seconds') ?? String(route.defaultSeconds);
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > route.maxSeconds)
    return send(
      response,
      400,
      `seconds must be an integer from 1 to ${route.maxSeconds}, got ${JSON.stringify(raw)}\n`,
    );
  const answer = slot.take(kind, seconds);
  const gone = new AbortController();
  const onClose = () => gone.abort();
  response.once('close', onClose);
  if (!answer.isTaken)
    return refuse(response, answer, gone.signal).finally(() => response.off('close', onClose));
  const pauses = new ProfilePauses();
  try {
    const json = await run(seconds, gone.signal, pauses);
    if (gone.signal.aborted) return;
    send(response, 200, json, {
      'content-type': 'application/json',
      'content-disposition': `attachment; filename="${route.fileName}"`,
      'server-timing': pauses.serverTiming(),
    });
  } finally {
    response.off('close', onClose);
    answer.release(pauses.totalMs());
  }
}

/**
 * 429, REFUSAL_HOLD_MS after the request: a client that asks again at once (a script's retry loop,
 * or an attacker) is refused at most 5 times a second per connection, where answering at once let
 * three connections make the serving thread refuse 7,000-11,000 requests a second.
 */
async function refuse(
  response: ServerResponse,
  refusal: { readonly message: string; readonly retryAfterSeconds: number },
  gone: AbortSignal,
): Promise<void> {
  await waitUnlessAborted(REFUSAL_HOLD_MS, gone);
  if (gone.aborted) return;
  const headers = { 'content-type': TEXT, 'retry-after': String(refusal.retryAfterSeconds) };
  send(response, 429, `${refusal.message}\n`, headers);
}
