// The xDS rule source against a real in-process ADS server (grpc-js) on a loopback port:
// versions pushed, compiled by the real RuleRegistry and ACKed, a bad config NACKed while the
// last good rules stay, a dropped stream reopened and resubscribed, (mutual) TLS with the SAN
// override, the message size limit.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestCertificates, waitFor, type TestCertificates } from '@repo/test-support';
import { RuleRegistry } from '../src/rule-registry';
import type { XdsRateLimitConfig } from '../src/from-xds-config';
import { startAdsServer, type AdsTestServer, type ReceivedRequest } from './support/ads-server';
import type { Logger } from '../src/logger';
import { XdsRuleSource, type XdsRuleSourceOptions } from '../src/sources/xds-rule-source';

const timeoutMs = 10_000;

class RecordingLogger implements Logger {
  readonly warnings: string[] = [];
  info(): void {}
  warn(message: string): void {
    this.warnings.push(message);
  }
  error(): void {}
}

const config = (name: string, domain: string): XdsRateLimitConfig => ({
  name,
  domain,
  descriptors: [{ key: 'k', value: 'v', rateLimit: { unit: 'MINUTE', requestsPerUnit: 5 } }],
});

function clientOptions(
  server: AdsTestServer,
  extra: Partial<XdsRuleSourceOptions> = {},
): XdsRuleSourceOptions {
  return {
    serverUrl: server.url,
    nodeId: 'int-node',
    nodeMetadata: { zone: 'z1' },
    additionalHeaders: { 'x-xds-token': 'secret' },
    backoff: { initialMs: 50, maxMs: 200, randomFactor: 2, jitter: true },
    ...extra,
  };
}

const domainsOf = (registry: RuleRegistry): string[] => [...(registry.snapshot?.domains ?? [])].sort();

function waitForRequest(
  server: AdsTestServer,
  description: string,
  match: (received: ReceivedRequest) => boolean,
): Promise<ReceivedRequest> {
  return waitFor(() => server.requests.find(match), { timeoutMs, description });
}

describe(`${XdsRuleSource.name} with a real ADS server`, { timeout: 60_000 }, () => {
  let server: AdsTestServer;
  let sut: XdsRuleSource;
  let registry: RuleRegistry;

  before(async () => {
    server = await startAdsServer();
    server.setResources('v1', [config('rl-a', 'domain-a')]);
    sut = new XdsRuleSource(clientOptions(server));
    registry = new RuleRegistry(sut, { mergeDomainConfigs: false });
  });

  after(async () => {
    await registry.stop();
    await server.stop();
  });

  it('subscribes with node id, metadata and headers, applies the first response and ACKs', async () => {
    await registry.start();

    assert.deepEqual(domainsOf(registry), ['domain-a']);
    const [subscribe] = server.requests;
    assert.equal(subscribe.streamNumber, 1);
    assert.equal(subscribe.headers['x-xds-token'], 'secret');
    assert.equal(subscribe.request.node?.id, 'int-node');
    assert.deepEqual(subscribe.request.node?.metadata, {
      fields: { zone: { stringValue: 'z1', kind: 'stringValue' } },
    });
    assert.equal(
      subscribe.request.typeUrl,
      'type.googleapis.com/ratelimit.config.ratelimit.v3.RateLimitConfig',
    );
    assert.equal(subscribe.request.versionInfo ?? '', '');
    await waitForRequest(
      server,
      'ACK of v1',
      (r) => r.request.versionInfo === 'v1' && r.request.responseNonce === 'nonce-1',
    );
  });

  it('replaces the whole rule set with each pushed version', async () => {
    server.setResources('v2', [config('rl-a', 'domain-a'), config('rl-b', 'domain-b')]);

    const ack = await waitForRequest(server, 'ACK of v2', (r) => r.request.versionInfo === 'v2');

    assert.equal(ack.request.errorDetail, undefined);
    assert.deepEqual(domainsOf(registry), ['domain-a', 'domain-b']);
  });

  it('NACKs a config the compiler rejects, with its error text, and keeps the last good rules', async () => {
    // No unit: proto3 reads it as UNKNOWN, which the compiler rejects like Envoy's service.
    server.setResources('v3', [
      { name: 'rl-bad', domain: 'domain-x', descriptors: [{ key: 'k', rateLimit: { requestsPerUnit: 1 } }] },
    ]);

    const nack = await waitForRequest(server, 'NACK of v3', (r) => r.request.errorDetail !== undefined);

    assert.equal(nack.request.errorDetail?.message, "rl-bad: invalid rate limit unit 'UNKNOWN'");
    assert.equal(nack.request.versionInfo, 'v2');
    assert.equal(nack.request.responseNonce, 'nonce-3');
    assert.deepEqual(domainsOf(registry), ['domain-a', 'domain-b']);
    assert.equal(registry.lastEvent?.ok, false);
  });

  it('reopens a dropped stream and resubscribes with the last ACKed version', async () => {
    server.dropStreams();

    const resubscribe = await waitForRequest(server, 'a request on stream 2', (r) => r.streamNumber === 2);
    assert.equal(resubscribe.request.versionInfo, 'v2');
    assert.equal(resubscribe.request.responseNonce ?? '', '');
    server.setResources('v4', [config('rl-c', 'domain-c')]);
    await waitForRequest(
      server,
      'ACK of v4 on stream 2',
      (r) => r.streamNumber === 2 && r.request.versionInfo === 'v4',
    );

    assert.deepEqual(domainsOf(registry), ['domain-c']);
  });
});

describe(`${XdsRuleSource.name} over TLS`, { timeout: 60_000 }, () => {
  let certs: TestCertificates;
  let server: AdsTestServer;
  const registries: RuleRegistry[] = [];

  before(async () => {
    certs = await createTestCertificates();
    server = await startAdsServer({
      tls: {
        certPath: certs.serverCert,
        keyPath: certs.serverKey,
        caPath: certs.caCert,
        requireClientCert: true,
      },
    });
    server.setResources('tls-v1', [config('rl-tls', 'domain-tls')]);
  });

  after(async () => {
    await Promise.all(registries.map((registry) => registry.stop()));
    await server.stop();
  });

  function startSource(tls: XdsRuleSourceOptions['tls']) {
    const logger = new RecordingLogger();
    const registry = new RuleRegistry(new XdsRuleSource(clientOptions(server, { tls, logger })), {
      mergeDomainConfigs: false,
    });
    registries.push(registry);
    return { registry, logger, started: registry.start() };
  }

  it('connects with a client certificate, the CA and the SAN override', async () => {
    const { registry, started } = startSource({
      caCertPath: certs.caCert,
      clientCertPath: certs.clientCert,
      clientKeyPath: certs.clientKey,
      serverNameOverride: 'localhost',
    });

    await started;

    assert.deepEqual(domainsOf(registry), ['domain-tls']);
  });

  it('keeps retrying when the server certificate does not carry the SAN override', async () => {
    const { logger, registry } = startSource({
      caCertPath: certs.caCert,
      clientCertPath: certs.clientCert,
      clientKeyPath: certs.clientKey,
      serverNameOverride: 'other.test',
    });

    await waitFor(() => logger.warnings.length >= 2, { timeoutMs, description: 'two failed attempts' });
    assert.match(
      logger.warnings[0],
      /^xDS stream to 127\.0\.0\.1:\d+ closed \(UNAVAILABLE: .*\); retrying in \d+ ms$/,
    );
    assert.equal(registry.snapshot, undefined);
  });

  it('is refused by a server that requires a client certificate when none is sent', async () => {
    const { logger, registry } = startSource({ caCertPath: certs.caCert });

    await waitFor(() => logger.warnings.length >= 1, { timeoutMs, description: 'a failed attempt' });
    assert.equal(registry.snapshot, undefined);
  });
});

describe(`${XdsRuleSource.name} message size limit`, { timeout: 60_000 }, () => {
  let server: AdsTestServer;
  let sut: XdsRuleSource;

  before(async () => {
    server = await startAdsServer();
    server.setResources('big', [
      { ...config('rl-big', 'domain-big'), descriptors: [{ key: 'k'.repeat(500) }] },
    ]);
  });

  after(async () => {
    await sut.stop();
    await server.stop();
  });

  it('drops a response larger than maxReceiveMessageBytes and retries', async () => {
    const logger = new RecordingLogger();
    sut = new XdsRuleSource(clientOptions(server, { maxReceiveMessageBytes: 200, logger }));
    void sut.start(
      () => undefined,
      () => undefined,
    );

    await waitFor(() => logger.warnings[0], {
      timeoutMs,
      description: 'the oversized response to fail',
    });
    assert.match(logger.warnings[0], /\(RESOURCE_EXHAUSTED: /);
  });
});
