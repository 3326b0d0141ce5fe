// Descriptor values that make counter keys memcached refuses (over 250 bytes, spaces, control or
// non-ASCII characters) are counted like short ones: the store sends them under a SHA-256 digest
// (libs/storage memcache-key.ts). Over gRPC and /json, on a real memcached.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startMemcached, stopAllServers, waitFor, type MemcachedServer } from '@repo/test-support';
import { FakeClock } from '../support/fake-clock';
import { createRulesDir } from '../../load/rules-dir';
import { startTestApp, type TestApp } from '../support/start-app';

const RULES = `
domain: mc
descriptors:
  - key: subject
    rate_limit: { unit: hour, requests_per_unit: 3 }
`;
const START_MS = Date.UTC(2026, 10, 24, 12, 0, 2);
const WINDOW_START = Math.floor(START_MS / 1000 / 3600) * 3600;
const JWT_SUBJECT = `eyJhbGciOiJSUzI1NiJ9.${'eyJzdWIiOiJ1c2VyIn0'.repeat(12)}.${'c2lnbmF0dXJl'.repeat(8)}`;

const VALUES: Record<string, string> = {
  'a short value (the baseline)': 'alice',
  'a JWT subject over 250 bytes': JWT_SUBJECT,
  'a path with spaces': '/search?q=rate limit service',
  'a tab and a control character': 'a\tb\u0001c',
  'non-ASCII text': 'ユーザー-café-😀',
};

const wireKey = (value: string) => {
  const key = `mc_subject_${value}_${WINDOW_START}`;
  return /^[\x21-\x7e]{1,250}$/.test(key)
    ? key
    : `#sha256:${createHash('sha256').update(key, 'utf8').digest('base64url')}`;
};
const request = (value: string) => ({
  domain: 'mc',
  descriptors: [{ entries: [{ key: 'subject', value }] }],
});

describe('memcached counts every descriptor value', () => {
  let memcached: MemcachedServer;
  let app: TestApp;

  before(async () => {
    memcached = await startMemcached();
    const rules = createRulesDir({ 'mc.yaml': RULES });
    app = await startTestApp(
      { ...rules.env, BACKEND_TYPE: 'memcache', ALTCACHE_HOST_PORT: memcached.url },
      { clock: new FakeClock(START_MS) },
    );
  });
  after(async () => {
    await app?.stop();
    await stopAllServers();
  });

  /** memcached counts after answering (docs/stores.md#memcache): wait until the count shows `count`. */
  const storedCountReaches = (value: string, count: number) =>
    waitFor(async () => (await memcached.command(`incr ${wireKey(value)} 0`)) === String(count), {
      timeoutMs: 5000,
      description: `stored count ${count}`,
    });

  for (const [name, value] of Object.entries(VALUES)) {
    it(`${name}: 3 allowed (gRPC, /json, gRPC), the 4th over the limit (/json 429), then gRPC OVER_LIMIT`, async () => {
      const grpcRemaining = async () => {
        const response = await app.grpc.shouldRateLimit(request(value));
        return [response.overallCode, response.statuses[0].limitRemaining ?? 0];
      };
      const jsonRemaining = async () => {
        const { status, body } = await app.json(request(value));
        const statuses = (body as { statuses: { limitRemaining?: number }[] }).statuses;
        return [status, statuses[0].limitRemaining ?? 0];
      };
      assert.deepEqual(await grpcRemaining(), ['OK', 2]);
      await storedCountReaches(value, 1);
      assert.deepEqual(await jsonRemaining(), [200, 1]);
      await storedCountReaches(value, 2);
      assert.deepEqual(await grpcRemaining(), ['OK', 0]);
      await storedCountReaches(value, 3);
      assert.deepEqual(await jsonRemaining(), [429, 0]);
      await storedCountReaches(value, 4);
      assert.deepEqual(await grpcRemaining(), ['OVER_LIMIT', 0]);
    });
  }
});
