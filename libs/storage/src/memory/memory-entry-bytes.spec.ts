import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { digestKey } from '../digest-key';
import {
  MAX_MEMORY_ENTRY_BYTES,
  MAX_MEMORY_KEY_LENGTH,
  MEMORY_ENTRY_OVERHEAD_BYTES,
  memoryEntryBytes,
  memoryKey,
} from './memory-entry-bytes';

describe(memoryEntryBytes.name, () => {
  it('is the measured overhead plus the key as V8 stores it', () => {
    assert.equal(MEMORY_ENTRY_OVERHEAD_BYTES, 128);
    assert.equal(memoryEntryBytes('k'), 128 + 24);
    assert.equal(memoryEntryBytes('rl_api_user_10.0.0.1_1700000040'), 128 + 48); // 31 chars
    assert.equal(memoryEntryBytes('rl_api_user_€_1700000040'), 128 + 64); // 24 two-byte chars
  });

  it('is at most MAX_MEMORY_ENTRY_BYTES (648) for any key, a 1.3 MB one included', () => {
    assert.equal(MAX_MEMORY_ENTRY_BYTES, 128 + 520);
    const huge = `rl_api_jwt_${'x'.repeat(1_300_000)}_1700000040`;
    assert.equal(memoryEntryBytes(memoryKey(huge)), 128 + 72); // the 51-character digest
    assert.equal(memoryEntryBytes(memoryKey('€'.repeat(MAX_MEMORY_KEY_LENGTH))), MAX_MEMORY_ENTRY_BYTES);
    assert.equal(memoryEntryBytes(memoryKey('€'.repeat(MAX_MEMORY_KEY_LENGTH + 1))), 128 + 72);
  });
});

describe(memoryKey.name, () => {
  it('keeps keys of up to 250 characters and digests longer ones', () => {
    assert.equal(memoryKey('k'.repeat(250)), 'k'.repeat(250));
    assert.equal(memoryKey('k'.repeat(251)), digestKey('k'.repeat(251)));
  });
});
