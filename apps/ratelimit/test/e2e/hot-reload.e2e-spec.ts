// Rule changes reach a running service without a restart (docs/rules.md): a rewritten file
// applies, a bad file keeps the last good rules (counted as config_load_error), SIGHUP reloads.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { waitFor } from '@repo/test-support';
import { createRulesDir, type RulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startTestApp, type TestApp } from '../support/start-app';

const rulesWithLimit = (requestsPerUnit: number) => `
domain: reload
descriptors:
  - key: client
    rate_limit: { unit: hour, requests_per_unit: ${requestsPerUnit} }
`;

describe('rule hot reload', () => {
  let app: TestApp;
  let rules: RulesDir;
  const limitOf = async (client: string) =>
    (await app.grpc.shouldRateLimit(rlsRequest('reload', [['client', client]]))).statuses[0].currentLimit
      ?.requestsPerUnit;
  const stats = async () => (await fetch(`${app.debugUrl}/stats`)).text();

  before(async () => {
    rules = createRulesDir({ 'reload.yaml': rulesWithLimit(5) });
    app = await startTestApp(rules.env);
  });
  after(() => app.stop());

  it('applies a rewritten rules file', async () => {
    assert.equal(await limitOf('a'), 5);
    rules.write('reload.yaml', rulesWithLimit(7));
    await waitFor(async () => (await limitOf('a')) === 7, {
      timeoutMs: 10_000,
      description: 'the new limit',
    });
    assert.match(await stats(), /ratelimit\.service\.config_load_success: 2\n/);
    assert.match(
      await fetch(`${app.debugUrl}/rlconfig`).then((r) => r.text()),
      /^reload\.client: unit=HOUR requests_per_unit=7, shadow_mode: false, quota_mode: false\n$/,
    );
  });

  it('keeps the last good rules when a file turns bad, and counts config_load_error', async () => {
    rules.write(
      'broken.yaml',
      'domain: broken\ndescriptors:\n  - key: x\n    rate_limit: { unit: fortnight, requests_per_unit: 1 }\n',
    );
    await waitFor(async () => /config_load_error: 1\n/.test(await stats()), {
      timeoutMs: 10_000,
      description: 'config_load_error',
    });
    assert.equal(await limitOf('b'), 7);
    rules.remove('broken.yaml');
    await waitFor(async () => /config_load_success: 3\n/.test(await stats()), {
      timeoutMs: 10_000,
      description: 'the reload after the bad file is gone',
    });
  });

  it('reloads on SIGHUP (registry.reload) even without a file event', async () => {
    const before = Number(/config_load_success: (\d+)\n/.exec(await stats())?.[1]);
    app.service.reload();
    await waitFor(async () => new RegExp(`config_load_success: ${before + 1}\\n`).test(await stats()), {
      timeoutMs: 10_000,
      description: 'a reload',
    });
  });
});
