// Protocol behaviour of the xDS rule source over an in-memory stream (no network) and fake
// timers: subscription, ACK/NACK fields, decoding, reconnect with backoff, stop.
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import type { RawDomainConfig } from '../raw-domain-config';
import type { RuleSnapshot } from '../rule-snapshot';
import { toAny } from '../../test/support/ads-server';
import { fromXdsConfig, type XdsRateLimitConfig } from '../from-xds-config';
import { decodeRateLimitConfig } from './decode-xds-resource';
import type { PreparedRules, RuleSet } from './rule-source';
import type { AdsStream, AdsStreamHandlers } from './xds-ads-stream';
import { RATE_LIMIT_CONFIG_TYPE_URL, type XdsAny, type XdsDiscoveryRequest } from './xds-protos';
import { XdsRuleSource, type XdsRuleSourceOptions } from './xds-rule-source';

class FakeStream implements AdsStream {
  readonly written: XdsDiscoveryRequest[] = [];
  isClosed = false;
  constructor(readonly handlers: AdsStreamHandlers) {}
  write(request: XdsDiscoveryRequest): void {
    this.written.push(request);
  }
  close(): void {
    this.isClosed = true;
  }
  respond(version: string, nonce: string, resources: readonly (XdsRateLimitConfig | XdsAny)[]): void {
    this.handlers.onResponse({
      versionInfo: version,
      nonce,
      typeUrl: RATE_LIMIT_CONFIG_TYPE_URL,
      resources: resources.map(toAny),
    });
  }
}

const options: XdsRuleSourceOptions = {
  serverUrl: 'localhost:18000',
  nodeId: 'test-node',
  nodeMetadata: { team: 'edge' },
  additionalHeaders: {},
  backoff: { initialMs: 1000, maxMs: 8000, randomFactor: 2, jitter: false },
};
const node = { id: 'test-node', metadata: { fields: { team: { stringValue: 'edge' } } } };
const typeUrl = RATE_LIMIT_CONFIG_TYPE_URL;
/** Each set is handed to `compile` on a later turn: wait for it to be answered. */
const answered = () => new Promise<void>((resolve) => setImmediate(resolve));
const configV1: XdsRateLimitConfig = {
  name: 'rl-1',
  domain: 'd1',
  descriptors: [{ key: 'k', rateLimit: { unit: 'MINUTE', requestsPerUnit: 5 } }],
};

describe(XdsRuleSource.name, () => {
  let streams: FakeStream[];
  let received: RuleSet[];
  let versions: (string | undefined)[];
  let errors: Error[];
  let verdict: Error | undefined;
  let sut: XdsRuleSource;
  const current = (): FakeStream => streams[streams.length - 1];
  const start = (): Promise<void> =>
    sut.start(
      (configs, _warnings, version) => {
        received.push(configs);
        versions.push(version);
        return verdict;
      },
      (error) => errors.push(error),
    );

  beforeEach(() => {
    mock.timers.enable({ apis: ['setTimeout'] });
    streams = [];
    received = [];
    versions = [];
    errors = [];
    verdict = undefined;
    sut = new XdsRuleSource(options, (handlers) => {
      const stream = new FakeStream(handlers);
      streams.push(stream);
      return stream;
    });
  });

  afterEach(async () => {
    await sut.stop();
    mock.timers.reset();
  });

  it('subscribes with the node, its metadata and the RateLimitConfig type URL', () => {
    void start();

    assert.deepEqual(current().written, [{ versionInfo: '', node, typeUrl }]);
  });

  it('hands the converted configs over and ACKs with version and nonce', async () => {
    const started = start();

    current().respond('v1', 'n1', [configV1]);

    await started;
    // Decoded from the wire bytes, then converted (fromXdsConfig has its own tests).
    assert.deepEqual(received, [[fromXdsConfig(configV1)]]);
    assert.deepEqual(versions, ['v1']);
    assert.deepEqual(current().written[1], { versionInfo: 'v1', responseNonce: 'n1', node, typeUrl });
  });

  it('NACKs a rejected rule set with the last ACKed version and the error text', async () => {
    void start();
    current().respond('v1', 'n1', [configV1]);
    await answered();
    verdict = new Error('rl-2: config file cannot have empty domain');

    current().respond('v2', 'n2', [{ name: 'rl-2' }]);
    await answered();

    assert.deepEqual(current().written[2], {
      versionInfo: 'v1',
      responseNonce: 'n2',
      errorDetail: { message: 'rl-2: config file cannot have empty domain' },
      node,
      typeUrl,
    });
  });

  it('NACKs when the handler throws', async () => {
    void sut.start(
      () => {
        throw new Error('rl-1: descriptor has empty key');
      },
      (error) => errors.push(error),
    );

    current().respond('v1', 'n1', [configV1]);
    await answered();

    assert.equal(current().written[1].errorDetail?.message, 'rl-1: descriptor has empty key');
    assert.equal(errors.length, 0);
  });

  it('does not resolve start() before a rule set was accepted', async () => {
    let isStarted = false;
    void start().then(() => (isStarted = true));
    verdict = new Error('bad');
    current().respond('v1', 'n1', [configV1]);
    await answered();
    assert.equal(isStarted, false);

    verdict = undefined;
    current().respond('v2', 'n2', [configV1]);
    await answered();

    assert.equal(isStarted, true);
  });

  it('NACKs an undecodable resource and reports it without calling the handler', async () => {
    void start();

    current().respond('v1', 'n1', [{ type_url: typeUrl, value: Buffer.from([0x0f]) }]);
    await answered();

    assert.equal(received.length, 0);
    assert.match(errors[0]?.message ?? '', /^cannot decode xDS RateLimitConfig resource: /);
    assert.equal(current().written[1].errorDetail?.message, errors[0]?.message);
    assert.equal(current().written[1].versionInfo, '');
  });

  it('NACKs a resource of another type', () => {
    void start();

    current().respond('v1', 'n1', [{ type_url: 'type.googleapis.com/other.Type', value: Buffer.alloc(0) }]);

    assert.equal(
      current().written[1].errorDetail?.message,
      `unexpected xDS resource type 'type.googleapis.com/other.Type', expected '${typeUrl}'`,
    );
  });

  it('ignores responses of another type URL', () => {
    void start();

    current().handlers.onResponse({ versionInfo: 'x', nonce: 'n', typeUrl: 'other', resources: [] });

    assert.equal(received.length, 0);
    assert.equal(current().written.length, 1);
  });

  it('reopens a closed stream after the backoff and resubscribes with the ACKed version', async () => {
    void start();
    current().respond('v1', 'n1', [configV1]);
    await answered();

    current().handlers.onClosed('UNAVAILABLE: gone');
    mock.timers.tick(999);
    assert.equal(streams.length, 1);
    mock.timers.tick(1);

    assert.equal(streams.length, 2);
    assert.equal(streams[0].isClosed, true);
    assert.deepEqual(current().written, [{ versionInfo: 'v1', node, typeUrl }]);
  });

  it('grows the delay while reconnects fail and starts over after a response', () => {
    void start();
    const reconnectAfter = (delayMs: number): void => {
      current().handlers.onClosed('UNAVAILABLE');
      const count = streams.length;
      mock.timers.tick(delayMs - 1);
      assert.equal(streams.length, count, `no reconnect before ${delayMs} ms`);
      mock.timers.tick(1);
      assert.equal(streams.length, count + 1, `reconnect at ${delayMs} ms`);
    };

    reconnectAfter(1000);
    reconnectAfter(2000);
    reconnectAfter(4000);
    current().respond('v1', 'n1', [configV1]);
    reconnectAfter(1000);
  });

  it('ignores events of a stream it already replaced', () => {
    void start();
    const first = current();
    first.handlers.onClosed('UNAVAILABLE');
    mock.timers.tick(1000);

    first.respond('v9', 'n9', [configV1]);

    assert.equal(received.length, 0);
  });

  it('stop() closes the stream, cancels the retry and resolves a pending start()', async () => {
    const started = start();
    current().handlers.onClosed('UNAVAILABLE');

    await sut.stop();
    mock.timers.tick(60_000);

    await started;
    assert.equal(streams.length, 1);
  });

  it('rejects a second start()', () => {
    void start();

    assert.throws(() => start(), { message: 'xDS rule source is already started' });
  });

  describe('with compile: each set compiled off the serving thread, one after the other', () => {
    /** Compiles resolve or fail when the test says; each is recorded with what it was given. */
    let compiles: { configs: readonly RawDomainConfig[]; settle: (error?: Error) => void }[];
    const prepared = (configs: readonly RawDomainConfig[]): PreparedRules => ({
      snapshot: { domains: configs.map((config) => config.domain) } as unknown as RuleSnapshot,
      configCount: configs.length,
    });
    const settled = () => new Promise((resolve) => setImmediate(resolve));

    beforeEach(async () => {
      await sut.stop();
      compiles = [];
      sut = new XdsRuleSource(
        {
          ...options,
          compile: (resources) => {
            const configs = resources.map(decodeRateLimitConfig);
            return new Promise((resolve, reject) =>
              compiles.push({
                configs,
                settle: (error) => (error ? reject(error) : resolve(prepared(configs))),
              }),
            );
          },
        },
        (handlers) => {
          const stream = new FakeStream(handlers);
          streams.push(stream);
          return stream;
        },
      );
    });

    it('hands the compiled set over and ACKs only once it is compiled', async () => {
      const started = start();
      current().respond('v1', 'n1', [configV1]);
      await settled();
      assert.deepEqual(
        compiles.map((compile) => compile.configs),
        [[fromXdsConfig(configV1)]],
      );
      assert.equal(received.length, 0);
      assert.equal(current().written.length, 1);

      compiles[0].settle();
      await started;
      assert.deepEqual(received, [prepared([fromXdsConfig(configV1)])]);
      assert.deepEqual(versions, ['v1']);
      assert.deepEqual(current().written[1], { versionInfo: 'v1', responseNonce: 'n1', node, typeUrl });
    });

    it('compiles the newest set after the one compiling; sets superseded meanwhile are skipped', async () => {
      void start();
      current().respond('v1', 'n1', [configV1]);
      await settled();
      current().respond('v2', 'n2', [{ ...configV1, domain: 'd2' }]);
      current().respond('v3', 'n3', [{ ...configV1, domain: 'd3' }]);
      await settled();
      assert.equal(compiles.length, 1);

      compiles[0].settle();
      await settled();
      assert.deepEqual(
        compiles.map((compile) => compile.configs[0]?.domain),
        ['d1', 'd3'],
      );
      compiles[1].settle();
      await settled();
      assert.deepEqual(versions, ['v1', 'v3']);
      assert.deepEqual(
        current()
          .written.slice(1)
          .map((request) => request.responseNonce),
        ['n1', 'n3'],
      );
    });

    it('a set that does not compile: reported as a failed load and NACKed, the handler not called', async () => {
      void start();
      current().respond('v1', 'n1', [configV1]);
      await settled();
      compiles[0].settle(new Error('d1.yaml: invalid rate limit unit'));
      await settled();
      assert.equal(received.length, 0);
      assert.deepEqual(
        errors.map((error) => error.message),
        ['d1.yaml: invalid rate limit unit'],
      );
      assert.equal(current().written[1].errorDetail?.message, 'd1.yaml: invalid rate limit unit');
      assert.equal(current().written[1].versionInfo, '');
    });

    it('a stream replaced or a source stopped while compiling gets no answer', async () => {
      void start();
      const first = current();
      first.respond('v1', 'n1', [configV1]);
      await settled();
      first.handlers.onClosed('server went away');
      compiles[0].settle();
      await settled();
      assert.deepEqual(first.written.length, 1);
      assert.equal(received.length, 0);

      mock.timers.tick(1000);
      current().respond('v2', 'n2', [configV1]);
      await settled();
      await sut.stop();
      compiles[1].settle(new Error('aborted'));
      await settled();
      assert.equal(received.length, 0);
      assert.equal(errors.length, 0);
    });
  });
});
