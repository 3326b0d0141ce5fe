import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compileRules, compileSnapshot } from './compile-snapshot';
import { RuleConfigError } from './rule-config-error';
import { parseYamlConfig } from './parse-yaml-config';
import { loadFixture, readFixture, snapshotOf } from '../test/fixture-files';

function compileError(name: string, unsupportedAlgorithms?: ReadonlyMap<'token_bucket', string>): string {
  try {
    compileSnapshot([loadFixture(name)], { mergeDomainConfigs: false, unsupportedAlgorithms });
  } catch (error) {
    assert.ok(error instanceof RuleConfigError);
    return error.message;
  }
  assert.fail('expected a RuleConfigError');
}

describe('algorithm and burst (docs/algorithms.md)', () => {
  const sut = snapshotOf(['algorithms.yaml']);
  const rule = (key: string) => sut.findLimit('test-domain', { entries: [{ key, value: 'v' }] })?.rule;

  it('compiles the algorithm into the rule, with the burst of a token bucket (default requests_per_unit)', () => {
    const fields = (key: string) => [rule(key)?.algorithm, rule(key)?.burst, rule(key)?.unitSeconds];
    assert.deepEqual(fields('sliding'), ['sliding_window', 0, 60]);
    assert.deepEqual(fields('bucket'), ['token_bucket', 20, 60]);
    assert.deepEqual(fields('bucket_default_burst'), ['token_bucket', 5, 2]);
    assert.deepEqual(fields('fixed'), ['fixed_window', 0, 3600]);
    assert.deepEqual(fields('plain'), ['fixed_window', 0, 3600]);
  });

  it('dumps algorithm= and burst= only for the opt-in algorithms (/rlconfig)', () => {
    assert.equal(
      sut.dump(),
      [
        'test-domain.sliding: unit=MINUTE requests_per_unit=100 algorithm=sliding_window, shadow_mode: false, quota_mode: false',
        'test-domain.bucket: unit=MINUTE requests_per_unit=100 algorithm=token_bucket burst=20, shadow_mode: false, quota_mode: false',
        'test-domain.bucket_default_burst: unit=SECOND unit_multiplier=2 requests_per_unit=5 algorithm=token_bucket burst=5, shadow_mode: false, quota_mode: false',
        'test-domain.fixed: unit=HOUR requests_per_unit=3, shadow_mode: false, quota_mode: false',
        'test-domain.plain: unit=HOUR requests_per_unit=3, shadow_mode: false, quota_mode: false',
        '',
      ].join('\n'),
    );
  });

  it('keeps the algorithm of the matched rule for a request override (burst = the override limit)', () => {
    const limit = { requestsPerUnit: 7, unit: 'HOUR' as const };
    const override = (key: string) =>
      sut.findLimit('test-domain', { entries: [{ key, value: 'v' }], limit })?.rule;
    assert.deepEqual(
      [override('bucket')?.algorithm, override('bucket')?.burst, override('bucket')?.requestsPerUnit],
      ['token_bucket', 7, 7],
    );
    assert.equal(override('sliding')?.algorithm, 'sliding_window');
    assert.equal(override('plain')?.algorithm, 'fixed_window');
    assert.deepEqual(
      [override('unknown')?.algorithm, override('unknown')?.unitSeconds],
      ['fixed_window', 3600],
    );
  });

  describe('config errors (one fixture each, with their position)', () => {
    const table: [fixture: string, message: string][] = [
      [
        'unknown_algorithm.yaml',
        "unknown_algorithm.yaml: invalid rate limit algorithm 'leaky' (line 6, column 7)",
      ],
      [
        'burst_without_token_bucket.yaml',
        'burst_without_token_bucket.yaml: burst is only valid with algorithm token_bucket (line 6, column 7)',
      ],
      [
        'burst_without_algorithm.yaml',
        'burst_without_algorithm.yaml: burst is only valid with algorithm token_bucket (line 6, column 7)',
      ],
      ['zero_burst.yaml', "zero_burst.yaml: invalid rate limit burst '0' (line 6, column 7)"],
      [
        'unlimited_with_algorithm.yaml',
        'unlimited_with_algorithm.yaml: should not specify rate limit algorithm when unlimited (line 6, column 7)',
      ],
    ];
    for (const [fixture, message] of table) it(fixture, () => assert.equal(compileError(fixture), message));

    it('a burst that is not a uint32 is a type error of the YAML read', () => {
      const parsed = parseYamlConfig('string_burst.yaml', readFixture('string_burst.yaml'));
      assert.match(
        parsed.errors[0]?.message ?? '',
        /string_burst\.yaml: .*cannot unmarshal !!str `many` into uint32/,
      );
    });
  });

  it('refuses an algorithm the counter store cannot run, with the store message', () => {
    const memcached = new Map([['token_bucket' as const, 'token_bucket needs the redis or memory backend']]);
    assert.equal(
      compileError('algorithms.yaml', memcached),
      'algorithms.yaml: token_bucket needs the redis or memory backend (line 12, column 7)',
    );
    const all = compileRules([loadFixture('algorithms.yaml')], {
      mergeDomainConfigs: false,
      collectAll: true,
      unsupportedAlgorithms: memcached,
    });
    assert.deepEqual(
      all.errors.map((error) => error.message),
      [
        'algorithms.yaml: token_bucket needs the redis or memory backend (line 12, column 7)',
        'algorithms.yaml: token_bucket needs the redis or memory backend (line 19, column 7)',
      ],
    );
  });
});
