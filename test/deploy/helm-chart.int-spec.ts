import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { findModel, schemaErrors } from './support/kubernetes-schema';
import {
  helmUnavailableReason,
  renderChart,
  renderNotes,
  runHelm,
  valuesArgs,
  type Manifest,
} from './support/helm';
import { chartDir } from './support/repo-root';
import {
  deploymentSpec,
  envOf,
  ofKind,
  onlyOfKind,
  ratelimitContainer,
  servicePorts,
} from './support/manifest-queries';

// Runs docker/helm/ratelimit through the real Helm 4 binary: `helm lint --strict` and
// `helm template` for the default values and each ci/ values file, every manifest checked against
// the Kubernetes schemas, then the parts operators rely on with the default values.

const CASES: Record<string, string[]> = {
  default: [],
  redis: ['ci/redis-values.yaml'],
  'redis-sentinel': ['ci/redis-sentinel-values.yaml'],
  'redis-cluster': ['ci/redis-cluster-values.yaml'],
  memcache: ['ci/memcache-values.yaml'],
  memory: ['ci/memory-values.yaml'],
};

describe('ratelimit Helm chart', { skip: helmUnavailableReason() }, () => {
  it('is Helm 4', () => {
    assert.match(runHelm(['version', '--short']).stdout, /^v4\.\d+\.\d+/);
  });

  for (const [name, valuesFiles] of Object.entries(CASES)) {
    it(`passes helm lint --strict with the ${name} values`, () => {
      const { status, stdout, stderr } = runHelm([
        'lint',
        '--strict',
        chartDir(),
        ...valuesArgs({ valuesFiles }),
      ]);
      assert.equal(status, 0, stdout + stderr);
      assert.match(stdout, /1 chart\(s\) linted, 0 chart\(s\) failed/);
    });

    it(`renders the ${name} values into manifests that pass the Kubernetes schemas`, async () => {
      const manifests = renderChart({ valuesFiles });
      assert.ok(manifests.length >= 4, `only ${manifests.length} manifests`);
      for (const manifest of manifests) {
        if (manifest.kind === 'ServiceMonitor') continue; // a CRD: checked field by field below
        assert.equal(await schemaErrors(manifest), '', `${manifest.kind}/${manifest.metadata.name}`);
        assert.equal(manifest.metadata.namespace, 'edge', `${manifest.kind} namespace`);
      }
    });

    it(`renders NOTES.txt for the ${name} values`, () => {
      const { status, notes, stderr } = renderNotes({ valuesFiles });
      assert.equal(status, 0, stderr);
      assert.match(notes, /cluster "ratelimit": type STRICT_DNS/);
      assert.match(notes, /curl -s localhost:8080\/healthcheck/);
    });
  }

  it('the schema check catches an invalid manifest (the validator really validates)', async () => {
    const broken: Manifest = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x' },
      spec: { replicas: '2' },
    };
    assert.match(await schemaErrors(broken), /replicas must be integer/);
    assert.equal(
      await findModel({ ...broken, apiVersion: 'monitoring.coreos.com/v1', kind: 'ServiceMonitor' }),
      'no-model',
    );
  });

  describe('with the default values', () => {
    let manifests: Manifest[];
    before(() => {
      manifests = renderChart();
    });

    it('renders a Deployment, a Service, the rules ConfigMap and a ServiceAccount, one pod with memory counters', () => {
      assert.deepEqual(manifests.map((m) => m.kind).sort(), [
        'ConfigMap',
        'Deployment',
        'Service',
        'ServiceAccount',
      ]);
      assert.equal(deploymentSpec(manifests).replicas, 1);
      assert.equal(envOf(manifests).BACKEND_TYPE, 'memory');
    });

    it('probes GET /healthcheck on the http port (8080) for startup, readiness and liveness', () => {
      const container = ratelimitContainer(manifests);
      for (const probe of [container.startupProbe, container.readinessProbe, container.livenessProbe]) {
        assert.deepEqual(probe.httpGet, { path: '/healthcheck', port: 'http' });
      }
      assert.deepEqual(
        container.ports.map((port) => [port.name, port.containerPort]),
        [
          ['http', 8080],
          ['grpc', 8081],
          ['debug', 6070],
          ['metrics', 9090],
        ],
      );
    });

    it('sets the settings by their canonical names', () => {
      assert.deepEqual(envOf(manifests), {
        BACKEND_TYPE: 'memory',
        CONFIG_TYPE: 'FILE',
        DEBUG_PORT: '6070',
        GRPC_PORT: '8081',
        GRPC_SERVER_USE_TLS: 'false',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'warn',
        PORT: '8080',
        PULLSTATS_ADDR: ':9090',
        PULLSTATS_PATH: '/metrics',
        RUNTIME_APPDIRECTORY: 'config',
        RUNTIME_IGNOREDOTFILES: 'true',
        RUNTIME_ROOT: '/data',
        RUNTIME_SUBDIRECTORY: 'ratelimit',
        RUNTIME_WATCH_ROOT: 'false',
        SHUTDOWN_DRAIN_SECONDS: '15',
        USE_PULLSTATS: 'true',
        USE_PUSHSTATS: 'false',
      });
    });

    it('mounts the rules ConfigMap as a whole directory at RUNTIME_ROOT/RUNTIME_SUBDIRECTORY/RUNTIME_APPDIRECTORY', () => {
      const env = envOf(manifests);
      const configMap = onlyOfKind(manifests, 'ConfigMap');
      const pod = deploymentSpec(manifests).template.spec;
      const volume = pod.volumes.find((v) => v.configMap);
      assert.equal(volume?.configMap?.name, configMap.metadata.name);
      const mount = ratelimitContainer(manifests).volumeMounts.find((m) => m.name === volume?.name);
      assert.deepEqual(mount, { name: 'rules', mountPath: '/data/ratelimit/config', readOnly: true });
      assert.equal(
        `${env.RUNTIME_ROOT}/${env.RUNTIME_SUBDIRECTORY}/${env.RUNTIME_APPDIRECTORY}`,
        mount?.mountPath,
      );
      assert.deepEqual(Object.keys(configMap.data as object), ['example.yaml']);
      assert.match((configMap.data as Record<string, string>)['example.yaml'], /^domain: example\n/);
    });

    it('runs as a non-root user on a read-only root file system with a writable /tmp', () => {
      const pod = deploymentSpec(manifests).template.spec;
      const container = ratelimitContainer(manifests);
      assert.equal(pod.securityContext.runAsNonRoot, true);
      assert.equal(pod.securityContext.runAsUser, 10001);
      assert.equal(container.securityContext.readOnlyRootFilesystem, true);
      assert.equal(container.securityContext.allowPrivilegeEscalation, false);
      assert.deepEqual(container.securityContext.capabilities, { drop: ['ALL'] });
      assert.ok(pod.volumes.some((v) => v.name === 'tmp' && v.emptyDir));
      assert.ok(container.volumeMounts.some((m) => m.name === 'tmp' && m.mountPath === '/tmp'));
    });

    it('gives the pod longer to terminate than preStop + SHUTDOWN_DRAIN_SECONDS', () => {
      const pod = deploymentSpec(manifests).template.spec;
      assert.deepEqual(ratelimitContainer(manifests).lifecycle?.preStop?.exec?.command, ['sleep', '5']);
      assert.equal(pod.terminationGracePeriodSeconds, 35);
      assert.ok(pod.terminationGracePeriodSeconds > 5 + Number(envOf(manifests).SHUTDOWN_DRAIN_SECONDS));
    });

    it('exposes grpc, http and metrics on the Service but not the unauthenticated debug port', () => {
      const service = onlyOfKind(manifests, 'Service');
      assert.deepEqual(servicePorts(service), { grpc: 8081, http: 8080, metrics: 9090 });
      assert.deepEqual(
        (service.spec as { selector: object }).selector,
        deploymentSpec(manifests).selector.matchLabels,
      );
      assert.equal(ofKind(manifests, 'Secret').length, 0);
    });
  });
});
