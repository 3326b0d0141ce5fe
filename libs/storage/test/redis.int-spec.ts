// Contract suite and Redis specifics against real redis-server processes: single (plain,
// user:password auth, TLS with client certificate) and a per-second store.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  createTestCertificates,
  startRedis,
  type RedisServer,
  type TestCertificates,
} from '@repo/test-support';
import {
  RedisCounterStore,
  StoreUnavailableError,
  type RedisStoreOptions,
  type TokenBucketTake,
} from '@repo/storage';
import { runCounterStoreContract } from './counter-store.contract';
import { redisKeyInspector } from './expiry.contract';
import { redisConnection, redisStoreOptions } from './store-options';
import { issueWrongHostCertificate } from './wrong-host-certificate';
import { incrementCounts } from './increment-counts';

describe('RedisCounterStore against real Redis', () => {
  let plain: RedisServer;
  let perSecond: RedisServer;
  let withAuth: RedisServer;
  let withTls: RedisServer;
  let certificates: TestCertificates;
  /** Every store a test made, closed in `after` even when an assertion failed first. */
  const stores: RedisCounterStore[] = [];
  const open = (options: RedisStoreOptions) => {
    const store = new RedisCounterStore(options);
    stores.push(store);
    return store;
  };

  before(async () => {
    certificates = await createTestCertificates();
    [plain, perSecond, withAuth, withTls] = await Promise.all([
      startRedis(),
      startRedis(),
      startRedis({ password: 'main-secret', user: { name: 'ratelimit', password: 'user-secret' } }),
      startRedis({ tls: certificates, requireClientCert: true }),
    ]);
  });
  after(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await Promise.all([plain, perSecond, withAuth, withTls].map((server) => server?.stop()));
  });

  runCounterStoreContract(
    'redis single',
    () => ({
      store: new RedisCounterStore(redisStoreOptions(redisConnection('single', plain.url))),
      redisKeys: redisKeyInspector(plain),
    }),
    { redisExpiry: 'set-on-every-increment' },
  );

  runCounterStoreContract(
    'redis single + per-second store',
    () => ({
      store: new RedisCounterStore(
        redisStoreOptions(redisConnection('single', plain.url), {
          perSecond: redisConnection('single', perSecond.url),
        }),
      ),
      redisKeys: redisKeyInspector(plain, perSecond),
    }),
    { redisExpiry: 'set-on-every-increment' },
  );

  runCounterStoreContract('redis single over TLS with a client certificate', () => ({
    store: new RedisCounterStore(
      redisStoreOptions(
        redisConnection('single', withTls.url, {
          tls: {
            caCertPath: certificates.caCert,
            clientCertPath: certificates.clientCert,
            clientKeyPath: certificates.clientKey,
          },
        }),
      ),
    ),
  }));

  it('writes 1-second windows to the per-second store and the rest to the main store', async () => {
    const sut = open(
      redisStoreOptions(redisConnection('single', plain.url), {
        perSecond: redisConnection('single', perSecond.url),
      }),
    );
    await sut.ready();
    const key = `routing_${Date.now()}`;
    await incrementCounts(sut, [
      { key: `${key}_second`, addend: 2, windowSeconds: 1 },
      { key: `${key}_minute`, addend: 3, windowSeconds: 60 },
    ]);
    assert.deepEqual(await perSecond.command('GET', `${key}_second`), '2');
    assert.deepEqual(await perSecond.command('GET', `${key}_minute`), null);
    assert.deepEqual(await plain.command('GET', `${key}_minute`), '3');
    assert.deepEqual(await plain.command('GET', `${key}_second`), null);
    await sut.close();
  });

  it('sets EXPIRE to the window plus jitter', async () => {
    const sut = open(
      redisStoreOptions(redisConnection('single', plain.url), {
        jitterMaxSeconds: 3600,
        random: () => 100 / 3600,
      }),
    );
    await sut.ready();
    const key = `ttl_${Date.now()}`;
    await incrementCounts(sut, [{ key, addend: 1, windowSeconds: 60 }]);
    assert.equal(await plain.command('TTL', key), 160);
    await sut.close();
  });

  for (const incrementScript of ['on', 'off'] as const) {
    it(`sets a sliding window's current key to live 2 windows + jitter, a bucket to live until full (script ${incrementScript})`, async () => {
      const sut = open(
        redisStoreOptions(redisConnection('single', plain.url, { incrementScript }), {
          jitterMaxSeconds: 100,
          random: () => 0.5,
        }),
      );
      await sut.ready();
      const base = `ttl_sw_${incrementScript}_${Date.now()}`;
      const key = `${base}_600`;
      const now = Date.now();
      await sut.countMany([
        { primitive: 'increment_and_read_previous', key, addend: 1, windowSeconds: 60 },
        { ...bucketTake(`${base}_tb`, now), addend: 2 },
      ]);
      assert.equal(await plain.command('TTL', key), 170);
      assert.equal(await plain.command('EXISTS', `${base}_540`), 0); // read, never created
      const bucketTtl = Number(await plain.command('PTTL', `${base}_tb`));
      assert.ok(
        bucketTtl > 1000 && bucketTtl <= 2000,
        `PTTL ${bucketTtl} (full again 2 intervals of 1 s later)`,
      );
      assert.equal(await plain.command('GET', `${base}_tb`), String(now + 2000));
      await sut.close();
    });
  }

  it(
    'is ready at the first start-up probe when Redis is up: no retry interval waited',
    {
      // With an hour-long retry interval, a first probe that failed would hold ready() past the test's timeout.
      timeout: 20_000,
    },
    async () => {
      const hour = 3_600_000;
      for (const layout of ['main only', 'main + per-second'] as const) {
        const sut = open(
          redisStoreOptions(redisConnection('single', plain.url), {
            startup: { initialIntervalMs: hour, maxIntervalMs: hour, maxElapsedMs: 0 },
            ...(layout === 'main only' ? {} : { perSecond: redisConnection('single', perSecond.url) }),
          }),
        );
        await sut.ready();
        assert.equal(sut.isHealthy(), true, layout);
        await sut.close();
      }
    },
  );

  it('authenticates with user:password and with a bare password', async () => {
    for (const auth of ['ratelimit:user-secret', 'main-secret']) {
      const sut = open(redisStoreOptions(redisConnection('single', withAuth.url, { auth })));
      await sut.ready();
      assert.deepEqual(
        await incrementCounts(sut, [{ key: `auth_${auth}`, addend: 1, windowSeconds: 60 }]),
        [1],
      );
      await sut.close();
    }
  });

  it('fails start-up with a clear error when the password is wrong', async () => {
    const sut = open(
      redisStoreOptions(redisConnection('single', withAuth.url, { auth: 'wrong' }), {
        startup: { initialIntervalMs: 50, maxIntervalMs: 100, maxElapsedMs: 500 },
      }),
    );
    await assert.rejects(sut.ready(), (error: unknown) => {
      assert.ok(error instanceof StoreUnavailableError);
      assert.match(
        error.message,
        /^redis counter store unavailable: no answer to PING within 500 ms of start-up: /,
      );
      return true;
    });
    assert.equal(sut.isHealthy(), false);
    await sut.close();
  });

  it('refuses a TLS server certificate from another CA', async () => {
    const sut = open(
      redisStoreOptions(
        redisConnection('single', withTls.url, {
          tls: {
            caCertPath: certificates.otherCaCert,
            clientCertPath: certificates.clientCert,
            clientKeyPath: certificates.clientKey,
          },
        }),
        { startup: { initialIntervalMs: 50, maxIntervalMs: 100, maxElapsedMs: 500 } },
      ),
    );
    await assert.rejects(sut.ready(), StoreUnavailableError);
    await sut.close();
  });

  it('accepts a certificate for another host name only with skipHostnameVerification', async () => {
    const wrongHost = await startRedis({ tls: certificates });
    const wrong = issueWrongHostCertificate(certificates);
    // test-support's readiness probe expects the localhost certificate: swap it once running
    try {
      await wrongHost.command(
        'CONFIG',
        'SET',
        'tls-cert-file',
        wrong.serverCert,
        'tls-key-file',
        wrong.serverKey,
      );
      const tls = { caCertPath: certificates.caCert };
      const strict = open(
        redisStoreOptions(redisConnection('single', wrongHost.url, { tls }), {
          startup: { initialIntervalMs: 50, maxIntervalMs: 100, maxElapsedMs: 500 },
        }),
      );
      await assert.rejects(strict.ready(), /Hostname\/IP does not match certificate's altnames/);
      await strict.close();
      const lenient = open(
        redisStoreOptions(
          redisConnection('single', wrongHost.url, { tls: { ...tls, skipHostnameVerification: true } }),
        ),
      );
      await lenient.ready();
      assert.deepEqual(
        await incrementCounts(lenient, [{ key: `skip_${Date.now()}`, addend: 1, windowSeconds: 60 }]),
        [1],
      );
      await lenient.close();
    } finally {
      await wrongHost.stop();
    }
  });
});

function bucketTake(key: string, nowMs: number): TokenBucketTake {
  return {
    primitive: 'take_tokens',
    key,
    addend: 1,
    windowSeconds: 60,
    nowMs,
    emissionIntervalMs: 1000,
    toleranceMs: 5000,
  };
}
