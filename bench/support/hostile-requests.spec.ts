import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { countBy, show } from './hostile-requests';

describe(countBy.name, () => {
  it('counts each distinct answer', () => {
    const counts = countBy(['200', 'no answer', '200', 'error ECONNRESET', '200']);
    assert.deepEqual(counts, { '200': 3, 'no answer': 1, 'error ECONNRESET': 1 });
    assert.equal(show(counts), '200 3, no answer 1, error ECONNRESET 1');
  });

  it('shows `none` when nothing was counted', () => {
    assert.equal(show(countBy([])), 'none');
  });
});
