import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { profileHeap } from './profile-heap';
import { ProfilePauses } from './profile-pauses';
import type { HeapProfile } from './to-heap-profile';

describe(profileHeap.name, () => {
  it('samples the heap through the native profiler and stops it again (so a next one can start)', async () => {
    const gone = AbortSignal.abort();
    for (let round = 1; round <= 2; round++) {
      const pauses = new ProfilePauses();
      const profile = JSON.parse(await profileHeap(1, gone, pauses)) as HeapProfile;
      assert.equal(profile.head.callFrame.functionName, '(root)');
      assert.deepEqual(Object.keys(profile), ['head', 'samples']);
      assert.deepEqual(
        pauses
          .serverTiming()
          .split(', ')
          .map((timing) => timing.split(';')[0]),
        ['start', 'stop', 'json'],
      );
    }
  });
});
