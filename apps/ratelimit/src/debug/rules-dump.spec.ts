import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RuleLoadEvent, RuleSnapshot } from '@repo/rules';
import { rulesDumpLines } from './rules-dump';

const rulesDump = (registry: Parameters<typeof rulesDumpLines>[0]) => [...rulesDumpLines(registry)].join('');

const LINES = [
  'rl.foo: unit=MINUTE requests_per_unit=2, shadow_mode: false\n',
  'rl.bar: unit=HOUR requests_per_unit=1, shadow_mode: false\n',
];
const snapshot = { dump: () => LINES.join(''), dumpLines: () => LINES } as unknown as RuleSnapshot;
const loaded = (warnings: string[]): RuleLoadEvent => ({
  ok: true,
  snapshot,
  domainCount: 1,
  configCount: 1,
  warnings,
});

describe(rulesDumpLines.name, () => {
  it('is the rules as the reference prints them', () => {
    assert.equal(rulesDump({ lastEvent: loaded([]), snapshot }), snapshot.dump());
  });

  it('starts with a `warning:` line per warning of the last load', () => {
    const dump = rulesDump({ lastEvent: loaded(['rules directory /x does not exist']), snapshot: undefined });
    assert.equal(dump, 'warning: rules directory /x does not exist\n');
  });

  it('shows no warning of an older load once a load failed (the rules in force stay)', () => {
    const failed: RuleLoadEvent = { ok: false, error: new Error('bad'), message: 'bad' };
    assert.equal(rulesDump({ lastEvent: failed, snapshot }), snapshot.dump());
  });
});
