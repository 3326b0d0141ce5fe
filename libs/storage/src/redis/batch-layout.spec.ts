import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TokenBucketTake } from '../counter-store';
import { StoreUnavailableError } from '../store-unavailable-error';
import { BatchLayout, type BatchCounter, type PipelineReply } from './batch-layout';

const fixed = (key: string, addend = 1, ttlSeconds = 60): BatchCounter => ({
  key,
  addend,
  ttlSeconds,
  slidingWindowSeconds: 0,
});
const sliding = (key: string, addend = 1): BatchCounter => ({
  key,
  addend,
  ttlSeconds: 120,
  slidingWindowSeconds: 60,
});
const take = (key: string): TokenBucketTake => ({
  primitive: 'take_tokens',
  key,
  addend: 1,
  windowSeconds: 60,
  nowMs: 5000,
  emissionIntervalMs: 1000,
  toleranceMs: 2000,
});

/** Records what a pipeline was asked to queue. */
function recordingPipeline(): { pipeline: Parameters<BatchLayout['queueCommands']>[0]; queued: unknown[][] } {
  const queued: unknown[][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      queued.push([name, ...args]);
      return pipeline;
    };
  const pipeline = {
    incrby: record('incrby'),
    expire: record('expire'),
    get: record('get'),
    ratelimitTakeTokens: record('take'),
  } as unknown as Parameters<BatchLayout['queueCommands']>[0];
  return { pipeline, queued };
}

const ok = (value: unknown): PipelineReply => [null, value];
/** An error reply as ioredis gives it. */
const replyError = (message: string) => Object.assign(new Error(message), { name: 'ReplyError' });
const WRONGTYPE = 'WRONGTYPE Operation against a key holding the wrong kind of value';
/** Answers with each key failure as its reason. */
const keyFailures = (answers: readonly unknown[]) =>
  answers.map((answer) =>
    answer instanceof StoreUnavailableError
      ? answer.message.replace('redis counter store unavailable: ', '')
      : answer,
  );

describe(BatchLayout.name, () => {
  const sut = new BatchLayout([sliding('s_600'), fixed('f'), sliding('t_600', 2)], [take('b')]);

  it('queues INCRBY + EXPIRE per counter, then the GETs of the previous windows, then the takes', () => {
    const { pipeline, queued } = recordingPipeline();
    sut.queueCommands(pipeline);
    assert.deepEqual(queued, [
      ['incrby', 's_600', 1],
      ['expire', 's_600', 120],
      ['incrby', 'f', 1],
      ['expire', 'f', 60],
      ['incrby', 't_600', 2],
      ['expire', 't_600', 120],
      ['get', 's_540'],
      ['get', 't_540'],
      ['take', 'b', 1, 5000, 1000, 2000],
    ]);
  });

  it('reads the pipeline replies back in counter order (a missing previous window counts 0)', () => {
    const replies = [ok(3), ok(1), ok(7), ok(1), ok(9), ok(1), ok('4'), ok(null), ok([0, '6500'])];
    assert.deepEqual(sut.readCommandReplies(replies), {
      counts: [3, 7, 9],
      previousCounts: [4, 0, 0],
      takes: [{ isAllowed: false, tatBeforeMs: 6500 }],
    });
  });

  it("throws a command's error, and a reply missing", () => {
    const refused = new Error('NOPERM');
    assert.throws(() => sut.readCommandReplies([ok(1), [refused, null]]), refused);
    assert.throws(() => sut.readCommandReplies([ok(1), ok(1)]), /pipeline answered 2 replies, expected more/);
  });

  it('groups counters for the script by addend, TTL and window (0 = fixed), in first-seen order', () => {
    const layout = new BatchLayout(
      [fixed('f1'), fixed('f2', 2), fixed('f3'), fixed('f4', 1, 3600), sliding('s1'), sliding('s2')],
      [],
    );
    assert.deepEqual(layout.scriptGroups(), [
      { addend: 1, ttlSeconds: 60, windowSeconds: 0, counters: [0, 2] },
      { addend: 2, ttlSeconds: 60, windowSeconds: 0, counters: [1] },
      { addend: 1, ttlSeconds: 3600, windowSeconds: 0, counters: [3] },
      { addend: 1, ttlSeconds: 120, windowSeconds: 60, counters: [4, 5] },
    ]);
  });

  it('keeps a fixed and a sliding counter with the same TTL apart', () => {
    const layout = new BatchLayout([fixed('f', 0, 120), { ...sliding('s', 0) }], []);
    assert.deepEqual(
      layout.scriptGroups().map((group) => [group.windowSeconds, group.counters]),
      [
        [0, [0]],
        [60, [1]],
      ],
    );
  });

  it('lays out the script call by group and reads its results back in counter order', () => {
    const { args, toReply } = sut.toScriptCall();
    // groups: [s_600] (1, 120, 60), [f] (1, 60, 0), [t_600] (2, 120, 60)
    assert.deepEqual(args, [
      4,
      's_600',
      'f',
      't_600',
      'b',
      3,
      1,
      1,
      120,
      60,
      1,
      1,
      60,
      0,
      1,
      2,
      120,
      60,
      1,
      5000,
      1000,
      2000,
    ]);
    // counts in KEYS order, then the previous counts of s_600 and t_600, then allowed + TAT
    assert.deepEqual(toReply([3, 7, 9, 4, 0, 1, '0']), {
      counts: [3, 7, 9],
      previousCounts: [4, 0, 0],
      takes: [{ isAllowed: true, tatBeforeMs: 0 }],
    });
  });

  it('reads script results whose KEYS order differs from the counter order', () => {
    const layout = new BatchLayout([fixed('a'), fixed('b', 2), sliding('c_600'), fixed('d')], []);
    const { args, toReply } = layout.toScriptCall();
    assert.deepEqual(args.slice(0, 5), [4, 'a', 'd', 'b', 'c_600']);
    assert.deepEqual(toReply([1, 4, 2, 3, 8]), {
      counts: [1, 2, 3, 4],
      previousCounts: [0, 0, 8, 0],
      takes: [],
    });
  });

  it("an INCRBY's, GET's or take's error reply is its key's answer; an overflow saturates", () => {
    const replies = [
      [replyError(WRONGTYPE), null] as PipelineReply,
      ok(1),
      [replyError('ERR increment or decrement would overflow'), null] as PipelineReply,
      ok(1),
      ok(2 ** 63),
      ok(1),
      ok('abc'),
      ok('9223372036854775807'),
      [replyError(WRONGTYPE), null] as PipelineReply,
    ];
    const reply = sut.readCommandReplies(replies);
    assert.deepEqual(keyFailures(reply.counts), [
      'cannot count key "s_600": ' + WRONGTYPE,
      2 ** 53 - 1,
      2 ** 53 - 1,
    ]);
    assert.deepEqual(keyFailures(reply.previousCounts), [
      'cannot count key "s_540": it holds "abc", which is not a number',
      0,
      2 ** 53 - 1,
    ]);
    assert.deepEqual(keyFailures(reply.takes), ['cannot count key "b": ' + WRONGTYPE]);
  });

  it('reads error replies nested in the script results as the failures of their keys', () => {
    const { toReply } = sut.toScriptCall();
    const reply = toReply([
      replyError(WRONGTYPE),
      2 ** 53 - 1,
      9,
      null,
      replyError(WRONGTYPE),
      replyError('ERR x'),
      '0',
    ]);
    assert.deepEqual(keyFailures(reply.counts), ['cannot count key "s_600": ' + WRONGTYPE, 2 ** 53 - 1, 9]);
    assert.deepEqual(keyFailures(reply.previousCounts), [0, 0, 'cannot count key "t_540": ' + WRONGTYPE]);
    assert.deepEqual(keyFailures(reply.takes), ['cannot count key "b": ERR x']);
  });

  it('counts the commands of the pipeline form: 2 per counter, 1 more per sliding counter, 1 per take', () => {
    assert.equal(BatchLayout.commandCount(3, 2, 1), 9);
  });
});
