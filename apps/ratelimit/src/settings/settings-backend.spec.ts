import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { issuesOf } from '../../test/support/settings-error-of';
import { parseSettings } from './settings';

describe('backend selection (BACKEND_TYPE)', () => {
  it('uses BACKEND_TYPE when set and says so', () => {
    const sut = parseSettings({ BACKEND_TYPE: 'redis' }).backend;
    assert.equal(sut.type, 'redis');
    assert.deepEqual(sut.selection, {
      rule: 'explicit',
      message: 'backend redis: set by BACKEND_TYPE=redis',
    });
  });

  it('accepts memcached as memcache and memory as ours', () => {
    assert.equal(
      parseSettings({ BACKEND_TYPE: 'memcached', ALTCACHE_SRV: '_m._tcp.x' }).backend.type,
      'memcache',
    );
    assert.equal(parseSettings({ BACKEND_TYPE: 'memory' }).backend.type, 'memory');
  });

  it('infers redis when only a KV/REDIS URL is set, naming the variable used', () => {
    const sut = parseSettings({ REDIS_URL: 'redis:6379' }).backend;
    assert.equal(sut.type, 'redis');
    assert.deepEqual(sut.selection, {
      rule: 'url-set',
      message: 'backend redis: BACKEND_TYPE is unset and REDIS_URL is set',
    });
  });

  it('falls back to memory without BACKEND_TYPE and URL', () => {
    assert.equal(parseSettings({}).backend.selection.rule, 'no-url');
  });

  it('rejects other values', () => {
    assert.deepEqual(issuesOf({ BACKEND_TYPE: 'etcd' }), [
      'BACKEND_TYPE=etcd: must be one of redis, memcache, memcached, memory',
    ]);
  });

  it('keeps one process for the memory backend', () => {
    assert.deepEqual(issuesOf({ WORKERS: '4' }), [
      'BACKEND_TYPE=, WORKERS=4: the memory backend (also chosen when BACKEND_TYPE and KV_URL are unset) counts in one process: WORKERS must be 1; use redis or memcache to run several',
    ]);
    assert.equal(parseSettings({ WORKERS: '4', KV_URL: 'r:6379' }).workers, 4);
    assert.deepEqual(
      issuesOf({ WORKERS: '2', KV_URL: 'r:6379', USE_PUSHSTATS: 'false', USE_PULLSTATS: 'true' }),
      [
        'USE_PULLSTATS=true, WORKERS=2: each worker keeps its own statistics and a scrape reaches one of them: use WORKERS=1 with pull stats, or a push sink (USE_PUSHSTATS, USE_TAGGEDSTATS)',
      ],
    );
  });
});

describe('redis (KV_* / REDIS_*)', () => {
  it('keeps the reference socket path when BACKEND_TYPE=redis has no URL', () => {
    const sut = parseSettings({ BACKEND_TYPE: 'redis' }).backend.redis.main;
    assert.equal(sut.url, '/var/run/nutcracker/ratelimit.sock');
    assert.equal(sut.socketType, 'unix');
  });

  it('infers the socket type from the URL when KV_SOCKET_TYPE is unset', () => {
    assert.equal(parseSettings({ KV_URL: '127.0.0.1:6379' }).backend.redis.main.socketType, 'tcp');
    assert.equal(parseSettings({ KV_URL: 'rediss://h:6380' }).backend.redis.main.socketType, 'tcp');
    assert.equal(parseSettings({ KV_URL: '/tmp/r.sock' }).backend.redis.main.socketType, 'unix');
    assert.equal(parseSettings({ KV_URL: 'unix:/tmp/r.sock' }).backend.redis.main.socketType, 'unix');
    assert.equal(
      parseSettings({ KV_URL: '/tmp/r.sock', KV_SOCKET_TYPE: 'tcp' }).backend.redis.main.socketType,
      'tcp',
    );
  });

  it('reads every REDIS_* alias into the same fields', () => {
    const sut = parseSettings({
      REDIS_URL: 'm,127.0.0.1:26379',
      REDIS_TYPE: 'SENTINEL',
      REDIS_POOL_SIZE: '3',
      REDIS_AUTH: 'u:p',
      REDIS_SENTINEL_AUTH: 'sp',
      REDIS_TLS: 'true',
      REDIS_TLS_CLIENT_CERT: 'c.pem',
      REDIS_TLS_CLIENT_KEY: 'k.pem',
      REDIS_TLS_CACERT: 'ca.pem',
      REDIS_TLS_SKIP_HOSTNAME_VERIFICATION: 'true',
      REDIS_PIPELINE_WINDOW: '150us',
      REDIS_PIPELINE_LIMIT: '8',
      REDIS_CLUSTER_PIPELINE_PARALLELISM: '0',
      REDIS_TIMEOUT: '10s',
      REDIS_POOL_ON_EMPTY_BEHAVIOR: 'wait',
      REDIS_HEALTH_CHECK_ACTIVE_CONNECTION: 'true',
      REDIS_STARTUP_INITIAL_INTERVAL: '2s',
      REDIS_STARTUP_MAX_INTERVAL: '1m',
      REDIS_STARTUP_MAX_ELAPSED_TIME: '5m',
      REDIS_INCREMENT_SCRIPT: 'false',
    }).backend.redis;
    assert.deepEqual(sut, {
      main: {
        type: 'sentinel',
        socketType: 'tcp',
        url: 'm,127.0.0.1:26379',
        auth: 'u:p',
        sentinelAuth: 'sp',
        tls: {
          clientCertPath: 'c.pem',
          clientKeyPath: 'k.pem',
          caCertPath: 'ca.pem',
          skipHostnameVerification: true,
        },
        pipelineWindowMs: 0.15,
        pipelineLimit: 8,
        timeoutMs: 10_000,
        incrementScript: 'off',
      },
      healthCheckActiveConnection: true,
      startup: { initialIntervalMs: 2000, maxIntervalMs: 60_000, maxElapsedMs: 300_000 },
      perSecond: undefined,
    });
  });

  it('reads KV_INCREMENT_SCRIPT as auto (default), true or false, and rejects other values', () => {
    assert.equal(parseSettings({ KV_URL: 'r:1' }).backend.redis.main.incrementScript, 'auto');
    assert.equal(
      parseSettings({ KV_URL: 'r:1', KV_INCREMENT_SCRIPT: 'AUTO' }).backend.redis.main.incrementScript,
      'auto',
    );
    assert.equal(
      parseSettings({ KV_URL: 'r:1', KV_INCREMENT_SCRIPT: 'true' }).backend.redis.main.incrementScript,
      'on',
    );
    assert.equal(
      parseSettings({ KV_URL: 'r:1', KV_INCREMENT_SCRIPT: '0' }).backend.redis.main.incrementScript,
      'off',
    );
    assert.deepEqual(issuesOf({ KV_URL: 'r:1', KV_INCREMENT_SCRIPT: 'sometimes' }), [
      'KV_INCREMENT_SCRIPT=sometimes: must be auto, true or false',
    ]);
  });

  it('defaults the store timeout to 300ms (fail fast), not the reference 10s', () => {
    assert.equal(parseSettings({ KV_URL: 'r:1' }).backend.redis.main.timeoutMs, 300);
  });

  it('accepts the canonical name and its alias when equal, rejects them when different', () => {
    assert.equal(parseSettings({ KV_URL: 'r:1', REDIS_URL: 'r:1' }).backend.redis.main.url, 'r:1');
    assert.deepEqual(issuesOf({ KV_POOL_SIZE: '5', REDIS_POOL_SIZE: '6' }), [
      'KV_POOL_SIZE=5, REDIS_POOL_SIZE=6: both are set to different values; set only one (REDIS_POOL_SIZE is another name of KV_POOL_SIZE)',
    ]);
  });

  it('rejects pool on-empty behaviours other than WAIT', () => {
    assert.deepEqual(
      issuesOf({ KV_POOL_ON_EMPTY_BEHAVIOR: 'CREATE', REDIS_PERSECOND_POOL_ON_EMPTY_BEHAVIOR: 'x' }),
      [
        'KV_POOL_ON_EMPTY_BEHAVIOR=CREATE: CREATE is not supported: the pool always waits for a free connection; remove the setting or set WAIT (KV_TIMEOUT bounds the wait)',
        'REDIS_PERSECOND_POOL_ON_EMPTY_BEHAVIOR=x: must be WAIT',
      ],
    );
  });

  it('needs a master name and at least one sentinel in a sentinel URL', () => {
    assert.deepEqual(issuesOf({ KV_TYPE: 'sentinel', KV_URL: 'mymaster' }), [
      'KV_TYPE=sentinel, KV_URL=mymaster: a sentinel URL is <master name>,<sentinel host:port>[,...]: at least 2 comma-separated items',
    ]);
  });

  it('rejects a client certificate without its key', () => {
    assert.deepEqual(issuesOf({ KV_TLS_CLIENT_CERT: 'c.pem' }), [
      'KV_TLS_CLIENT_CERT=c.pem, KV_TLS_CLIENT_KEY=: set both the client certificate and its key, or neither',
    ]);
  });

  it('rejects a negative cluster parallelism and a zero pool', () => {
    assert.deepEqual(issuesOf({ KV_CLUSTER_PIPELINE_PARALLELISM: '-1', KV_POOL_SIZE: '0' }), [
      'KV_POOL_SIZE=0: must be >= 1',
      'KV_CLUSTER_PIPELINE_PARALLELISM=-1: must be >= 0',
    ]);
  });
});

describe('per-second redis (KV_PERSECOND_* / REDIS_PERSECOND_*)', () => {
  it('is absent unless KV_PERSECOND=true', () => {
    assert.equal(parseSettings({ KV_URL: 'r:1' }).backend.redis.perSecond, undefined);
  });

  it('has the reference defaults and shares the TLS files and increment script with the main store', () => {
    const env = {
      KV_URL: 'r:1',
      REDIS_PERSECOND: 'true',
      KV_TLS_CACERT: 'ca.pem',
      KV_INCREMENT_SCRIPT: 'true',
    };
    const { main, perSecond } = parseSettings(env).backend.redis;
    assert.deepEqual(perSecond, {
      ...main,
      socketType: 'unix',
      url: '/var/run/nutcracker/ratelimitpersecond.sock',
      incrementScript: 'on',
    });
    const withTls = parseSettings({ ...env, KV_PERSECOND_TLS: 'true' }).backend.redis.perSecond;
    assert.deepEqual(withTls?.tls, {
      clientCertPath: undefined,
      clientKeyPath: undefined,
      caCertPath: 'ca.pem',
      skipHostnameVerification: false,
    });
  });

  it('reads its own variables', () => {
    const sut = parseSettings({
      KV_URL: 'r:1',
      KV_PERSECOND: '1',
      REDIS_PERSECOND_URL: 'c1:7000,c2:7000',
      REDIS_PERSECOND_TYPE: 'cluster',
      REDIS_PERSECOND_POOL_SIZE: '4',
      REDIS_PERSECOND_AUTH: 'pw',
      REDIS_PERSECOND_SENTINEL_AUTH: 'spw',
      REDIS_PERSECOND_TLS: 'true',
      REDIS_PERSECOND_PIPELINE_WINDOW: '1ms',
      REDIS_PERSECOND_PIPELINE_LIMIT: '2',
      REDIS_PERSECOND_CLUSTER_PIPELINE_PARALLELISM: '3',
      REDIS_PERSECOND_TIMEOUT: '50ms',
    }).backend.redis.perSecond;
    assert.ok(sut);
    assert.deepEqual(
      [sut.url, sut.type, sut.socketType, sut.auth, sut.sentinelAuth, sut.tls !== undefined],
      ['c1:7000,c2:7000', 'cluster', 'tcp', 'pw', 'spw', true],
    );
    assert.deepEqual([sut.pipelineWindowMs, sut.pipelineLimit, sut.timeoutMs], [1, 2, 50]);
  });
});

describe('memcache (ALTCACHE_* / MEMCACHE_*)', () => {
  it('reads the node list and every MEMCACHE_* alias', () => {
    const sut = parseSettings({
      BACKEND_TYPE: 'memcache',
      MEMCACHE_HOST_PORT: 'a:11211, b:11211',
      MEMCACHE_MAX_IDLE_CONNS: '5',
      MEMCACHE_SRV_REFRESH: '30s',
      MEMCACHE_TLS: 'true',
      MEMCACHE_TLS_CLIENT_CERT: 'c',
      MEMCACHE_TLS_CLIENT_KEY: 'k',
      MEMCACHE_TLS_CACERT: 'ca',
      MEMCACHE_TLS_SKIP_HOSTNAME_VERIFICATION: 'true',
    }).backend.memcache;
    assert.deepEqual(sut, {
      hostPorts: ['a:11211', 'b:11211'],
      srv: undefined,
      srvRefreshMs: 30_000,
      maxIdleConnections: 5,
      tls: { clientCertPath: 'c', clientKeyPath: 'k', caCertPath: 'ca', skipHostnameVerification: true },
      timeoutMs: 300,
    });
  });

  it('needs exactly one of host list and SRV record', () => {
    assert.deepEqual(
      issuesOf({ BACKEND_TYPE: 'memcache', ALTCACHE_HOST_PORT: 'a:1', MEMCACHE_SRV: '_m._tcp.x' }),
      ['ALTCACHE_HOST_PORT=a:1, MEMCACHE_SRV=_m._tcp.x: set only one of the two, not both'],
    );
    assert.deepEqual(issuesOf({ BACKEND_TYPE: 'memcache' }), [
      'BACKEND_TYPE=memcache: the memcache backend needs ALTCACHE_HOST_PORT or ALTCACHE_SRV (exactly one)',
    ]);
  });
});
