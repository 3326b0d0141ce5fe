import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { issuesOf } from '../../test/support/settings-error-of';
import { parseSettings } from './settings';

describe('memory store (MEMORY_MAX_KEYS, MEMORY_MAX_BYTES)', () => {
  it('defaults to 1,000,000 counters and 64 MiB', () => {
    assert.deepEqual(parseSettings({}).backend.memory, { maxKeys: 1_000_000, maxBytes: 67_108_864 });
  });

  it('takes both as plain integers', () => {
    const sut = parseSettings({ MEMORY_MAX_KEYS: '5000', MEMORY_MAX_BYTES: '1048576' }).backend.memory;
    assert.deepEqual(sut, { maxKeys: 5000, maxBytes: 1_048_576 });
  });

  it('rejects a budget below 1 byte and anything but an integer', () => {
    assert.deepEqual(issuesOf({ MEMORY_MAX_BYTES: '0' }), ['MEMORY_MAX_BYTES=0: must be >= 1']);
    assert.equal(issuesOf({ MEMORY_MAX_BYTES: '64MiB' }).length, 1);
    assert.match(issuesOf({ MEMORY_MAX_BYTES: '64MiB' })[0], /^MEMORY_MAX_BYTES=64MiB: /);
  });
});
