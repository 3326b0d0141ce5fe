import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LoadResult } from './grpc-load';
import { measurementId, type Round } from './bench-rounds';
import { on, pooledPerCpu } from './part-figures';
import type { Target } from './ratelimit-targets';
import { ONE_DESCRIPTOR } from './ratelimit-workloads';

const target: Target = { name: 'server', start: () => Promise.reject(new Error('not started here')) };
const measurement = on(target, ONE_DESCRIPTOR);
const roundWith = (calls: number, serverCpuMicrosPerCall: number): Round =>
  new Map([[measurementId(measurement), { calls, serverCpuMicrosPerCall } as LoadResult]]);

describe(pooledPerCpu.name, () => {
  it('counts every call of every round over all the CPU they cost, not a mean of the rounds', () => {
    // 1000 calls at 100 µs (0.1 s) and 3000 calls at 50 µs (0.15 s): 4000 calls in 0.25 s
    const rounds = [roundWith(1000, 100), roundWith(3000, 50)];
    assert.equal(pooledPerCpu(rounds, measurement), 16_000);
  });
});
