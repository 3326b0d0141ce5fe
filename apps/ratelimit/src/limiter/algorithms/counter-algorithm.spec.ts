import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { secondsUntilReset } from './counter-algorithm';

describe(secondsUntilReset.name, () => {
  it('clock 2222, MINUTE -> 58', () => {
    assert.equal(secondsUntilReset(60, 2222), 58);
  });

  it('is the rest of the epoch-aligned window: HOUR at 1000000 -> 800, DAY -> 36800', () => {
    assert.equal(secondsUntilReset(3600, 1000000), 800);
    assert.equal(secondsUntilReset(86400, 1000000), 36800);
  });

  it('never 0: at a window start it is the whole unit', () => {
    assert.equal(secondsUntilReset(60, 1200), 60);
    assert.equal(secondsUntilReset(3600, 0), 3600);
  });

  it('SECOND is always 1; the last second of a window is 1', () => {
    assert.equal(secondsUntilReset(1, 1234), 1);
    assert.equal(secondsUntilReset(60, 1259), 1);
  });
});
