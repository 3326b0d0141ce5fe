import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { parseDockerfile } from './support/parse-dockerfile';
import { repoRoot } from './support/repo-root';

// docker/compose.yml (the local try) must point at real Dockerfile targets, real files and a
// consistent configuration; there is no Docker engine to run it here.

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target: string };
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  command?: string[];
  depends_on?: Record<string, { condition: string }>;
  read_only?: boolean;
}

describe('docker/compose.yml', () => {
  let services: Record<string, ComposeService>;
  const dockerDir = () => join(repoRoot(), 'docker');
  before(() => {
    services = parse(readFileSync(join(dockerDir(), 'compose.yml'), 'utf8')).services;
  });

  it('runs ratelimit, redis, a statsd exporter and the playground', () => {
    assert.deepEqual(Object.keys(services).sort(), ['playground', 'ratelimit', 'redis', 'statsd-exporter']);
  });

  it('builds the service and the playground from Dockerfile targets that exist', () => {
    const stages = parseDockerfile(readFileSync(join(dockerDir(), 'Dockerfile'), 'utf8')).stages.map(
      (s) => s.name,
    );
    for (const [name, target] of [
      ['ratelimit', 'ratelimit'],
      ['playground', 'playground'],
    ]) {
      const build = services[name].build;
      assert.deepEqual(build, { context: '..', dockerfile: 'docker/Dockerfile', target });
      assert.ok(stages.includes(target), target);
    }
  });

  it('points the service at Redis and at the exporter statsd port, with the chart rules layout', () => {
    const env = services.ratelimit.environment ?? {};
    assert.equal(env.BACKEND_TYPE, 'redis');
    assert.equal(env.KV_URL, 'redis:6379');
    assert.equal(env.USE_PUSHSTATS, 'true');
    assert.equal(env.STATSD_HOST, 'statsd-exporter');
    assert.equal(env.STATSD_PORT, '9125');
    assert.equal(env.RUNTIME_WATCH_ROOT, 'false');
    assert.equal(env.RUNTIME_IGNOREDOTFILES, 'true');
    const rulesDir = `${env.RUNTIME_ROOT}/${env.RUNTIME_SUBDIRECTORY}/${env.RUNTIME_APPDIRECTORY}`;
    assert.deepEqual(services.ratelimit.volumes, [`../examples/ratelimit/config:${rulesDir}:ro`]);
    assert.deepEqual(services.ratelimit.depends_on?.redis, { condition: 'service_healthy' });
    assert.deepEqual(services.ratelimit.ports, ['8080:8080', '8081:8081', '6070:6070']);
    assert.equal(services.ratelimit.read_only, true);
  });

  it('mounts files that exist: the example rules and the exporter mapping', () => {
    assert.ok(existsSync(join(dockerDir(), '../examples/ratelimit/config')), 'examples/ratelimit/config');
    const [source] = (services['statsd-exporter'].volumes ?? [])[0].split(':');
    const mapping = parse(readFileSync(join(dockerDir(), source), 'utf8')) as {
      mappings: { name: string }[];
    };
    const names = new Set(mapping.mappings.map((m) => m.name));
    for (const metric of [
      'ratelimit_service_rate_limit_total_hits',
      'ratelimit_service_rate_limit_over_limit',
      'ratelimit_service_rate_limit_near_limit',
      'ratelimit_service_rate_limit_within_limit',
      'ratelimit_service_rate_limit_shadow_mode',
      'ratelimit_service_should_rate_limit_error',
      'ratelimit_service_total_requests',
      'ratelimit_service_response_time_seconds',
      'ratelimit_service_config_load_success',
      'ratelimit_service_config_load_error',
    ]) {
      assert.ok(names.has(metric), metric);
    }
  });

  it('serves the playground on PLAYGROUND_PORT 3000', () => {
    assert.equal(services.playground.environment?.PLAYGROUND_PORT, '3000');
    assert.deepEqual(services.playground.ports, ['3000:3000']);
  });
});
