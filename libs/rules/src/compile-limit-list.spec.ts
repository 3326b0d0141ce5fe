import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compileRules, compileSnapshot } from './compile-snapshot';
import { compileLimitList } from './compile-limit-list';
import { RuleConfigError } from './rule-config-error';
import { parseYamlConfig } from './parse-yaml-config';
import { loadFixture, readFixture, snapshotOf } from '../test/fixture-files';

const MEMCACHED = new Map([['token_bucket' as const, 'token_bucket needs the redis or memory backend']]);

function compileError(name: string): string {
  try {
    compileSnapshot([loadFixture(name)], { mergeDomainConfigs: false });
  } catch (error) {
    assert.ok(error instanceof RuleConfigError);
    return error.message;
  }
  assert.fail('expected a RuleConfigError');
}

function allErrors(name: string, unsupportedAlgorithms?: typeof MEMCACHED): string[] {
  const options = { mergeDomainConfigs: false, collectAll: true, unsupportedAlgorithms };
  return compileRules([loadFixture(name)], options).errors.map((error) => error.message);
}

describe(compileLimitList.name, () => {
  const sut = snapshotOf(['rate_limits.yaml']);
  const find = (key: string, value = 'v') => sut.findLimit('test-domain', { entries: [{ key, value }] });

  it('compiles every item with its label: its name, else its window, made unique within the list', () => {
    const items = (key: string) =>
      find(key)?.items?.map(({ rule }) => [rule.itemLabel, rule.requestsPerUnit, rule.unit, rule.algorithm]);
    assert.deepEqual(items('account_id'), [
      ['per_second', 10, 'SECOND', 'fixed_window'],
      ['daily', 250, 'DAY', 'sliding_window'],
    ]);
    assert.deepEqual(items('same_window'), [
      ['per_minute', 100, 'MINUTE', 'fixed_window'],
      ['per_minute_2', 10, 'MINUTE', 'token_bucket'],
      ['per_5_minute', 300, 'MINUTE', 'fixed_window'],
    ]);
    assert.equal(find('plain')?.items, undefined);
    assert.equal(find('plain')?.rule.itemLabel, undefined);
  });

  it("matches a list with the first item as the node's rule and each item under `<stats key>.<label>`", () => {
    const match = find('account_id');
    assert.equal(match?.rule, match?.items?.[0].rule);
    assert.equal(match?.statsKey, 'test-domain.account_id');
    assert.deepEqual(
      match?.items?.map((item) => item.statsKey),
      ['test-domain.account_id.per_second', 'test-domain.account_id.daily'],
    );
    assert.equal(find('account_id', 'other'), match, 'allocated once, at load');
  });

  it("gives every item the node's settings and its own name and replaces", () => {
    const match = find('settings', 'x');
    // detailed_metric: the node's stats key uses the request value, and so do its items'
    assert.deepEqual(
      match?.items?.map((item) => item.statsKey),
      ['test-domain.settings_x.burst', 'test-domain.settings_x.per_hour'],
    );
    for (const { rule } of match?.items ?? []) {
      assert.deepEqual([rule.shadowMode, rule.quotaMode, rule.detailedMetric], [true, true, true]);
      assert.deepEqual(rule.metadata, { team: 'payments' });
    }
    assert.deepEqual(
      match?.items?.map(({ rule }) => [rule.name, rule.replaces]),
      [
        ['burst', ['other']],
        [undefined, []],
      ],
    );
  });

  it('dumps one line per item (/rlconfig), under the item stats key', () => {
    assert.equal(
      sut.dump(),
      [
        'test-domain.account_id.per_second: unit=SECOND requests_per_unit=10, shadow_mode: false, quota_mode: false',
        'test-domain.account_id.daily: unit=DAY requests_per_unit=250 algorithm=sliding_window, shadow_mode: false, quota_mode: false',
        'test-domain.same_window.per_minute: unit=MINUTE requests_per_unit=100, shadow_mode: false, quota_mode: false',
        'test-domain.same_window.per_minute_2: unit=MINUTE requests_per_unit=10 algorithm=token_bucket burst=5, shadow_mode: false, quota_mode: false',
        'test-domain.same_window.per_5_minute: unit=MINUTE unit_multiplier=5 requests_per_unit=300, shadow_mode: false, quota_mode: false',
        'test-domain.settings.burst: unit=SECOND requests_per_unit=1, shadow_mode: true, quota_mode: true',
        'test-domain.settings.per_hour: unit=HOUR requests_per_unit=100, shadow_mode: true, quota_mode: true',
        'test-domain.plain: unit=HOUR requests_per_unit=3, shadow_mode: false, quota_mode: false',
        '',
      ].join('\n'),
    );
  });

  it("replaces a list by one limit for a request override (the first item's algorithm, no items)", () => {
    const limit = { requestsPerUnit: 7, unit: 'HOUR' as const };
    const override = sut.findLimit('test-domain', { entries: [{ key: 'same_window', value: 'v' }], limit });
    assert.deepEqual(
      [override?.isOverride, override?.items, override?.rule.requestsPerUnit, override?.rule.algorithm],
      [true, undefined, 7, 'fixed_window'],
    );
    assert.equal(override?.rule.itemLabel, undefined);
  });

  describe('config errors (one fixture each, at the node or the item)', () => {
    const table: [fixture: string, message: string][] = [
      [
        'rate_limit_and_rate_limits.yaml',
        'rate_limit_and_rate_limits.yaml: should not specify both rate_limit and rate_limits (line 4, column 5)',
      ],
      [
        'empty_rate_limits.yaml',
        'empty_rate_limits.yaml: rate_limits must be a non-empty list (line 4, column 5)',
      ],
      [
        'rate_limits_not_a_list.yaml',
        'rate_limits_not_a_list.yaml: rate_limits must be a non-empty list (line 4, column 5)',
      ],
      [
        'too_many_rate_limits.yaml',
        'too_many_rate_limits.yaml: rate_limits allows at most 16 limits (line 4, column 5)',
      ],
      [
        'unlimited_in_rate_limits.yaml',
        'unlimited_in_rate_limits.yaml: unlimited is not allowed in rate_limits (line 8, column 9)',
      ],
      [
        'rate_limits_bad_unit.yaml',
        "rate_limits_bad_unit.yaml: invalid rate limit unit 'fortnight' (line 8, column 9)",
      ],
      [
        'rate_limits_replaces_self.yaml',
        'rate_limits_replaces_self.yaml: replaces should not contain name of same descriptor (line 10, column 13)',
      ],
    ];
    for (const [fixture, message] of table) it(fixture, () => assert.equal(compileError(fixture), message));

    it('lists every error of every item and node when asked (config checker)', () => {
      assert.deepEqual(allErrors('rate_limits_errors.yaml'), [
        'rate_limits_errors.yaml: unlimited is not allowed in rate_limits (line 6, column 9)',
        'rate_limits_errors.yaml: burst is only valid with algorithm token_bucket (line 9, column 9)',
        "rate_limits_errors.yaml: invalid rate limit algorithm 'leaky' (line 12, column 9)",
        'rate_limits_errors.yaml: should not specify both rate_limit and rate_limits (line 15, column 5)',
      ]);
    });

    it('refuses a token_bucket item where the store cannot run it, at the item', () => {
      assert.deepEqual(allErrors('rate_limits.yaml', MEMCACHED), [
        'rate_limits.yaml: token_bucket needs the redis or memory backend (line 18, column 9)',
      ]);
    });

    it('reports a list element that is not a map while reading the file', () => {
      const text = 'domain: d\ndescriptors:\n  - key: k\n    rate_limits:\n      - second\n';
      assert.deepEqual(
        parseYamlConfig('scalar_item.yaml', text).errors.map((error) => error.message),
        [
          'scalar_item.yaml: config error, yaml file contains list of type other than map: second (line 5, column 9)',
        ],
      );
    });
  });

  it('leaves files without rate_limits as they were: the same rules, no items', () => {
    const text = readFixture('basic_config.yaml');
    const parsed = parseYamlConfig('basic_config.yaml', text);
    assert.deepEqual(parsed.errors, []);
    assert.ok(parsed.config?.descriptors?.every((descriptor) => !('rateLimits' in descriptor)));
    const basic = snapshotOf(['basic_config.yaml']);
    const match = basic.findLimit('test-domain', { entries: [{ key: 'key2', value: 'x' }] });
    assert.deepEqual([match?.items, match?.rule.itemLabel], [undefined, undefined]);
  });
});
