import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { renderChart, type Manifest } from './support/helm';
import {
  deploymentSpec,
  envOf,
  ofKind,
  onlyOfKind,
  ratelimitContainer,
  servicePorts,
} from './support/manifest-queries';

// What each backend's values (docker/helm/ratelimit/ci/*.yaml) turn into.

const secretData = (manifests: Manifest[], name: string) => {
  const secret = ofKind(manifests, 'Secret').find((s) => s.metadata.name === name);
  const data = (secret?.data ?? {}) as Record<string, string>;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]));
};

describe('ratelimit Helm chart backends', () => {
  describe('redis (single, password, HPA, ServiceMonitor, headless Service)', () => {
    let manifests: Manifest[];
    before(() => {
      manifests = renderChart({ valuesFiles: ['ci/redis-values.yaml'] });
    });

    it('writes the KV_* settings and takes KV_AUTH from the chart Secret, never as plain text', () => {
      const env = envOf(manifests);
      assert.equal(env.BACKEND_TYPE, 'redis');
      assert.equal(env.KV_TYPE, 'single');
      assert.equal(env.KV_URL, 'redis-master.redis:6379');
      assert.equal(env.KV_SOCKET_TYPE, 'tcp');
      assert.equal(env.KV_POOL_SIZE, undefined); // accepted for compatibility only: not set by default
      assert.equal(env.KV_TIMEOUT, '300ms');
      assert.equal(env.KV_AUTH, 'secret:rl-ratelimit-auth/KV_AUTH');
      assert.deepEqual(secretData(manifests, 'rl-ratelimit-auth'), { KV_AUTH: 's3cret-for-tests' });
      assert.doesNotMatch(JSON.stringify(onlyOfKind(manifests, 'Deployment')), /s3cret/);
    });

    it('leaves the replica count to the HPA and keeps a PodDisruptionBudget', () => {
      assert.equal(deploymentSpec(manifests).replicas, undefined);
      const hpa = onlyOfKind(manifests, 'HorizontalPodAutoscaler').spec as Record<string, unknown>;
      assert.equal(hpa.minReplicas, 3);
      assert.equal(hpa.maxReplicas, 12);
      assert.deepEqual(hpa.scaleTargetRef, {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: 'rl-ratelimit',
      });
      const pdb = onlyOfKind(manifests, 'PodDisruptionBudget').spec as Record<string, unknown>;
      assert.equal(pdb.maxUnavailable, 1);
      assert.deepEqual(pdb.selector, { matchLabels: deploymentSpec(manifests).selector.matchLabels });
    });

    it('scrapes the metrics port through a ServiceMonitor, from the main Service only', () => {
      const monitor = onlyOfKind(manifests, 'ServiceMonitor');
      assert.equal(monitor.apiVersion, 'monitoring.coreos.com/v1');
      assert.equal(monitor.metadata.labels?.release, 'prometheus');
      const spec = monitor.spec as { endpoints: object[]; selector: object; namespaceSelector: object };
      assert.deepEqual(spec.endpoints, [
        { port: 'metrics', path: '/metrics', interval: '30s', scrapeTimeout: '10s' },
      ]);
      assert.deepEqual(spec.selector, { matchLabels: deploymentSpec(manifests).selector.matchLabels });
      assert.deepEqual(spec.namespaceSelector, { matchNames: ['edge'] });
      const [main, headless] = ofKind(manifests, 'Service');
      assert.deepEqual(servicePorts(main), { grpc: 8081, http: 8080, debug: 6070, metrics: 9090 });
      assert.equal(headless.metadata.name, 'rl-ratelimit-headless');
      assert.equal((headless.spec as { clusterIP: string }).clusterIP, 'None');
      assert.deepEqual(servicePorts(headless), { grpc: 8081, http: 8080, debug: 6070 });
    });

    it('replaces the example rules (null deletes a default entry) and rolls pods when rules change', () => {
      const configMap = onlyOfKind(manifests, 'ConfigMap');
      assert.deepEqual(Object.keys(configMap.data as object), ['edge-proxy.yaml']);
      const annotations = (
        onlyOfKind(manifests, 'Deployment').spec as { template: { metadata: { annotations: object } } }
      ).template.metadata.annotations;
      assert.match((annotations as Record<string, string>)['checksum/rules'], /^[0-9a-f]{64}$/);
    });
  });

  it('redis sentinel: URL, password from an existing Secret, per-second Redis, Envoy-style env kept', () => {
    const manifests = renderChart({ valuesFiles: ['ci/redis-sentinel-values.yaml'] });
    const env = envOf(manifests);
    assert.equal(env.KV_TYPE, 'sentinel');
    assert.match(env.KV_URL, /^mymaster,redis-node-0\.redis-headless:26379,/);
    assert.equal(env.KV_AUTH, 'secret:redis-credentials/redis-password');
    assert.equal(env.KV_PERSECOND, 'true');
    assert.equal(env.KV_PERSECOND_URL, 'redis-persecond:6379');
    assert.equal(env.REDIS_PERSECOND_PIPELINE_WINDOW, '150us');
    assert.equal(env.LOCAL_CACHE_SIZE_IN_BYTES, '1048576');
    assert.equal(env.HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED, 'true');
    assert.equal(env.KV_TIMEOUT, '500ms');
    const extra = ratelimitContainer(manifests).env.find((e) => e.name === 'TRACING_SERVICE_INSTANCE_ID');
    assert.deepEqual(extra, {
      name: 'TRACING_SERVICE_INSTANCE_ID',
      valueFrom: { fieldRef: { fieldPath: 'metadata.name' } },
    });
    assert.equal(ofKind(manifests, 'Secret').length, 0);
    assert.equal(deploymentSpec(manifests).replicas, 3);
    assert.equal(
      (onlyOfKind(manifests, 'PodDisruptionBudget').spec as { minAvailable: number }).minAvailable,
      2,
    );
  });

  it('redis cluster: TLS to Redis with a client certificate and mTLS on gRPC, files from an existing Secret', () => {
    const manifests = renderChart({ valuesFiles: ['ci/redis-cluster-values.yaml'] });
    const env = envOf(manifests);
    assert.equal(env.KV_TYPE, 'cluster');
    assert.equal(env.KV_URL.split(',').length, 3);
    assert.equal(env.KV_PIPELINE_WINDOW, '150us');
    assert.equal(env.KV_PIPELINE_LIMIT, '8');
    assert.equal(env.KV_TLS, 'true');
    assert.equal(env.KV_TLS_CACERT, '/etc/ratelimit/tls/ca.crt');
    assert.equal(env.KV_TLS_CLIENT_CERT, '/etc/ratelimit/tls/tls.crt');
    assert.equal(env.KV_TLS_CLIENT_KEY, '/etc/ratelimit/tls/tls.key');
    assert.equal(env.GRPC_SERVER_USE_TLS, 'true');
    assert.equal(env.GRPC_SERVER_TLS_CERT, '/etc/ratelimit/tls/tls.crt');
    assert.equal(env.GRPC_SERVER_TLS_KEY, '/etc/ratelimit/tls/tls.key');
    assert.equal(env.GRPC_CLIENT_TLS_CACERT, '/etc/ratelimit/tls/ca.crt');
    assert.equal(env.GRPC_CLIENT_TLS_SAN, 'envoy.edge.svc');
    assert.equal(env.DISABLE_STATS, 'true');
    const volume = deploymentSpec(manifests).template.spec.volumes.find((v) => v.name === 'tls');
    assert.equal(volume?.secret?.secretName, 'ratelimit-tls');
    const mount = ratelimitContainer(manifests).volumeMounts.find((m) => m.name === 'tls');
    assert.deepEqual(mount, { name: 'tls', mountPath: '/etc/ratelimit/tls', readOnly: true });
    assert.ok(!ratelimitContainer(manifests).ports.some((p) => p.name === 'metrics'));
  });

  it('memcache: ALTCACHE_* settings, statsd push, TLS files in a Secret made by the chart', () => {
    const manifests = renderChart({ valuesFiles: ['ci/memcache-values.yaml'] });
    const env = envOf(manifests);
    assert.equal(env.BACKEND_TYPE, 'memcache');
    assert.equal(env.ALTCACHE_HOST_PORT, 'memcached-0.memcached:11211,memcached-1.memcached:11211');
    assert.equal(env.ALTCACHE_MAX_IDLE_CONNS, '4');
    assert.deepEqual(
      Object.keys(env).filter((name) => name.startsWith('KV_')),
      [],
    );
    assert.equal(env.USE_PUSHSTATS, 'true');
    assert.equal(env.USE_PULLSTATS, 'false');
    assert.equal(env.STATSD_HOST, 'statsd-exporter.monitoring');
    assert.equal(env.STATSD_PORT, '9125');
    assert.deepEqual(Object.keys(secretData(manifests, 'rl-ratelimit-tls')), ['tls.crt', 'tls.key']);
    assert.equal(deploymentSpec(manifests).replicas, 2);
  });

  it('memory: exactly one pod, no HPA or PodDisruptionBudget, grace period follows the drain', () => {
    const manifests = renderChart({ valuesFiles: ['ci/memory-values.yaml'] });
    assert.equal(deploymentSpec(manifests).replicas, 1);
    assert.equal(ofKind(manifests, 'HorizontalPodAutoscaler').length, 0);
    assert.equal(ofKind(manifests, 'PodDisruptionBudget').length, 0);
    assert.equal(envOf(manifests).SHUTDOWN_DRAIN_SECONDS, '30');
    assert.equal(deploymentSpec(manifests).template.spec.terminationGracePeriodSeconds, 45);
    assert.equal(ratelimitContainer(manifests).lifecycle, undefined);
  });
});
