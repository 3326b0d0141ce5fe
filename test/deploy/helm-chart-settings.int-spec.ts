import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSettings, type Settings } from '../../apps/ratelimit/src/settings/settings';
import { renderChart } from './support/helm';
import { envOf } from './support/manifest-queries';

// The environment the chart gives the container must be accepted by the service's own settings
// parser (the one main.ts runs before opening any port) and mean what the values say.

function settingsFor(valuesFiles: string[]): Settings {
  const env = envOf(renderChart({ valuesFiles }));
  // Values that come from Secrets at run time: any non-empty text stands in for them.
  for (const [name, value] of Object.entries(env))
    if (value.startsWith('secret:')) env[name] = 'user:password';
  return parseSettings(env);
}

describe('ratelimit Helm chart settings, read by parseSettings', () => {
  it('default values: memory backend, rules from the ConfigMap directory, Prometheus, 15 s drain', () => {
    const sut = settingsFor([]);
    assert.equal(sut.backend.type, 'memory');
    assert.deepEqual(sut.config.runtime, {
      runtimeRoot: '/data',
      runtimeSubdirectory: 'ratelimit',
      runtimeAppDirectory: 'config',
      ignoreDotFiles: true,
      watchRoot: false,
      maxFileBytes: 16777216,
    });
    assert.equal(sut.config.type, 'FILE');
    assert.equal(sut.stats.sink, 'pullstats');
    assert.equal(sut.stats.pull.addr, ':9090');
    assert.equal(sut.stats.pull.path, '/metrics');
    assert.equal(sut.shutdown.drainSeconds, 15);
    assert.equal(sut.server.port, 8080);
    assert.equal(sut.server.grpcPort, 8081);
    assert.equal(sut.debug.port, 6070);
    assert.equal(sut.log.format, 'json');
  });

  it('redis: single node with a password and a 300 ms timeout', () => {
    const sut = settingsFor(['ci/redis-values.yaml']);
    assert.equal(sut.backend.type, 'redis');
    assert.equal(sut.backend.redis.main.type, 'single');
    assert.equal(sut.backend.redis.main.url, 'redis-master.redis:6379');
    assert.equal(sut.backend.redis.main.socketType, 'tcp');
    assert.equal(sut.backend.redis.main.auth, 'user:password');
    assert.equal(sut.backend.redis.main.timeoutMs, 300);
  });

  it('redis sentinel with a per-second store and Envoy-style names in env', () => {
    const sut = settingsFor(['ci/redis-sentinel-values.yaml']);
    assert.equal(sut.backend.redis.main.type, 'sentinel');
    assert.equal(sut.backend.redis.perSecond?.url, 'redis-persecond:6379');
    assert.equal(sut.backend.redis.perSecond?.pipelineWindowMs, 0.15);
    assert.equal(sut.limits.localCacheSizeBytes, 1048576);
    assert.equal(sut.limits.nearLimitRatio, 0.9);
    assert.equal(sut.health.healthyWithAtLeastOneConfigLoaded, true);
  });

  it('redis cluster over TLS, gRPC with mTLS, statistics off', () => {
    const sut = settingsFor(['ci/redis-cluster-values.yaml']);
    assert.equal(sut.backend.redis.main.type, 'cluster');
    assert.equal(sut.backend.redis.main.tls?.caCertPath, '/etc/ratelimit/tls/ca.crt');
    assert.equal(sut.stats.sink, 'disabled');
  });

  it('memcache with statsd push', () => {
    const sut = settingsFor(['ci/memcache-values.yaml']);
    assert.equal(sut.backend.type, 'memcache');
    assert.deepEqual(sut.backend.memcache.hostPorts, [
      'memcached-0.memcached:11211',
      'memcached-1.memcached:11211',
    ]);
    assert.equal(sut.stats.sink, 'pushstats');
    assert.deepEqual(sut.stats.statsd, { host: 'statsd-exporter.monitoring', port: 9125 });
  });

  it('memory with a 30 s drain', () => {
    const sut = settingsFor(['ci/memory-values.yaml']);
    assert.equal(sut.backend.type, 'memory');
    assert.equal(sut.shutdown.drainSeconds, 30);
  });
});
