import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getHeapSpaceStatistics } from 'node:v8';
import { collectAllGarbage, releaseStartUpMemory, RELEASE_DELAY_MS } from './release-start-up-memory';

const youngGenerationBytes = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;

/** Short-lived garbage in bulk, as start-up makes: V8 grows the young generation for it. */
function allocateGarbage(): number {
  let kept = 0;
  for (let i = 0; i < 2_000_000; i++) kept += [i, { i }, `${i}`].length;
  return kept;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('releaseStartUpMemory', () => {
  it('collectAllGarbage shrinks the young generation and leaves no gc() on the global', () => {
    allocateGarbage();
    const grown = youngGenerationBytes();
    collectAllGarbage();
    assert.ok(youngGenerationBytes() < grown, `${youngGenerationBytes()} < ${grown}`);
    assert.equal((globalThis as { gc?: unknown }).gc, undefined);
  });

  it('collects once after the delay when the process is idle', async () => {
    const released: number[] = [];
    releaseStartUpMemory((cpuMs) => released.push(cpuMs));
    await wait(RELEASE_DELAY_MS / 2);
    assert.equal(released.length, 0);
    await wait(RELEASE_DELAY_MS);
    assert.equal(released.length, 1);
    assert.ok(released[0] >= 0);
  });

  it('waits while the event loop is busy (calls are being served), then collects when idle', async () => {
    const released: number[] = [];
    releaseStartUpMemory((cpuMs) => released.push(cpuMs), 2);
    const busyUntil = Date.now() + RELEASE_DELAY_MS;
    while (Date.now() < busyUntil) allocateGarbage(); // the timer cannot fire while this runs
    await wait(100);
    assert.deepEqual(released, [], 'not while busy');
    await wait(RELEASE_DELAY_MS);
    assert.equal(released.length, 1, 'at the next idle try');
  });

  it('gives up after its last busy try', async () => {
    const released: number[] = [];
    releaseStartUpMemory((cpuMs) => released.push(cpuMs), 1);
    const busyUntil = Date.now() + RELEASE_DELAY_MS;
    while (Date.now() < busyUntil) allocateGarbage();
    await wait(RELEASE_DELAY_MS + 200);
    assert.deepEqual(released, []);
  });
});
