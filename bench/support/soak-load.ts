// The traffic of a soak run, shaped like days of production compressed into minutes: closed-loop
// gRPC calls (paced to a rate) whose descriptors rotate through ever new values on windows of one
// to five seconds, so counters, per-value stats and local-cache entries are created and expire
// all the time; /json over a keep-alive connection; a new gRPC channel every 30 s and a new HTTP
// connection per health check, so connections open and close as clients come and go.
import { performance } from 'node:perf_hooks';
import { createFaultClient } from '../../apps/ratelimit/load/fault-client';
import { httpCall } from '../../apps/ratelimit/load/keep-alive-callers';

/** Windows of 1 to 5 s (many rollovers), every algorithm, a wildcard and per-value stats. */
export const SOAK_RULES = `
domain: soak
descriptors:
  - key: user
    detailed_metric: true
    rate_limit: { unit: second, requests_per_unit: 2 }
  - key: route
    value: /r/*
    rate_limit: { unit: second, unit_multiplier: 2, requests_per_unit: 20 }
  - key: session
    rate_limit: { unit: second, unit_multiplier: 5, requests_per_unit: 3, algorithm: sliding_window }
  - key: token
    rate_limit: { unit: second, requests_per_unit: 5, algorithm: token_bucket, burst: 10 }
`;

/** Call n: a value never seen before (user), 100 routes, sessions of 4 calls, 1,000 tokens; every 10th call overrides its limit. */
export function soakRequest(n: number): object {
  const descriptors: object[] = [
    { entries: [{ key: 'user', value: `u${n}` }] },
    { entries: [{ key: 'route', value: `/r/${n % 100}` }] },
    { entries: [{ key: 'session', value: `s${Math.floor(n / 4)}` }] },
    { entries: [{ key: 'token', value: `t${n % 1000}` }] },
  ];
  if (n % 10 === 0)
    descriptors.push({
      entries: [{ key: 'override', value: `o${n}` }],
      limit: { requestsPerUnit: 1, unit: 'SECOND' },
    });
  return { domain: 'soak', descriptors };
}

export interface SoakLoadOptions {
  readonly grpcAddress: string;
  readonly httpUrl: string;
  readonly inFlight: number;
  /** 0 = unpaced. */
  readonly callsPerSecond: number;
}

export interface SoakCounts {
  calls: number;
  /** Outcomes other than OK / OVER_LIMIT (/json: other than 200 / 429), by code. */
  readonly errors: Record<string, number>;
  json: number;
  healthChecks: number;
}

export interface SoakLoad {
  readonly counts: SoakCounts;
  /** Stops starting calls; resolves once every call has been answered. */
  stop(): Promise<void>;
}

const CHANNEL_LIFETIME_MS = 30_000;
const JSON_EVERY_MS = 20;
const HEALTH_EVERY_MS = 1000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startSoakLoad(options: SoakLoadOptions): SoakLoad {
  const counts: SoakCounts = { calls: 0, errors: {}, json: 0, healthChecks: 0 };
  const countError = (code: string) => (counts.errors[code] = (counts.errors[code] ?? 0) + 1);
  const state = { stopped: false };
  const grpc = startGrpcCalls(options, state, () => counts.calls++, countError);
  const jsonBody = JSON.stringify({
    domain: 'soak',
    descriptors: [{ entries: [{ key: 'route', value: '/r/json' }] }],
  });
  const json = repeat(state, JSON_EVERY_MS, async () => {
    const status = await postJson(options.httpUrl, jsonBody).catch(() => 0);
    counts.json++;
    if (status !== 200 && status !== 429) countError(`json ${status}`);
  });
  const health = repeat(state, HEALTH_EVERY_MS, async () => {
    // A connection of its own, closed after the answer (as a kubelet probe).
    const answer = await httpCall(`${options.httpUrl}/healthcheck`).catch(() => ({ status: 0 }));
    counts.healthChecks++;
    if (answer.status !== 200) countError(`healthcheck ${answer.status}`);
  });
  return {
    counts,
    stop: async () => {
      state.stopped = true;
      await Promise.all([grpc.stopped, json, health]);
    },
  };
}

/** Runs `work`, pauses `everyMs`, again, until stopped. */
async function repeat(
  state: { stopped: boolean },
  everyMs: number,
  work: () => Promise<void>,
): Promise<void> {
  while (!state.stopped) {
    await work();
    await pause(everyMs);
  }
}

/** `inFlight` workers paced to `callsPerSecond`, on a channel renewed every 30 s. */
function startGrpcCalls(
  options: SoakLoadOptions,
  state: { stopped: boolean },
  onCall: () => void,
  onError: (code: string) => void,
) {
  // A channel of its own each time (not grpc-js's shared subchannel), so a new connection opens.
  const newClient = () => createFaultClient(options.grpcAddress, { 'grpc.use_local_subchannel_pool': 1 });
  let client = newClient();
  const renew = setInterval(() => {
    const old = client;
    client = newClient();
    setTimeout(() => old.close(), 10_000); // calls still on the old channel finish first
  }, CHANNEL_LIFETIME_MS);
  let startedAt = performance.now();
  let issued = 0;
  const worker = async () => {
    while (!state.stopped) {
      const n = issued++;
      if (options.callsPerSecond > 0) {
        const dueMs = startedAt + (n * 1000) / options.callsPerSecond - performance.now();
        // Behind by more than a second (the machine was busy): catch up one second, not the rest.
        if (dueMs < -1000) startedAt -= dueMs + 1000;
        if (dueMs > 1) await pause(dueMs);
      }
      const outcome = await client.call(soakRequest(n), 10_000);
      onCall();
      if (outcome.code !== 'OK' && outcome.code !== 'OVER_LIMIT') onError(`grpc ${outcome.code}`);
    }
  };
  const workers = Array.from({ length: options.inFlight }, worker);
  const stopped = Promise.all(workers).then(() => {
    clearInterval(renew);
    client.close();
  });
  return { stopped };
}

/** fetch keeps its connection alive between calls: one long-lived /json client. */
async function postJson(httpUrl: string, body: string): Promise<number> {
  const response = await fetch(`${httpUrl}/json`, {
    method: 'POST',
    body,
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return response.status;
}
