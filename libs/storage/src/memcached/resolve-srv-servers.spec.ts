import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolveSrvServers } from './resolve-srv-servers';

describe(resolveSrvServers.name, () => {
  it('returns target:port sorted, whatever the DNS order', async () => {
    const records = [
      { name: 'mc-2.example.', port: 11211 },
      { name: 'mc-1.example', port: 11212 },
      { name: 'mc-1.example', port: 11211 },
    ];
    const servers = await resolveSrvServers('_memcache._tcp.example', (name) => {
      assert.equal(name, '_memcache._tcp.example');
      return Promise.resolve(records);
    });
    assert.deepEqual(servers, ['mc-1.example:11211', 'mc-1.example:11212', 'mc-2.example:11211']);
  });

  it('rejects a name that is not _service._proto.name', async () => {
    await assert.rejects(
      resolveSrvServers('memcache.example', () => Promise.resolve([])),
      {
        name: 'StorageOptionsError',
        message: 'memcache SRV must look like _service._proto.name, got "memcache.example"',
      },
    );
  });

  it('rejects an empty answer', async () => {
    await assert.rejects(
      resolveSrvServers('_m._tcp.x', () => Promise.resolve([])),
      /SRV _m._tcp.x lists no targets/,
    );
  });
});
