// An xDS connection that dies without a FIN or RST (the server side lost it; the client is never
// told) must not keep the rules frozen: keepalive pings find the dead connection, the stream is
// reopened and the next version arrives (found by the network fault suite). The real
// ADS server sits behind the TCP fault proxy of the test support.
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startFaultProxy, waitFor, type FaultProxy } from '@repo/test-support';
import { RuleRegistry } from '../src/rule-registry';
import { startAdsServer, type AdsTestServer } from './support/ads-server';
import { XdsRuleSource } from '../src/sources/xds-rule-source';

const limitOf = (requestsPerUnit: number) => ({
  name: 'rl',
  domain: 'edge',
  descriptors: [{ key: 'k', rateLimit: { unit: 'MINUTE', requestsPerUnit } }],
});

const limitIn = (registry: RuleRegistry) =>
  registry.snapshot?.findLimit('edge', { entries: [{ key: 'k', value: 'x' }] })?.rule.requestsPerUnit;

describe(`${XdsRuleSource.name} keepalive`, { timeout: 60_000 }, () => {
  let server: AdsTestServer;
  let proxy: FaultProxy;
  let registry: RuleRegistry;

  function startRegistry(): Promise<void> {
    const source = new XdsRuleSource({
      serverUrl: proxy.url,
      additionalHeaders: {},
      nodeId: 'keepalive',
      nodeMetadata: {},
      backoff: { initialMs: 50, maxMs: 200, randomFactor: 2, jitter: false },
      keepaliveTimeMs: 300,
      keepaliveTimeoutMs: 300,
    });
    registry = new RuleRegistry(source, { mergeDomainConfigs: false });
    return registry.start();
  }

  before(async () => {
    server = await startAdsServer();
    server.setResources('v1', [limitOf(1)]);
    proxy = await startFaultProxy({ port: server.port });
  });
  afterEach(async () => {
    await registry?.stop();
    await proxy.setMode({ kind: 'pass' });
  });
  after(async () => {
    await proxy?.stop();
    await server?.stop();
  });

  it('reopens a stream whose connection went half-open and applies the next version', async () => {
    await startRegistry();
    assert.equal(limitIn(registry), 1);

    await proxy.setMode({ kind: 'half-open' });
    await proxy.setMode({ kind: 'pass' });
    server.setResources('v2', [limitOf(2)]);

    await waitFor(() => limitIn(registry) === 2, {
      timeoutMs: 10_000,
      description: 'v2 applied over a new stream',
    });
    const resubscribe = server.requests.find((r) => r.streamNumber === 2);
    assert.equal(resubscribe?.request.versionInfo, 'v1', 'resubscribed with the version it had');
  });

  it('gives up on a connection whose HTTP/2 handshake never completes, and connects again', async () => {
    server.setResources('v3', [limitOf(3)]);
    await proxy.setMode({ kind: 'half-open' }); // new connections too: accepted, never answered
    const acceptedBefore = proxy.acceptedConnections;
    const started = startRegistry();
    await waitFor(() => proxy.acceptedConnections >= acceptedBefore + 2, {
      timeoutMs: 10_000,
      description: 'dead connections given up and new ones tried',
    });
    await proxy.setMode({ kind: 'pass' });
    await started;
    assert.equal(limitIn(registry), 3);
  });
});
