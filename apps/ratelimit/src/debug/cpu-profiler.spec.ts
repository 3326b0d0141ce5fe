import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { CpuProfiler } from './cpu-profiler';
import { ProfilePauses } from './profile-pauses';

interface CpuProfile {
  readonly nodes: readonly { readonly callFrame: { readonly functionName: string } }[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
}

const profileOf = async (profiler: CpuProfiler, seconds: number) =>
  JSON.parse(await profiler.profile(seconds, undefined, new ProfilePauses())) as CpuProfile;

describe(CpuProfiler.name, () => {
  it("samples 100 times a second (Go's rate), whatever the profile's length", async () => {
    const profiler = new CpuProfiler();
    try {
      const profile = await profileOf(profiler, 1);
      assert.equal(profile.nodes[0]?.callFrame.functionName, '(root)');
      // 1,000 a second (V8's default) would give about 1,000
      assert.ok(
        profile.samples.length >= 20 && profile.samples.length <= 150,
        `${profile.samples.length} samples in 1 s`,
      );
    } finally {
      profiler.close();
    }
  });

  it('stays warm until keepWarmMs after the last profile, then cold again', async () => {
    const profiler = new CpuProfiler({ keepWarmMs: 300, keeperRotateMs: 10_000 });
    try {
      assert.equal(profiler.isWarm, false, 'no profile yet');
      const pauses = new ProfilePauses();
      const running = profiler.profile(1, undefined, pauses);
      await sleep(200);
      assert.equal(profiler.isWarm, true, 'during a profile');
      await running;
      assert.equal(profiler.isWarm, true, 'right after it');
      await profileOf(profiler, 1);
      await sleep(150);
      assert.equal(profiler.isWarm, true, 'a later profile put the cooling off');
      await sleep(600);
      assert.equal(profiler.isWarm, false, 'keepWarmMs after the last one');
      assert.ok((await profileOf(profiler, 1)).samples.length > 0, 'a cold profiler profiles again');
    } finally {
      profiler.close();
    }
  });

  it("keeps the operator's profile whole while its keeper is replaced", async () => {
    const profiler = new CpuProfiler({ keepWarmMs: 60_000, keeperRotateMs: 50 });
    try {
      const profile = await profileOf(profiler, 1);
      assert.ok(profile.endTime - profile.startTime >= 900_000, 'a profile of about 1 s (in us)');
      assert.ok(profile.samples.length >= 20, `${profile.samples.length} samples`);
      assert.equal(profiler.isWarm, true, '20 keepers later');
    } finally {
      profiler.close();
    }
  });
});
