import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LimitedValues } from '../console/limited-values';
import { LimitedValuesObserver } from '../console/limited-values-observer';
import { createServiceHarness, descriptor } from '../../test/support/service-harness';
import { DecisionObservers } from './decision-observers';

const RULES = `
domain: rl
descriptors:
  - key: user
    rate_limit: { unit: minute, requests_per_unit: 2 }
  - key: path
    rate_limit: { unit: minute, requests_per_unit: 100 }
`;

describe(DecisionObservers.name, () => {
  it('reports over-limit answers only, with every descriptor record in request order', async () => {
    const { call, observers } = createServiceHarness(RULES);
    const seen: string[] = [];
    observers.subscribe({
      onOverLimit: (request, decisions) =>
        seen.push(`${request.domain}: ${decisions.map((d) => d.status.code).join(' ')}`),
    });
    for (let i = 0; i < 3; i++) await call('rl', [descriptor('user=alice'), descriptor('path=/')]);
    assert.deepEqual(seen, ['rl: OVER_LIMIT OK']);
  });

  it("feeds the console's heavy hitters with each over-limit descriptor's values and hits", async () => {
    const { call, observers, clock } = createServiceHarness(RULES);
    const limited = new LimitedValues();
    observers.subscribe(new LimitedValuesObserver(limited));
    await call('rl', [descriptor('user=alice')], 3);
    await call('rl', [descriptor('user=bob')], 1);
    const [rule] = limited.top(10, clock.nowMs());
    assert.equal(rule.ruleStatsKey, 'rl.user');
    assert.deepEqual(
      rule.top.map((hitter) => [hitter.value, hitter.count]),
      [['user=alice', 3]],
    );
  });
});
