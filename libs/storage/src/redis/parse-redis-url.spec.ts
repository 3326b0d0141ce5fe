import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseClusterUrl, parseRedisAuth, parseSentinelUrl, parseSingleRedisUrl } from './parse-redis-url';
import { StorageOptionsError } from '../storage-options-error';
import { parseHostPort } from '../parse-host-port';

describe(parseSingleRedisUrl.name, () => {
  it('reads host:port', () => {
    assert.deepEqual(parseSingleRedisUrl('localhost:6379', undefined), {
      address: { kind: 'tcp', host: 'localhost', port: 6379 },
      tls: false,
    });
  });

  it('infers a unix socket from a path, or takes it from socketType', () => {
    const path = '/var/run/nutcracker/ratelimit.sock';
    assert.deepEqual(parseSingleRedisUrl(path, undefined).address, { kind: 'unix', path });
    assert.deepEqual(parseSingleRedisUrl(path, 'unix').address, { kind: 'unix', path });
    assert.deepEqual(parseSingleRedisUrl('unix:///tmp/r.sock', undefined).address, {
      kind: 'unix',
      path: '/tmp/r.sock',
    });
  });

  it('reads redis:// and rediss:// urls with credentials and database', () => {
    assert.deepEqual(parseSingleRedisUrl('rediss://app:s%3Acret@redis.example:6380/2', undefined), {
      address: { kind: 'tcp', host: 'redis.example', port: 6380 },
      username: 'app',
      password: 's:cret',
      db: 2,
      tls: true,
    });
    assert.deepEqual(parseSingleRedisUrl('redis://10.0.0.1', undefined).address, {
      kind: 'tcp',
      host: '10.0.0.1',
      port: 6379,
    });
  });

  it('rejects a tcp url without a port, naming the value', () => {
    assert.throws(() => parseSingleRedisUrl('localhost', 'tcp'), {
      name: 'StorageOptionsError',
      message: 'redis url must be host:port, got "localhost"',
    });
  });
});

describe(parseHostPort.name, () => {
  it('accepts bracketed IPv6 and rejects ports out of range', () => {
    assert.deepEqual(parseHostPort('[::1]:7000', 'x'), { host: '::1', port: 7000 });
    assert.throws(() => parseHostPort('h:70000', 'node'), StorageOptionsError);
  });
});

describe(parseSentinelUrl.name, () => {
  it('reads the master name and the sentinels', () => {
    assert.deepEqual(parseSentinelUrl('mymaster,127.0.0.1:26379,127.0.0.1:26380'), {
      masterName: 'mymaster',
      sentinels: [
        { host: '127.0.0.1', port: 26379 },
        { host: '127.0.0.1', port: 26380 },
      ],
    });
  });

  it('demands at least two items', () => {
    assert.throws(() => parseSentinelUrl('mymaster'), {
      message:
        'redis sentinel url must be "masterName,host:port[,host:port...]" (at least 2 items), got "mymaster"',
    });
  });
});

describe(parseClusterUrl.name, () => {
  it('reads every seed node', () => {
    assert.deepEqual(parseClusterUrl('a:1, b:2'), [
      { host: 'a', port: 1 },
      { host: 'b', port: 2 },
    ]);
    assert.throws(() => parseClusterUrl(' , '), /at least one host:port/);
  });
});

describe(parseRedisAuth.name, () => {
  it('splits user:password at the first colon', () => {
    assert.deepEqual(parseRedisAuth('secret'), { password: 'secret' });
    assert.deepEqual(parseRedisAuth('user:pa:ss'), { username: 'user', password: 'pa:ss' });
    assert.deepEqual(parseRedisAuth(''), {});
  });
});
