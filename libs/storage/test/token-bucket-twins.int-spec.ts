// The GCRA step exists twice by necessity: in TypeScript (takeTokens, for the memory store and the
// app) and in Lua (take_tokens, which Redis runs atomically in both scripts). This runs both on the
// same sequences of takes against a real redis-server and expects the same decisions and the same
// TATs, to the last bit, including emission intervals that are not whole milliseconds. Each step
// starts from the TAT the TypeScript model holds (set inside the same script call, where Redis's
// clock stands still): the bucket key expires in real time, while the takes' `now` is simulated.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startRedis, type RedisServer } from '@repo/test-support';
import { takeTokens } from '@repo/storage';
import { BATCH_SCRIPT } from '../src/redis/batch-script';
import { TOKEN_BUCKET_SCRIPT } from '../src/redis/token-bucket-script';

interface Bucket {
  readonly name: string;
  readonly emissionIntervalMs: number;
  readonly toleranceMs: number;
  /** [ms after the start, hits] */
  readonly takes: readonly (readonly [number, number])[];
}

const START_MS = 1_764_000_000_123;
const BUCKETS: readonly Bucket[] = [
  {
    name: '7 per minute, burst 3 (T = 60000 / 7)',
    emissionIntervalMs: 60_000 / 7,
    toleranceMs: (60_000 / 7) * 3,
    takes: [
      [0, 1],
      [0, 1],
      [1, 1],
      [2, 1],
      [2, 0],
      [8_571, 1],
      [8_572, 2],
      [30_000, 5],
      [60_001, 3],
      [60_001, 0],
    ],
  },
  {
    name: '3 per second, burst 1 (T = 1000 / 3)',
    emissionIntervalMs: 1000 / 3,
    toleranceMs: 1000 / 3,
    takes: [
      [0, 1],
      [100, 1],
      [333, 1],
      [334, 1],
      [667, 1],
      [1000, 2],
      [1001, 1],
    ],
  },
  {
    name: '10000 per second, burst 20 (T = 0.1)',
    emissionIntervalMs: 0.1,
    toleranceMs: 0.1 * 20,
    takes: [
      [0, 7],
      [0, 7],
      [0, 7],
      [1, 3],
      [1, 13],
      [2, 0],
    ],
  },
];

interface Step {
  readonly isAllowed: boolean;
  readonly tatBeforeMs: number;
  /** The TAT stored after the take (0 = none). */
  readonly storedMs: number;
}

/** The memory store's way: takeTokens, storing the new TAT when the take succeeded. */
function inTypeScript(bucket: Bucket): Step[] {
  let stored = 0;
  return bucket.takes.map(([offsetMs, hits]) => {
    const { isAllowed, newTatMs } = takeTokens(
      stored,
      hits,
      START_MS + offsetMs,
      bucket.emissionIntervalMs,
      bucket.toleranceMs,
    );
    const tatBeforeMs = stored;
    if (isAllowed && hits > 0) stored = newTatMs;
    return { isAllowed, tatBeforeMs, storedMs: stored };
  });
}

/**
 * `script` as it is, run with the bucket key set to `storedMs` (0 = no key) first and read after,
 * in one call: [...the script's results, the stored TAT after].
 */
function withStoredTat(script: string): string {
  return `local stored = ARGV[#ARGV]
if stored == '0' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], stored) end
local function run()
${script}
end
local results = run()
results[#results + 1] = redis.call('GET', KEYS[1]) or '0'
return results`;
}

/** Each take as one script call from the model's TAT; `argsOf` lays out the script's KEYS and ARGV. */
async function inLua(
  redis: RedisServer,
  script: string,
  key: string,
  bucket: Bucket,
  argsOf: (key: string, take: string[]) => string[],
): Promise<Step[]> {
  const model = inTypeScript(bucket);
  const steps: Step[] = [];
  for (const [i, [offsetMs, hits]] of bucket.takes.entries()) {
    const take = [hits, START_MS + offsetMs, bucket.emissionIntervalMs, bucket.toleranceMs].map(String);
    const storedBefore = String(model[i].tatBeforeMs);
    const reply = await redis.command('EVAL', withStoredTat(script), ...argsOf(key, take), storedBefore);
    if (!Array.isArray(reply)) throw new Error(`unexpected script reply ${String(reply)}`);
    const [allowed, tat, stored] = reply.slice(-3);
    steps.push({ isAllowed: allowed === 1, tatBeforeMs: Number(tat), storedMs: Number(stored) });
  }
  return steps;
}

describe('token bucket: the Lua scripts and takeTokens decide alike', () => {
  let redis: RedisServer;
  before(async () => {
    redis = await startRedis();
  });
  after(() => redis?.stop());

  for (const [index, bucket] of BUCKETS.entries()) {
    it(`one-key script: ${bucket.name}`, async () => {
      const lua = await inLua(redis, TOKEN_BUCKET_SCRIPT, `single_${index}`, bucket, (key, take) => [
        '1',
        key,
        ...take,
      ]);
      assert.deepEqual(lua, inTypeScript(bucket));
    });

    it(`batch script (a batch of one take): ${bucket.name}`, async () => {
      const lua = await inLua(redis, BATCH_SCRIPT, `batch_${index}`, bucket, (key, take) => [
        '1',
        key,
        '0',
        ...take,
      ]);
      assert.deepEqual(lua, inTypeScript(bucket));
    });
  }

  it('the sequences above take and refuse (they test both answers)', () => {
    const decisions = BUCKETS.flatMap((bucket) => inTypeScript(bucket).map((step) => step.isAllowed));
    assert.deepEqual(
      [decisions.filter(Boolean).length, decisions.filter((allowed) => !allowed).length],
      [14, 9],
    );
  });
});
