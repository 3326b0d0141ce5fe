import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  bigDescriptorValue,
  HITS_ADDEND_MAX,
  invalidUtf8RlsMessage,
  truncatedRlsMessage,
} from './hostile-bench-inputs';

describe(bigDescriptorValue.name, () => {
  it('is exactly the size asked and distinct per n', () => {
    assert.equal(bigDescriptorValue(7, 12), 'vvvvvvvvvv-7');
    assert.equal(bigDescriptorValue(12345, 1_300_000).length, 1_300_000);
    assert.notEqual(bigDescriptorValue(1, 100), bigDescriptorValue(2, 100));
  });
});

describe('malformed ShouldRateLimit messages', () => {
  it('truncated: field 1 announces 127 bytes, one follows', () => {
    assert.equal(truncatedRlsMessage().toString('hex'), '0a7f61');
  });

  it('invalid UTF-8: domain, one descriptor, one entry whose value is ff fe 61', () => {
    assert.equal(
      invalidUtf8RlsMessage('bench', 'client_id').toString('hex'),
      '0a0562656e6368' + '1212' + '0a10' + '0a09636c69656e745f6964' + '1203fffe61',
    );
  });
});

describe('HITS_ADDEND_MAX', () => {
  it('is 2^53 - 1: 1,024 increments fit in a Redis counter (2^63 - 1), the 1,025th does not', () => {
    const redisMax = 2n ** 63n - 1n;
    assert.equal(HITS_ADDEND_MAX, 2 ** 53 - 1);
    assert.ok(1024n * BigInt(HITS_ADDEND_MAX) <= redisMax);
    assert.ok(1025n * BigInt(HITS_ADDEND_MAX) > redisMax);
  });
});
