import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exampleSnapshot, snapshotOf } from '../../test/fixture-files';
import type { CompiledRuleSnapshot } from '../compiled-rule-snapshot';
import { compileSnapshot } from '../compile-snapshot';
import { parseYamlConfig } from '../parse-yaml-config';
import type { RuleSnapshot } from '../rule-snapshot';
import { SnapshotAssembler, snapshotRecords, type NodeRecord } from './snapshot-records';

/** As the worker sends it: pieces of JSON. */
function roundTrip(snapshot: RuleSnapshot, pieceSize: number): CompiledRuleSnapshot {
  const compiled = snapshot as CompiledRuleSnapshot;
  const assembler = new SnapshotAssembler([...compiled.sourceMap]);
  const records = [...snapshotRecords(compiled.rootMap)];
  for (let at = 0; at < records.length; at += pieceSize)
    assembler.add(JSON.parse(JSON.stringify(records.slice(at, at + pieceSize))) as NodeRecord[]);
  return assembler.finish();
}

describe(SnapshotAssembler.name, () => {
  const fixtures = [
    'basic_config.yaml',
    'wildcard.yaml',
    'rate_limits.yaml',
    'metadata.yaml',
    'share_threshold.yaml',
    'value_to_metric.yaml',
    'algorithms.yaml',
    'unit_multiplier.yaml',
  ];
  const cases: [string, () => RuleSnapshot][] = [
    ['the examples', exampleSnapshot],
    ...fixtures.map((name): [string, () => RuleSnapshot] => [name, () => snapshotOf([name])]),
  ];
  for (const [name, make] of cases) {
    it(`rebuilds ${name} as compiled: same tree, limits and sources`, () => {
      const original = make();
      const rebuilt = roundTrip(original, 3);
      assert.equal(rebuilt.dump(), original.dump());
      assert.deepEqual(rebuilt.describe(), original.describe());
      assert.deepEqual(rebuilt.domains, original.domains);
    });
  }

  it('answers lookups as the compiled snapshot does (exact, wildcard, default, rate_limits)', () => {
    for (const name of ['wildcard.yaml', 'rate_limits.yaml', 'metadata.yaml', 'basic_config.yaml']) {
      const original = snapshotOf([name]);
      const rebuilt = roundTrip(original, 2);
      const [domain] = original.domains;
      let found = 0;
      for (const [key, value] of [
        ['wild', 'foo123'],
        ['noWild', 'foo'],
        ['noVal', 'anything'],
        ['midWild', 'barxyzb'],
        ['key1', 'value1'],
        ['key2', ''],
        ['account_id', 'a1'],
        ['same_window', 'x'],
        ['settings', 'x'],
      ]) {
        const descriptor = { entries: [{ key, value }] };
        assert.deepEqual(rebuilt.findLimit(domain, descriptor), original.findLimit(domain, descriptor));
        if (original.findLimit(domain, descriptor)) found += 1;
      }
      assert.ok(found > 0, name);
    }
  });

  it('freezes the rules it rebuilds, with every field of a compiled rule in its order', () => {
    const original = snapshotOf(['metadata.yaml']);
    const rebuilt = roundTrip(original, 100);
    const rules = (snapshot: CompiledRuleSnapshot) =>
      [...snapshot.rootMap.values()].flatMap((root) => [...root.children.values()].map((node) => node.rule));
    const [before, after] = [rules(original as CompiledRuleSnapshot), rules(rebuilt)];
    assert.ok(after.length > 0);
    after.forEach((rule, i) => {
      assert.ok(Object.isFrozen(rule));
      assert.deepEqual(Object.keys(rule ?? {}), Object.keys(before[i] ?? {}));
    });
  });

  it('sends a rule once: later equal rules as its number, rebuilt as one shared frozen rule', () => {
    const yaml = [
      'domain: d',
      'descriptors:',
      ...['a', 'b', 'c'].map(
        (value) => `  - {key: k, value: ${value}, rate_limit: {unit: minute, requests_per_unit: 5}}`,
      ),
      '  - {key: k, value: e, rate_limit: {unit: hour, requests_per_unit: 5}}',
      '  - key: m',
      '    rate_limits:',
      '      - {unit: minute, requests_per_unit: 5}',
      '      - {unit: hour, requests_per_unit: 5, name: hourly}',
    ].join('\n');
    const compiled = compileSnapshot([parseYamlConfig('d.yaml', yaml).config!], {
      mergeDomainConfigs: false,
    });
    const records = [...snapshotRecords((compiled as CompiledRuleSnapshot).rootMap)];
    const sent = records.map(([, , value, rule, items]) => [
      value,
      typeof rule === 'number' ? rule : rule?.unit,
      items?.map((item) => (typeof item === 'number' ? item : item.itemLabel)),
    ]);
    assert.deepEqual(sent, [
      [null, undefined, undefined],
      ['a', 'MINUTE', undefined],
      ['b', 0, undefined],
      ['c', 0, undefined],
      ['e', 'HOUR', undefined],
      [null, undefined, ['per_minute', 'hourly']],
    ]);
    const rebuilt = roundTrip(compiled, 2);
    assert.equal(rebuilt.dump(), compiled.dump());
    const rules = [...rebuilt.rootMap.get('d')!.children.values()].map((node) => node.rule);
    assert.equal(rules[0], rules[1]);
    assert.equal(rules[0], rules[2]);
    assert.notEqual(rules[0], rules[3]);
    assert.ok(Object.isFrozen(rules[0]));
  });
});
