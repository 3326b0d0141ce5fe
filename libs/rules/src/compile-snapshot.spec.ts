import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compileRules, compileSnapshot } from './compile-snapshot';
import { RuleConfigError } from './rule-config-error';
import { loadFixture, snapshotOf } from '../test/fixture-files';

function thrownBy(fn: () => unknown): RuleConfigError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof RuleConfigError);
    return error;
  }
  assert.fail('expected a RuleConfigError');
}

function compileError(names: string[], mergeDomainConfigs = false): string {
  return thrownBy(() => snapshotOf(names, mergeDomainConfigs)).message;
}

describe(compileSnapshot.name, () => {
  describe('config errors found while compiling (one fixture each)', () => {
    const table: [fixtures: string[], message: string, merge?: boolean][] = [
      [['empty_domain.yaml'], 'empty_domain.yaml: config file cannot have empty domain (line 1, column 9)'],
      [
        ['basic_config.yaml', 'duplicate_domain.yaml'],
        "duplicate_domain.yaml: duplicate domain 'test-domain' in config file (line 1, column 9)",
      ],
      [['empty_key.yaml'], 'empty_key.yaml: descriptor has empty key (line 3, column 5)'],
      [
        ['duplicate_key.yaml'],
        "duplicate_key.yaml: duplicate descriptor composite key 'test-domain.key1_value1' (line 8, column 5)",
      ],
      [
        ['merge_domain_key1.yaml', 'merge_domain_key1.yaml'],
        "merge_domain_key1.yaml: duplicate descriptor composite key 'test-domain.key1_value1' (line 3, column 5)",
        true,
      ],
      [['bad_limit_unit.yaml'], "bad_limit_unit.yaml: invalid rate limit unit 'foo' (line 6, column 7)"],
      [['missing_limit_unit.yaml'], "missing_limit_unit.yaml: invalid rate limit unit '' (line 5, column 7)"],
      [
        ['unknown_limit_unit.yaml'],
        "unknown_limit_unit.yaml: invalid rate limit unit 'unknown' (line 5, column 7)",
      ],
      [['empty_rate_limit.yaml'], "empty_rate_limit.yaml: invalid rate limit unit '' (line 4, column 17)"],
      [
        ['unlimited_with_unit.yaml'],
        'unlimited_with_unit.yaml: should not specify rate limit unit when unlimited (line 5, column 7)',
      ],
      [
        ['replaces_empty.yaml'],
        'replaces_empty.yaml: should not have an empty replaces entry (line 10, column 15)',
      ],
      [
        ['replaces_self.yaml'],
        'replaces_self.yaml: replaces should not contain name of same descriptor (line 10, column 15)',
      ],
      [
        ['share_threshold_without_wildcard.yaml'],
        "share_threshold_without_wildcard.yaml: share_threshold can only be used with wildcard values (containing '*'), but found key 'files_readme' (line 3, column 5)",
      ],
    ];
    for (const [fixtures, message, merge] of table) {
      it(fixtures.join(' + '), () => assert.equal(compileError(fixtures, merge), message));
    }
  });

  it('keeps the exact reference text as the message prefix', () => {
    const error = thrownBy(() => snapshotOf(['bad_limit_unit.yaml']));
    assert.equal(error.sourceName, 'bad_limit_unit.yaml');
    assert.equal(error.detail, "invalid rate limit unit 'foo'");
    assert.ok(error.message.startsWith("bad_limit_unit.yaml: invalid rate limit unit 'foo'"));
  });

  it('collects every error across files and descriptors when asked', () => {
    const configs = [
      {
        sourceName: 'a.yaml',
        domain: 'a',
        descriptors: [{ key: 'k', rateLimit: { unit: 'foo' } }, { key: '' }, { key: 'ok' }],
      },
      { sourceName: 'b.yaml', domain: 'b', descriptors: [] },
      { sourceName: 'c.yaml', domain: 'b' },
      { sourceName: 'd.yaml' },
    ];
    const result = compileRules(configs, { mergeDomainConfigs: false, collectAll: true });
    assert.equal(result.snapshot, undefined);
    assert.deepEqual(
      result.errors.map((error) => error.message),
      [
        "a.yaml: invalid rate limit unit 'foo'",
        'a.yaml: descriptor has empty key',
        "c.yaml: duplicate domain 'b' in config file",
        'd.yaml: config file cannot have empty domain',
      ],
    );
  });

  it('stops at the first error otherwise', () => {
    const configs = ['bad_limit_unit.yaml', 'empty_key.yaml'].map((name) => loadFixture(name));
    assert.equal(compileRules(configs, { mergeDomainConfigs: false }).errors.length, 1);
  });

  it('merges descriptors of one domain across files with MERGE_DOMAIN_CONFIG', () => {
    const sut = snapshotOf(['merge_domain_key1.yaml', 'merge_domain_key2.yaml'], true);
    assert.deepEqual(sut.domains, ['test-domain']);
    const limit = (key: string, value: string) =>
      sut.findLimit('test-domain', { entries: [{ key, value }] })?.rule.requestsPerUnit;
    assert.equal(limit('key1', 'value1'), 10);
    assert.equal(limit('key2', 'value2'), 20);
  });

  it('accepts every case the reference accepts silently', () => {
    const sut = snapshotOf(['accepted_quirks.yaml']);
    const rule = (key: string, value = 'x') =>
      sut.findLimit('test-domain', { entries: [{ key, value }] })?.rule;
    assert.equal(rule('wrong_level')?.unit, 'MINUTE');
    assert.equal(rule('null_rate_limit'), undefined);
    assert.equal(rule('unlimited_with_number')?.unlimited, true);
    assert.equal(rule('int_value', '123')?.unit, 'HOUR');
    assert.equal(rule('bool_value', 'true')?.unit, 'DAY');
    assert.equal(rule('named_a')?.name, 'same');
    assert.equal(rule('named_b')?.unit, 'YEAR');
    assert.equal(rule('named_a')?.unitSeconds, 604800);
  });

  it('produces frozen rules', () => {
    const rule = snapshotOf(['metadata.yaml']).findLimit('test-domain', {
      entries: [{ key: 'key2', value: 'a' }],
    })?.rule;
    assert.ok(Object.isFrozen(rule));
    assert.ok(Object.isFrozen(rule?.metadata?.service_with_quota));
  });

  it('dumps one line per limit, as /rlconfig shows them', () => {
    assert.equal(
      snapshotOf(['basic_config.yaml']).dump(),
      [
        'test-domain.key1_value1.subkey1: unit=SECOND requests_per_unit=5, shadow_mode: false, quota_mode: false',
        'test-domain.key1_value1.subkey1_subvalue1: unit=SECOND requests_per_unit=10, shadow_mode: false, quota_mode: false',
        'test-domain.key2: unit=MINUTE requests_per_unit=20, shadow_mode: false, quota_mode: false',
        'test-domain.key2_value2: unit=MINUTE requests_per_unit=30, shadow_mode: false, quota_mode: false',
        'test-domain.key3: unit=HOUR requests_per_unit=1, shadow_mode: false, quota_mode: false',
        'test-domain.key4: unit=DAY requests_per_unit=1, shadow_mode: false, quota_mode: false',
        'test-domain.key5_value5: unit=DAY requests_per_unit=15, shadow_mode: false, quota_mode: false',
        'test-domain.key5_value5.subkey5_subvalue5: unit=DAY requests_per_unit=25, shadow_mode: false, quota_mode: false',
        'test-domain.key6: unit=UNKNOWN requests_per_unit=0, shadow_mode: false, quota_mode: false',
        'test-domain.key7: unit=MINUTE requests_per_unit=70, shadow_mode: false, quota_mode: false',
        '',
      ].join('\n'),
    );
  });

  describe('unit_multiplier (our opt-in window length)', () => {
    it('multiplies the window and keeps the unit', () => {
      const sut = snapshotOf(['unit_multiplier.yaml']);
      const rule = (key: string) => sut.findLimit('test-domain', { entries: [{ key, value: 'v' }] })?.rule;
      assert.deepEqual([rule('key1')?.unit, rule('key1')?.unitSeconds], ['MINUTE', 300]);
      assert.deepEqual([rule('key2')?.unit, rule('key2')?.unitSeconds], ['MINUTE', 60]);
      assert.equal(
        sut.dump(),
        'test-domain.key1: unit=MINUTE unit_multiplier=5 requests_per_unit=20, shadow_mode: false, quota_mode: false\n' +
          'test-domain.key2: unit=MINUTE requests_per_unit=25, shadow_mode: false, quota_mode: false\n',
      );
    });

    it('rejects 0', () =>
      assert.equal(
        compileError(['zero_unit_multiplier.yaml']),
        "zero_unit_multiplier.yaml: invalid rate limit unit_multiplier '0' (line 6, column 7)",
      ));
  });

  it('compiles an empty set into a snapshot without domains', () => {
    const sut = compileSnapshot([], { mergeDomainConfigs: false });
    assert.deepEqual(sut.domains, []);
    assert.equal(sut.hasDomain('x'), false);
    assert.equal(sut.dump(), '');
  });
});
