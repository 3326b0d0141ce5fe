import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { COUNTER_CEILING } from '../saturate-count';
import { StoreUnavailableError } from '../store-unavailable-error';
import {
  incrementAnswer,
  isReplyError,
  storedCountAnswer,
  storedCountOrThrow,
  takeAnswer,
} from './key-replies';

/** An error reply as ioredis gives it (its ReplyError classes are named so). */
const replyError = (message: string) => Object.assign(new Error(message), { name: 'ReplyError' });
const WRONGTYPE = 'WRONGTYPE Operation against a key holding the wrong kind of value';

function assertKeyFailure(answer: unknown, message: string): void {
  assert.ok(answer instanceof StoreUnavailableError, `not a failure: ${String(answer)}`);
  assert.equal(answer.message, `redis counter store unavailable: ${message}`);
}

describe(incrementAnswer.name, () => {
  it('a count is kept, one above 2^53 - 1 saturates', () => {
    assert.equal(incrementAnswer('k', 7), 7);
    assert.equal(incrementAnswer('k', 2 ** 63), COUNTER_CEILING);
  });

  it('an INCRBY past 2^63 - 1 is a saturated counter, not an error', () => {
    assert.equal(
      incrementAnswer('k', replyError('ERR increment or decrement would overflow')),
      COUNTER_CEILING,
    );
  });

  it("Redis's error for the key is that key's failure, naming it", () => {
    assertKeyFailure(
      incrementAnswer('rl_k_v_60', replyError(WRONGTYPE)),
      `cannot count key "rl_k_v_60": ${WRONGTYPE}`,
    );
    assertKeyFailure(
      incrementAnswer('k', replyError('ERR value is not an integer or out of range')),
      'cannot count key "k": ERR value is not an integer or out of range',
    );
  });

  it('an error that is no reply of Redis (a closed connection) is thrown: it fails the whole batch', () => {
    const closed = new Error('Connection is closed.');
    assert.throws(
      () => incrementAnswer('k', closed),
      (error) => error === closed,
    );
  });
});

describe(storedCountAnswer.name, () => {
  it('missing is 0; numbers are read, saturated above 2^53 - 1', () => {
    assert.equal(storedCountAnswer('k', null), 0);
    assert.equal(storedCountAnswer('k', '12'), 12);
    assert.equal(storedCountAnswer('k', '9223372036854775807'), COUNTER_CEILING);
  });

  it('text that is no number fails the key, quoting at most 40 characters of it', () => {
    assertKeyFailure(
      storedCountAnswer('k', 'abc'),
      'cannot count key "k": it holds "abc", which is not a number',
    );
    assertKeyFailure(
      storedCountAnswer('k', 'x'.repeat(100)),
      `cannot count key "k": it holds "${'x'.repeat(40)}...", which is not a number`,
    );
    assertKeyFailure(storedCountAnswer('k', replyError(WRONGTYPE)), `cannot count key "k": ${WRONGTYPE}`);
  });

  it('storedCountOrThrow throws the failure (a read of one call)', () => {
    assert.equal(storedCountOrThrow('k', '3'), 3);
    assert.throws(() => storedCountOrThrow('k', 'abc'), StoreUnavailableError);
  });
});

describe(takeAnswer.name, () => {
  it('allowed and TAT, or the key failure', () => {
    assert.deepEqual(takeAnswer('b', 1, '1002000'), { isAllowed: true, tatBeforeMs: 1_002_000 });
    assert.deepEqual(takeAnswer('b', 0, '5'), { isAllowed: false, tatBeforeMs: 5 });
    assertKeyFailure(takeAnswer('b', replyError(WRONGTYPE), '0'), `cannot count key "b": ${WRONGTYPE}`);
  });
});

describe(isReplyError.name, () => {
  it('tells error replies from other errors', () => {
    assert.equal(isReplyError(replyError('ERR x')), true);
    assert.equal(isReplyError(new Error('ERR x')), false);
    assert.equal(isReplyError('ERR x'), false);
  });
});
