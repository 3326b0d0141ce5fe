import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import Ajv, { type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { chartDir } from './support/repo-root';

// values.schema.json is what `helm install` checks values against: it must accept values.yaml
// and every ci/ values file (merged over values.yaml, as Helm does) and reject typical mistakes.

type Values = Record<string, unknown>;

function mergeValues(base: Values, overlay: Values): Values {
  const merged: Values = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    const current = merged[key];
    if (value === null) delete merged[key];
    else if (isObject(value) && isObject(current)) merged[key] = mergeValues(current, value);
    else merged[key] = value;
  }
  return merged;
}
const isObject = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const readYaml = (path: string): Values => parse(readFileSync(path, 'utf8')) as Values;
const withOverrides = (base: Values, overrides: Values) => mergeValues(structuredClone(base), overrides);

describe('ratelimit chart values.schema.json', () => {
  let validate: ValidateFunction;
  let defaults: Values;
  const errorsOf = (values: Values) => (validate(values) ? '' : JSON.stringify(validate.errors));

  before(() => {
    const schema = JSON.parse(readFileSync(join(chartDir(), 'values.schema.json'), 'utf8'));
    validate = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);
    defaults = readYaml(join(chartDir(), 'values.yaml'));
  });

  it('accepts values.yaml', () => {
    assert.equal(errorsOf(defaults), '');
  });

  it('accepts every ci/ values file merged over values.yaml', () => {
    const files = readdirSync(join(chartDir(), 'ci')).filter((name) => name.endsWith('.yaml'));
    assert.deepEqual(files.sort(), [
      'memcache-values.yaml',
      'memory-values.yaml',
      'redis-cluster-values.yaml',
      'redis-sentinel-values.yaml',
      'redis-values.yaml',
    ]);
    for (const file of files) {
      assert.equal(errorsOf(mergeValues(defaults, readYaml(join(chartDir(), 'ci', file)))), '', file);
    }
  });

  it('rejects a misspelled key, at the top and nested', () => {
    assert.match(
      errorsOf(withOverrides(defaults, { replicas: 3 })),
      /"additionalProperty":"replicas".*must NOT have additional properties/,
    );
    assert.match(
      errorsOf(withOverrides(defaults, { redis: { uri: 'r:6379' } })),
      /"additionalProperty":"uri"/,
    );
  });

  it('rejects unknown choices: backend, Redis type, stats sink', () => {
    assert.match(
      errorsOf(withOverrides(defaults, { backend: { type: 'dynamodb' } })),
      /backend\/type.*must be equal to one of/,
    );
    assert.match(
      errorsOf(withOverrides(defaults, { redis: { type: 'SINGLE' } })),
      /redis\/type.*must be equal to one of/,
    );
    assert.match(errorsOf(withOverrides(defaults, { metrics: { sink: 'graphite' } })), /metrics\/sink/);
  });

  it('requires redis.url with backend redis and exactly one memcache address source', () => {
    assert.match(
      errorsOf(withOverrides(defaults, { backend: { type: 'redis' } })),
      /redis\/url.*must NOT have fewer than 1 characters/,
    );
    assert.match(
      errorsOf(withOverrides(defaults, { backend: { type: 'memcache' } })),
      /must match exactly one schema in oneOf/,
    );
    assert.equal(
      errorsOf(withOverrides(defaults, { backend: { type: 'memcache' }, memcache: { srv: '_m._tcp.x' } })),
      '',
    );
  });

  it('rejects wrong types and formats: string replicas, bad duration, bad port, nested env values', () => {
    assert.match(errorsOf(withOverrides(defaults, { replicaCount: '2' })), /replicaCount.*must be integer/);
    assert.match(
      errorsOf(withOverrides(defaults, { redis: { timeout: '300' } })),
      /redis\/timeout.*must match pattern/,
    );
    assert.match(
      errorsOf(withOverrides(defaults, { ports: { grpc: 70000 } })),
      /ports\/grpc.*must be <= 65535/,
    );
    assert.match(
      errorsOf(withOverrides(defaults, { env: { LOG_LEVEL: { level: 'debug' } } })),
      /env\/LOG_LEVEL/,
    );
    assert.match(
      errorsOf(withOverrides(defaults, { env: { 'bad-name': 'x' } })),
      /property name must be valid/,
    );
  });
});
