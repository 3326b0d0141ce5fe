import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseListenAddress } from './parse-listen-address';

describe(parseListenAddress.name, () => {
  it('reads Go listen addresses: empty host = every interface', () => {
    assert.deepEqual(parseListenAddress(':9090'), { host: undefined, port: 9090 });
    assert.deepEqual(parseListenAddress('127.0.0.1:0'), { host: '127.0.0.1', port: 0 });
    assert.deepEqual(parseListenAddress('[::1]:9102'), { host: '::1', port: 9102 });
  });

  it('names the setting when the address has no port', () => {
    assert.throws(() => parseListenAddress('localhost'), {
      message: 'PULLSTATS_ADDR=localhost: expected [host]:port, e.g. :9090 or 127.0.0.1:9090',
    });
    assert.throws(() => parseListenAddress(':99999'), /PULLSTATS_ADDR=:99999/);
  });
});
