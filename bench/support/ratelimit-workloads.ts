// The requests of the ratelimit benchmark. Every descriptor is under its limit, so each call is
// a full decision (count, compare, answer).
import type { Workload } from './bench-rounds';

const CLIENTS = 1000;
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 64);

/** Two descriptors per call, as Envoy sends for a route with two rate limit actions. */
const twoDescriptors = (n: number) => ({
  domain: 'bench',
  descriptors: [
    { entries: [{ key: 'client_id', value: `client-${n % CLIENTS}` }] },
    { entries: [{ key: 'path', value: `/api/items/${n % 50}` }] },
  ],
});

/** One descriptor per call (a client id), the unit of the Redis-work comparison (docs/benchmarks.md). */
const oneDescriptor = (n: number) => ({
  domain: 'bench',
  descriptors: [{ entries: [{ key: 'client_id', value: `client-${n % CLIENTS}` }] }],
});

export const TWO_DESCRIPTORS: Workload = {
  name: `2 descriptors, ${IN_FLIGHT} in flight`,
  descriptors: 2,
  inFlight: IN_FLIGHT,
  channels: 1,
  request: twoDescriptors,
};

export const ONE_DESCRIPTOR: Workload = {
  name: `1 descriptor, ${IN_FLIGHT} in flight`,
  descriptors: 1,
  inFlight: IN_FLIGHT,
  channels: 1,
  redisIdleSeconds: 2,
  request: oneDescriptor,
};

/**
 * One descriptor per call over 100 client ids: the cached part's load (docs/benchmarks.md), where
 * every key is hit many times per flush interval, as a hot key is behind a fleet.
 */
export const HUNDRED_KEYS: Workload = {
  name: `1 descriptor, 100 keys, ${IN_FLIGHT} in flight`,
  descriptors: 1,
  inFlight: IN_FLIGHT,
  channels: 1,
  redisIdleSeconds: 2,
  request: (n: number) => oneDescriptor(n % 100),
};

/** The same 100 client ids one call at a time: the latency of one call, not of a queue of 64. */
export const HUNDRED_KEYS_ONE_AT_A_TIME: Workload = {
  ...HUNDRED_KEYS,
  name: '1 descriptor, 100 keys, 1 in flight',
  inFlight: 1,
  redisIdleSeconds: undefined,
};

export const ONE_AT_A_TIME: Workload = {
  name: '1 descriptor, 1 in flight',
  descriptors: 1,
  inFlight: 1,
  channels: 1,
  request: oneDescriptor,
};

/** Two connections, so that node:cluster can hand one to each of WORKERS=2. */
export const TWO_CONNECTIONS: Workload = {
  name: `1 descriptor, ${IN_FLIGHT} in flight, 2 connections`,
  descriptors: 1,
  inFlight: IN_FLIGHT,
  channels: 2,
  request: oneDescriptor,
};
