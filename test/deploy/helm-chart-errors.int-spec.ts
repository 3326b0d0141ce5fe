import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { scratchDir } from '@repo/test-support';
import { helmTemplate, helmUnavailableReason, type RenderOptions } from './support/helm';

// Values the real `helm template` refuses, each with a message that names what to fix: the
// chart's own checks (templates/_validate.tpl, `fail`) and values.schema.json, which Helm applies
// before rendering.

function renderError(options: RenderOptions, extraArgs: readonly string[] = []): string {
  const { status, stderr } = helmTemplate(options, extraArgs);
  assert.equal(status, 1, 'render should fail');
  return stderr;
}

describe('ratelimit Helm chart refuses bad values', { skip: helmUnavailableReason() }, () => {
  let dir: string;
  const valuesFile = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  before(() => {
    dir = scratchDir('chart-values');
  });

  it('values the schema rejects: an unknown backend, a negative replica count, a misspelled key', () => {
    assert.match(
      renderError({ sets: ['backend.type=dynamodb'] }),
      /at '\/backend\/type': value must be one of '', 'redis', 'memcache', 'memory'/,
    );
    assert.match(renderError({ sets: ['replicaCount=-1'] }), /at '\/replicaCount': minimum: got -1, want 1/);
    assert.match(
      renderError({ sets: ['redis.uri=r:6379'] }),
      /at '\/redis': additional properties 'uri' not allowed/,
    );
  });

  it('a setting in env that the chart derives, in either naming style', () => {
    const sets = ['redis.url=redis:6379'];
    assert.match(
      renderError({ sets: [...sets, 'env.REDIS_URL=other:6379'] }),
      /env\.REDIS_URL: KV_URL is set by the chart from its values/,
    );
    assert.match(
      renderError({ sets: [...sets, 'env.KV_TYPE=cluster'] }),
      /env\.KV_TYPE: KV_TYPE is set by the chart/,
    );
    assert.match(
      renderError({ sets: ['env.USE_PROMETHEUS=true'] }),
      /env\.USE_PROMETHEUS: USE_PULLSTATS is set/,
    );
    assert.match(
      renderError({ sets: ['env.RUNTIME_WATCH_ROOT=true'] }),
      /env\.RUNTIME_WATCH_ROOT: RUNTIME_WATCH_ROOT/,
    );
  });

  it('one setting twice in env under both names', () => {
    const file = valuesFile(
      'twice.yaml',
      'env:\n  KV_PIPELINE_WINDOW: 100us\n  REDIS_PIPELINE_WINDOW: 200us\n',
    );
    assert.match(
      renderError({ valuesFiles: [file] }),
      /env\.KV_PIPELINE_WINDOW and env\.REDIS_PIPELINE_WINDOW are the same setting \(KV_PIPELINE_WINDOW\)/,
    );
  });

  it('redis without a URL (the schema first; the chart says it too when schema checks are skipped)', () => {
    assert.match(
      renderError({ sets: ['backend.type=redis'] }),
      /at '\/redis\/url': minLength: got 0, want 1/,
    );
    assert.match(
      renderError({ sets: ['backend.type=redis'] }, ['--skip-schema-validation']),
      /redis\.url is required with the redis backend/,
    );
  });

  it('redis with a URL that does not fit its type', () => {
    assert.match(
      renderError({ sets: ['redis.type=sentinel', 'redis.url=mymaster'] }),
      /redis\.url "mymaster": sentinel needs "<master name>,<sentinel host:port>\[,\.\.\.\]"/,
    );
    assert.match(renderError({ sets: ['redis.url=a:6379\\,b:6379'] }), /a single Redis takes one address/);
    assert.match(
      renderError({ sets: ['redis.url=r:6379', 'redis.perSecond.enabled=true'] }),
      /redis\.perSecond\.url is required/,
    );
  });

  it('memcache without exactly one of hostPort and srv', () => {
    const none = { sets: ['backend.type=memcache'] };
    const both = { sets: ['backend.type=memcache', 'memcache.hostPort=m:11211', 'memcache.srv=_m._tcp'] };
    assert.match(
      renderError(none),
      /at '\/memcache': 'oneOf' failed, none matched\n.*at '\/memcache\/hostPort': minLength: got 0, want 1/,
    );
    assert.match(renderError(both), /at '\/memcache\/srv': maxLength: got 7, want 0/);
    const message = /backend\.type memcache: set exactly one of memcache\.hostPort and memcache\.srv/;
    assert.match(renderError(none, ['--skip-schema-validation']), message);
    assert.match(renderError(both, ['--skip-schema-validation']), message);
  });

  it('TLS turned on without TLS files', () => {
    assert.match(
      renderError({ sets: ['tls.grpcServer.enabled=true'] }),
      /tls\.grpcServer\.enabled needs TLS files: set tls\.existingSecret or tls\.files/,
    );
  });

  it('no rules, a dot-file rule the service would skip, a ServiceMonitor without Prometheus', () => {
    const noRules = valuesFile('no-rules.yaml', 'rules:\n  files:\n    example.yaml: null\n');
    assert.match(renderError({ valuesFiles: [noRules] }), /give rule files in rules\.files or a ConfigMap/);
    const dotFile = valuesFile('dot.yaml', 'rules:\n  files:\n    .hidden.yaml: "domain: d"\n');
    assert.match(
      renderError({ valuesFiles: [dotFile] }),
      /invalid propertyName '\.hidden\.yaml'\n.*'\.hidden\.yaml' does not match pattern/,
    );
    assert.match(
      renderError({ valuesFiles: [dotFile] }, ['--skip-schema-validation']),
      /rules\.files\.\.hidden\.yaml: a file name starting with a dot is skipped/,
    );
    assert.match(
      renderError({ sets: ['metrics.sink=statsd', 'metrics.serviceMonitor.enabled=true'] }),
      /metrics\.serviceMonitor\.enabled needs metrics\.sink prometheus/,
    );
  });
});
