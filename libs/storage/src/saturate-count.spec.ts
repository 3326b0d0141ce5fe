import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { COUNTER_CEILING, parseStoredCount, saturateCount } from './saturate-count';

describe(saturateCount.name, () => {
  it('keeps counts up to the ceiling and answers the ceiling above it', () => {
    assert.equal(COUNTER_CEILING, 2 ** 53 - 1);
    assert.equal(saturateCount(0), 0);
    assert.equal(saturateCount(COUNTER_CEILING), COUNTER_CEILING);
    assert.equal(saturateCount(COUNTER_CEILING + 2), COUNTER_CEILING);
    assert.equal(saturateCount(2 ** 63), COUNTER_CEILING);
  });
});

describe(parseStoredCount.name, () => {
  it('reads integers and token bucket TATs, saturating what passes the ceiling', () => {
    assert.equal(parseStoredCount('42'), 42);
    assert.equal(parseStoredCount('1732723200123.5'), 1732723200123.5);
    assert.equal(parseStoredCount('1.7327232001235e+12'), 1732723200123.5);
    assert.equal(parseStoredCount('9223372036854775807'), COUNTER_CEILING);
    assert.equal(parseStoredCount('-3'), -3);
  });

  it('answers undefined for text that is not a number', () => {
    for (const text of ['', 'abc', '12abc', ' 12', '0x10', 'inf', 'nan'])
      assert.equal(parseStoredCount(text), undefined, text);
  });
});
