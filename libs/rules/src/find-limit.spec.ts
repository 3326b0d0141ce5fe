import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Descriptor, MatchedLimit } from './model';
import type { RuleSnapshot } from './rule-snapshot';
import { findLimit } from './find-limit';
import { exampleSnapshot, snapshotOf } from '../test/fixture-files';

/** `k=v` pairs -> descriptor; `k=` is an empty value. */
function descriptor(...pairs: string[]): Descriptor {
  return {
    entries: pairs.map((pair) => {
      const [key, value] = pair.split('=');
      return { key, value };
    }),
  };
}

function lookup(sut: RuleSnapshot, domain: string, ...pairs: string[]): MatchedLimit | undefined {
  return sut.findLimit(domain, descriptor(...pairs));
}

/** requests_per_unit/unit + stats key, or undefined. */
function summary(match: MatchedLimit | undefined): string | undefined {
  return match && `${match.rule.requestsPerUnit}/${match.rule.unit} ${match.statsKey}`;
}

describe(findLimit.name, () => {
  describe('basic_config (reference TestBasicConfig)', () => {
    const sut = snapshotOf(['basic_config.yaml']);
    const find = (...pairs: string[]) => summary(lookup(sut, 'test-domain', ...pairs));

    it('knows its domains', () => {
      assert.deepEqual(sut.domains, ['test-domain']);
      assert.equal(sut.hasDomain('test-domain'), true);
      assert.equal(sut.hasDomain('foo_domain'), false);
    });
    it('finds nothing for an unknown domain or an empty descriptor', () => {
      assert.equal(find(), undefined);
      assert.equal(summary(lookup(sut, 'foo_domain', 'key1=value1')), undefined);
    });
    it('finds nothing for a shallower request or an unknown value', () => {
      assert.equal(find('key1=something'), undefined);
      assert.equal(find('key1=value1'), undefined);
      assert.equal(find('key2=value2', 'subkey=subvalue'), undefined);
      assert.equal(find('key5=value5', 'subkey5=subvalue'), undefined);
    });
    it('uses the default entry of a level', () => {
      assert.equal(find('key1=value1', 'subkey1=something'), '5/SECOND test-domain.key1_value1.subkey1');
      assert.equal(find('key2=something'), '20/MINUTE test-domain.key2');
      assert.equal(find('key3=foo'), '1/HOUR test-domain.key3');
      assert.equal(find('key4=foo'), '1/DAY test-domain.key4');
    });
    it('prefers the specific value', () => {
      assert.equal(
        find('key1=value1', 'subkey1=subvalue1'),
        '10/SECOND test-domain.key1_value1.subkey1_subvalue1',
      );
      assert.equal(find('key2=value2'), '30/MINUTE test-domain.key2_value2');
    });
    it('treats a value without limit and children as a whitelist', () =>
      assert.equal(find('key2=value3'), undefined));
    it('limits both depths of a node with a limit and children (key5)', () => {
      assert.equal(find('key5=value5'), '15/DAY test-domain.key5_value5');
      assert.equal(
        find('key5=value5', 'subkey5=subvalue5'),
        '25/DAY test-domain.key5_value5.subkey5_subvalue5',
      );
    });
    it('returns unlimited rules as such', () =>
      assert.equal(lookup(sut, 'test-domain', 'key6=foo')?.rule.unlimited, true));
    it('names detailed_metric stats after the runtime values', () => {
      assert.equal(find('key7=unspecified_value'), '70/MINUTE test-domain.key7_unspecified_value');
      assert.equal(find('key7=another_value'), '70/MINUTE test-domain.key7_another_value');
      assert.equal(find('key7='), '70/MINUTE test-domain.key7_');
    });
    it('returns the same object for the common case (no allocation per call)', () => {
      const first = lookup(sut, 'test-domain', 'key2=a');
      assert.equal(lookup(sut, 'test-domain', 'key2=b'), first);
      assert.equal(first?.sharedValuePatterns, undefined);
      assert.equal(first?.isOverride, false);
    });
  });

  describe('request overrides (reference TestConfigLimitOverride)', () => {
    const sut = snapshotOf(['basic_config.yaml']);
    const withLimit = (domain: string, requestsPerUnit: number, unit: 'DAY' | 'HOUR', ...pairs: string[]) =>
      sut.findLimit(domain, { ...descriptor(...pairs), limit: { requestsPerUnit, unit } });

    it('needs a known domain', () =>
      assert.equal(withLimit('foo_domain', 10, 'DAY', 'key1=value1'), undefined));
    it('skips the tree and names stats after the request entries', () => {
      const match = withLimit('test-domain', 10, 'DAY', 'key1=value1', 'subkey1=something');
      assert.equal(summary(match), '10/DAY test-domain.key1_value1.subkey1_something');
      assert.equal(match?.isOverride, true);
      assert.equal(match?.rule.unitSeconds, 86400);
      assert.deepEqual(match?.rule.replaces, []);
      assert.equal(match?.rule.name, undefined);
    });
    it('renders empty values as the bare key', () =>
      assert.equal(
        withLimit('test-domain', 42, 'HOUR', 'key1=', 'unknown=x')?.statsKey,
        'test-domain.key1.unknown_x',
      ));
  });

  describe('README examples (examples/ratelimit/config)', () => {
    const sut = exampleSnapshot();
    const find = (domain: string, ...pairs: string[]) => summary(lookup(sut, domain, ...pairs));

    it('1: one limit per value', () => {
      assert.equal(find('mongo_cps', 'database=users'), '500/SECOND mongo_cps.database_users');
      assert.equal(find('mongo_cps', 'database=default'), '500/SECOND mongo_cps.database_default');
      assert.equal(find('mongo_cps', 'database=other'), undefined);
    });
    it('2: nested descriptors, each descriptor matched on its own', () => {
      assert.equal(
        find('messaging', 'message_type=marketing', 'to_number=2061111111'),
        '5/DAY messaging.message_type_marketing.to_number',
      );
      assert.equal(find('messaging', 'to_number=2061111111'), '100/DAY messaging.to_number');
      assert.equal(find('messaging', 'message_type=transactional', 'to_number=2061111111'), undefined);
    });
    it('3: a specific value beats the default entry', () => {
      assert.equal(
        find('edge_proxy_per_ip', 'remote_address=50.0.0.5'),
        '0/SECOND edge_proxy_per_ip.remote_address_50.0.0.5',
      );
      assert.equal(
        find('edge_proxy_per_ip', 'remote_address=50.0.0.1'),
        '10/SECOND edge_proxy_per_ip.remote_address',
      );
    });
    it('4: request depth must equal config depth', () => {
      assert.equal(find('example4', 'key=value', 'subkey=subvalue'), '300/SECOND example4.key_value.subkey');
      assert.equal(find('example4', 'key=value'), undefined);
      assert.equal(find('example4', 'key=value', 'subkey=subvalue', 'extra=1'), undefined);
    });
    it('5: unlimited descriptors', () => {
      assert.equal(lookup(sut, 'internal', 'ldap=x')?.rule.unlimited, true);
      assert.equal(find('internal', 'azure=x'), '100/MINUTE internal.azure');
    });
    it('6: shadow mode per rule', () => {
      assert.equal(lookup(sut, 'example6', 'service=auth-service', 'user=user-a')?.rule.shadowMode, true);
      assert.equal(lookup(sut, 'example6', 'service=auth-service', 'user=user-b')?.rule.shadowMode, false);
    });
    it('7: replaces names', () => {
      assert.equal(lookup(sut, 'example7', 'key_1=value_1', 'user=bkthomps')?.rule.name, 'specific_limit');
      assert.deepEqual(lookup(sut, 'example7', 'key_2=value_2', 'user=bkthomps')?.rule.replaces, [
        'specific_limit',
      ]);
    });
    it('8: detailed metrics for unspecified values', () => {
      assert.equal(find('example8', 'key1=unspecified_value'), '10/MINUTE example8.key1_unspecified_value');
      assert.equal(find('example8', 'key1=value1'), '20/MINUTE example8.key1_value1');
    });
    it('9: wildcards', () => {
      assert.equal(find('example9', 'key1=value_1'), '20/MINUTE example9.key1_value*');
      assert.equal(find('example9', 'key1=value_2'), '20/MINUTE example9.key1_value*');
      assert.equal(find('example9', 'key1=other'), undefined);
      assert.deepEqual(lookup(sut, 'example9', 'path=/api/v2/orders')?.sharedValuePatterns, [
        '/api/*/orders',
      ]);
    });
  });

  describe('wildcards, order and backtracking', () => {
    const sut = snapshotOf(['wildcard.yaml']);
    const find = (...pairs: string[]) => summary(lookup(sut, 'test-domain', ...pairs));

    it('matches a wildcard like a default entry, with one stats key', () => {
      assert.equal(find('wild=foo1'), '20/MINUTE test-domain.wild_foo*');
      assert.equal(lookup(sut, 'test-domain', 'wild=foo1'), lookup(sut, 'test-domain', 'wild=foo2'));
      assert.equal(find('wild=bar'), undefined);
      assert.equal(find('noWild=foo1'), undefined);
    });
    it('matches `*` anywhere, any number of times', () => {
      assert.equal(find('midWild=barab'), '20/MINUTE test-domain.midWild_bar*b');
      assert.equal(find('midWild=bara'), undefined);
      assert.equal(find('multi=a-b-c'), '30/MINUTE test-domain.multi_a*b*c');
      assert.equal(find('multi=a-c-b'), undefined);
    });
    it('tries wildcards in config order, then the default entry', () => {
      assert.equal(find('order=api/v1/users'), '1/MINUTE test-domain.order_api/v1/*');
      assert.equal(find('order=api/v2/users'), '2/MINUTE test-domain.order_api/*');
      assert.equal(find('order=web'), '3/MINUTE test-domain.order');
    });
    it('does not backtrack to the default entry after a deeper miss', () => {
      assert.equal(find('branch=xyz', 'sub=only'), '4/MINUTE test-domain.branch_x*.sub_only');
      assert.equal(find('branch=xyz', 'sub=other'), undefined);
      assert.equal(find('branch=abc', 'sub=other'), '5/MINUTE test-domain.branch.sub');
    });
    it('shows the runtime value with value_to_metric on a wildcard', () =>
      assert.equal(find('user=u42'), '6/MINUTE test-domain.user_u42'));
  });

  describe('stats keys', () => {
    it('value_to_metric on default entries, empty values omitted', () => {
      const sut = snapshotOf(['value_to_metric.yaml']);
      const find = (...pairs: string[]) => summary(lookup(sut, 'test-domain', ...pairs));
      assert.equal(
        find('route=', 'http_method=GET', 'subject_id=123'),
        '60/MINUTE test-domain.route.http_method_GET.subject_id',
      );
      assert.equal(
        find('route=/a', 'http_method=GET', 'subject_id=1'),
        '60/MINUTE test-domain.route_/a.http_method_GET.subject_id',
      );
      assert.equal(find('tenant=acme', 'plan=gold'), '100/HOUR test-domain.tenant_acme.plan');
    });

    it('share_threshold: pattern in stats key and shared cache key patterns', () => {
      const sut = snapshotOf(['share_threshold.yaml']);
      const find = (...pairs: string[]) => lookup(sut, 'test-domain', ...pairs);
      const files = find('files=files/a.txt');
      assert.equal(summary(files), '100/MINUTE test-domain.files_files/*');
      assert.deepEqual(files?.sharedValuePatterns, ['files/*']);
      const nested = find('files=top/x', 'files=nested/y');
      assert.equal(summary(nested), '300/MINUTE test-domain.files_top/*.files_nested/*');
      assert.deepEqual(nested?.sharedValuePatterns, ['top/*', 'nested/*']);
      assert.equal(summary(find('route=api/v1', 'method=GET')), '60/MINUTE test-domain.route_api/*.method');
      const detailed = find('service=svc/a', 'endpoint=get');
      assert.equal(summary(detailed), '80/MINUTE test-domain.service_svc/*.endpoint_get');
      assert.deepEqual(detailed?.sharedValuePatterns, ['svc/*', undefined]);
      assert.equal(find('service=svc/a', 'endpoint=')?.statsKey, 'test-domain.service_svc/*.endpoint');
      assert.equal(summary(find('file=test1')), '50/MINUTE test-domain.file_test1');
      assert.equal(find('file=test1')?.sharedValuePatterns, undefined);
      assert.deepEqual(find('file=test2')?.sharedValuePatterns, ['test*']);
      assert.deepEqual(find('multiroute=svc-a-ep-b-rpc')?.sharedValuePatterns, ['svc*ep*rpc']);
    });

    it('keeps metadata on re-created limits (the reference loses it)', () => {
      const sut = snapshotOf(['metadata.yaml']);
      assert.deepEqual(lookup(sut, 'test-domain', 'key1=value1', 'subkey1=x')?.rule.metadata, {
        name: 'service_1',
      });
      const detailed = lookup(sut, 'test-domain', 'key2=abc');
      assert.equal(detailed?.statsKey, 'test-domain.key2_abc');
      assert.deepEqual(detailed?.rule.metadata, {
        service_with_quota: { name: 'service_2', weight: 1.5, tags: ['a', 'b'] },
      });
    });
  });
});
