import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pickServer } from './pick-server';

describe(pickServer.name, () => {
  const nodes = ['10.0.0.1:11211', '10.0.0.2:11211', '10.0.0.3:11211'];

  it('uses crc32(key) % n, like gomemcache', () => {
    // crc32("foo") = 0x8c736521 = 2356372769; 2356372769 % 3 = 2
    assert.equal(pickServer(nodes, 'foo'), '10.0.0.3:11211');
    // crc32("domain_key_value_1234") % 3, computed independently with Python zlib.crc32
    assert.equal(pickServer(nodes, 'domain_key_value_1234'), nodes[0]);
  });

  it('always picks the only node', () => {
    assert.equal(pickServer(['a:1'], 'anything'), 'a:1');
  });

  it('spreads keys over every node', () => {
    const used = new Set(Array.from({ length: 100 }, (_, i) => pickServer(nodes, `key_${i}`)));
    assert.equal(used.size, 3);
  });
});
