import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cachedCountingKey, type UnsupportedAlgorithms } from './compile-algorithm';
import { compileRules, compileSnapshot } from './compile-snapshot';
import { RuleConfigError } from './rule-config-error';
import { loadFixture, snapshotOf } from '../test/fixture-files';

function compileError(name: string, unsupportedAlgorithms?: UnsupportedAlgorithms): string {
  try {
    compileSnapshot([loadFixture(name)], { mergeDomainConfigs: false, unsupportedAlgorithms });
  } catch (error) {
    assert.ok(error instanceof RuleConfigError);
    return error.message;
  }
  assert.fail('expected a RuleConfigError');
}

/** What the service on memcached refuses (its message comes from the app). */
const NO_CACHED = new Map([
  [cachedCountingKey('fixed_window'), 'counting: cached needs the redis backend'],
  [cachedCountingKey('sliding_window'), 'counting: cached needs the redis backend'],
]);

describe('counting (docs/rules.md#counting)', () => {
  const sut = snapshotOf(['counting.yaml']);
  const rule = (key: string) => sut.findLimit('test-domain', { entries: [{ key, value: 'v' }] });

  it('compiles `counting` into the rule, exact by default, per item of a list', () => {
    assert.deepEqual(
      ['cached', 'exact', 'plain', 'sliding'].map((key) => rule(key)?.rule.counting),
      ['cached', 'exact', 'exact', 'cached'],
    );
    assert.deepEqual(
      rule('account')?.items?.map((item) => item.rule.counting),
      ['exact', 'cached'],
    );
  });

  it('keeps the counting of the matched rule for a request override', () => {
    const limit = { requestsPerUnit: 7, unit: 'HOUR' as const };
    const override = (key: string) =>
      sut.findLimit('test-domain', { entries: [{ key, value: 'v' }], limit })?.rule.counting;
    assert.deepEqual(
      [override('cached'), override('plain'), override('unknown')],
      ['cached', 'exact', 'exact'],
    );
  });

  it('dumps counting=cached only for cached limits (/rlconfig)', () => {
    const lines = sut.dump().split('\n');
    assert.equal(
      lines[0],
      'test-domain.cached: unit=MINUTE requests_per_unit=1000 counting=cached, shadow_mode: false, quota_mode: false',
    );
    assert.equal(
      lines[1],
      'test-domain.exact: unit=MINUTE requests_per_unit=1000, shadow_mode: false, quota_mode: false',
    );
    assert.ok(
      lines.includes(
        'test-domain.sliding: unit=MINUTE requests_per_unit=100 algorithm=sliding_window counting=cached, shadow_mode: false, quota_mode: false',
      ),
    );
  });

  it('refuses a counting that does not exist, and one on an unlimited limit, with their position', () => {
    assert.equal(
      compileError('unknown_counting.yaml'),
      "unknown_counting.yaml: invalid rate limit counting 'lazy' (line 6, column 7)",
    );
    assert.equal(
      compileError('unlimited_with_counting.yaml'),
      'unlimited_with_counting.yaml: should not specify rate limit counting when unlimited (line 6, column 7)',
    );
  });

  it('refuses `counting: cached` where the store or the algorithm cannot hold it, each at its limit', () => {
    const all = compileRules([loadFixture('counting.yaml')], {
      mergeDomainConfigs: false,
      collectAll: true,
      unsupportedAlgorithms: NO_CACHED,
    });
    assert.deepEqual(
      all.errors.map((error) => error.message),
      [
        'counting.yaml: counting: cached needs the redis backend (line 6, column 7)',
        'counting.yaml: counting: cached needs the redis backend (line 24, column 9)',
        'counting.yaml: counting: cached needs the redis backend (line 28, column 7)',
      ],
    );
  });
});
