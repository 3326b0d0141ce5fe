// gRPC ShouldRateLimit end to end: the real app (memory store, rules from files, fake clock)
// called through a raw grpc-js client built from proto/.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { FakeClock } from '../support/fake-clock';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startTestApp, type TestApp } from '../support/start-app';

const RULES = `
domain: e2e
descriptors:
  - key: user
    rate_limit: { unit: minute, requests_per_unit: 3, name: per_user }
  - key: shadowed
    shadow_mode: true
    rate_limit: { unit: second, requests_per_unit: 1 }
  - key: quota_a
    quota_mode: true
    rate_limit: { unit: hour, requests_per_unit: 1 }
  - key: quota_b
    quota_mode: true
    rate_limit: { unit: hour, requests_per_unit: 1 }
  - key: free
    rate_limit: { unlimited: true }
  - key: whitelisted
  - key: key_1
    value: value_1
    descriptors:
      - key: user
        rate_limit: { unit: second, requests_per_unit: 5, name: specific_limit }
  - key: key_2
    value: value_2
    descriptors:
      - key: user
        rate_limit:
          unit: second
          requests_per_unit: 10
          replaces: [{ name: specific_limit }]
`;

// 2026-11-24T00:00:02Z: 58 s left in the minute, 3598 s in the hour.
const START_MS = Date.UTC(2026, 10, 24, 0, 0, 2);

describe('gRPC ShouldRateLimit (memory store)', () => {
  let app: TestApp;
  const clock = new FakeClock(START_MS);

  before(async () => {
    const rules = createRulesDir({ 'e2e.yaml': RULES });
    app = await startTestApp({ ...rules.env, LIMIT_RESPONSE_HEADERS_ENABLED: 'true' }, { clock });
  });
  after(() => app.stop());

  it('counts down the remaining hits, then answers OVER_LIMIT with the headers of that limit', async () => {
    const request = rlsRequest('e2e', [['user', 'alice']]);
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await app.grpc.shouldRateLimit(request);
      assert.equal(response.overallCode, 'OK');
      remaining.push(response.statuses[0].limitRemaining ?? 0);
    }
    assert.deepEqual(remaining, [2, 1, 0]);
    const over = await app.grpc.shouldRateLimit(request);
    assert.deepEqual(over.statuses, [
      {
        code: 'OVER_LIMIT',
        currentLimit: { requestsPerUnit: 3, unit: 'MINUTE', name: 'per_user' },
        durationUntilReset: { seconds: 58 },
      },
    ]);
    assert.equal(over.overallCode, 'OVER_LIMIT');
    assert.deepEqual(over.responseHeadersToAdd, [
      { key: 'RateLimit-Limit', value: '3' },
      { key: 'RateLimit-Remaining', value: '0' },
      { key: 'RateLimit-Reset', value: '58' },
    ]);
  });

  it('counts each value of a default key separately and starts over in the next window', async () => {
    const bob = rlsRequest('e2e', [['user', 'bob']]);
    assert.equal((await app.grpc.shouldRateLimit(bob)).statuses[0].limitRemaining, 2);
    clock.advance(60_000);
    assert.equal(
      (await app.grpc.shouldRateLimit(rlsRequest('e2e', [['user', 'alice']]))).statuses[0].limitRemaining,
      2,
    );
    assert.equal((await app.grpc.shouldRateLimit(bob)).statuses[0].limitRemaining, 2);
  });

  it('answers OK with remaining 0 for a shadow-mode rule that is over its limit', async () => {
    const request = rlsRequest('e2e', [['shadowed', 'x']]);
    await app.grpc.shouldRateLimit(request);
    const response = await app.grpc.shouldRateLimit(request);
    assert.equal(response.overallCode, 'OK');
    assert.equal(response.statuses[0].code, 'OK');
    assert.equal(response.statuses[0].limitRemaining, undefined);
    assert.match(await debugStats(app), /rate_limit\.e2e\.shadowed\.shadow_mode: 1\n/);
  });

  it('is OVER_LIMIT for quota descriptors only when all of them are over', async () => {
    const both = rlsRequest('e2e', [['quota_a', '1']], [['quota_b', '1']]);
    await app.grpc.shouldRateLimit(rlsRequest('e2e', [['quota_a', '1']]));
    const oneOver = await app.grpc.shouldRateLimit(both);
    assert.deepEqual(
      oneOver.statuses.map((s) => s.code),
      ['OVER_LIMIT', 'OK'],
    );
    assert.equal(oneOver.overallCode, 'OK');
    const bothOver = await app.grpc.shouldRateLimit(both);
    assert.equal(bothOver.overallCode, 'OVER_LIMIT');
  });

  it('answers unlimited descriptors with remaining 4294967295 and whitelisted ones with a bare OK', async () => {
    const response = await app.grpc.shouldRateLimit(
      rlsRequest('e2e', [['free', 'x']], [['whitelisted', 'y']]),
    );
    assert.deepEqual(response.statuses, [{ code: 'OK', limitRemaining: 4294967295 }, { code: 'OK' }]);
  });

  it('applies only the replacing limit when both limits match (README example 7)', async () => {
    const response = await app.grpc.shouldRateLimit(
      rlsRequest(
        'e2e',
        [
          ['key_1', 'value_1'],
          ['user', 'u7'],
        ],
        [
          ['key_2', 'value_2'],
          ['user', 'u7'],
        ],
      ),
    );
    assert.deepEqual(response.statuses[0], { code: 'OK' });
    assert.equal(response.statuses[1].currentLimit?.requestsPerUnit, 10);
    assert.equal(response.statuses[1].limitRemaining, 9);
  });

  it('honours a request override, its own counter shared with the config limit of the same entries', async () => {
    const override = {
      domain: 'e2e',
      descriptors: [
        { entries: [{ key: 'user', value: 'carol' }], limit: { requestsPerUnit: 10, unit: 'MINUTE' } },
      ],
    };
    await app.grpc.shouldRateLimit(rlsRequest('e2e', [['user', 'carol']]));
    const response = await app.grpc.shouldRateLimit(override);
    assert.deepEqual(response.statuses[0].currentLimit, { requestsPerUnit: 10, unit: 'MINUTE' });
    assert.equal(response.statuses[0].limitRemaining, 8);
  });

  it('uses a per-descriptor hits_addend, where 0 only checks', async () => {
    const request = (hitsAddend: number) => ({
      domain: 'e2e',
      descriptors: [{ entries: [{ key: 'user', value: 'dave' }], hitsAddend: { value: hitsAddend } }],
    });
    assert.equal((await app.grpc.shouldRateLimit(request(2))).statuses[0].limitRemaining, 1);
    assert.equal((await app.grpc.shouldRateLimit(request(0))).statuses[0].limitRemaining, 1);
    const requestLevel = { ...rlsRequest('e2e', [['user', 'erin']]), hitsAddend: 3 };
    assert.equal((await app.grpc.shouldRateLimit(requestLevel)).statuses[0].limitRemaining, undefined);
  });

  it('answers OK without limits for an unknown domain and counts domain_not_found', async () => {
    const response = await app.grpc.shouldRateLimit(rlsRequest('nowhere', [['user', 'x']], [['a', 'b']]));
    assert.equal(response.overallCode, 'OK');
    assert.deepEqual(response.statuses, [{ code: 'OK' }, { code: 'OK' }]);
    assert.match(await debugStats(app), /ratelimit\.service\.rate_limit\.nowhere\.domain_not_found: 2\n/);
  });

  it('rejects invalid requests with INVALID_ARGUMENT and the reason', async () => {
    const cases: [object, string][] = [
      [rlsRequest('', [['user', 'x']]), 'rate limit domain must not be empty'],
      [{ domain: 'e2e', descriptors: [] }, 'rate limit descriptor list must not be empty'],
      [
        {
          domain: 'e2e',
          descriptors: [
            { entries: [{ key: 'user', value: 'x' }], limit: { requestsPerUnit: 1, unit: 'UNKNOWN' } },
          ],
        },
        'descriptor 0: limit override has unit UNKNOWN; use SECOND, MINUTE, HOUR, DAY, WEEK, MONTH or YEAR',
      ],
    ];
    for (const [request, message] of cases) {
      const error = await app.grpc.shouldRateLimitError(request);
      assert.equal(error.code, GrpcStatus.INVALID_ARGUMENT);
      assert.equal(error.details, message);
    }
    assert.match(await debugStats(app), /call\.should_rate_limit\.service_error: 3\n/);
  });

  it('reports SERVING on grpc.health.v1 for "" and "ratelimit"', async () => {
    assert.equal(await app.grpc.healthCheck(''), 'SERVING');
    assert.equal(await app.grpc.healthCheck('ratelimit'), 'SERVING');
  });
});

async function debugStats(app: TestApp): Promise<string> {
  return (await fetch(`${app.debugUrl}/stats`)).text();
}
