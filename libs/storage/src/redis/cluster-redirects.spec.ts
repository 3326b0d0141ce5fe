import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isRedirection } from './cluster-redirects';

describe(isRedirection.name, () => {
  it('is true for MOVED and ASK replies (the command was not executed)', () => {
    assert.equal(isRedirection(new Error('MOVED 3999 127.0.0.1:6381')), true);
    assert.equal(isRedirection(new Error('ASK 3999 127.0.0.1:6381')), true);
  });

  it('is true for an auto-pipeline ioredis refused to send because the slot map changed', () => {
    const refused = new Error('All keys in the pipeline should belong to the same slots allocation group');

    assert.equal(isRedirection(refused), true);
  });

  it('is false for every other error and for non-errors', () => {
    assert.equal(isRedirection(new Error('CLUSTERDOWN The cluster is down')), false);
    assert.equal(isRedirection(new Error('TRYAGAIN Multiple keys request during rehashing of slot')), false);
    assert.equal(isRedirection(new Error('ERR MOVED is not a command')), false);
    assert.equal(isRedirection('MOVED 1 host:1'), false);
  });
});
