// Bad connection settings fail when the connector is created (no network is touched), so the
// service refuses to start instead of reconnecting forever.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createChannelOptions, createGrpcAdsConnector, type XdsConnectionOptions } from './xds-ads-stream';

const options: XdsConnectionOptions = { serverUrl: 'localhost:18000', additionalHeaders: {} };

describe(createGrpcAdsConnector.name, () => {
  it('accepts plaintext options without touching the network', () => {
    const sut = createGrpcAdsConnector({ ...options, additionalHeaders: { 'x-token': 'a' } });

    assert.equal(typeof sut, 'function');
  });

  it('fails on an unreadable TLS file', () => {
    assert.throws(() => createGrpcAdsConnector({ ...options, tls: { caCertPath: '/nonexistent/ca.pem' } }), {
      message: /^cannot read xDS CA certificate '\/nonexistent\/ca.pem': ENOENT/,
    });
  });

  it('fails on a client certificate without key', () => {
    assert.throws(() => createGrpcAdsConnector({ ...options, tls: { clientCertPath: '/tmp/cert.pem' } }), {
      message: 'xDS client TLS needs both a client certificate and a client key, or neither',
    });
  });

  it('fails on an illegal header name', () => {
    assert.throws(() => createGrpcAdsConnector({ ...options, additionalHeaders: { 'bad header': 'v' } }), {
      message: /^invalid xDS client header 'bad header': /,
    });
  });
});

describe(createChannelOptions.name, () => {
  it('asks for keepalive pings with their timeout', () => {
    const sut = createChannelOptions({ ...options, keepaliveTimeMs: 300_000, keepaliveTimeoutMs: 20_000 });

    assert.deepEqual(sut, { 'grpc.keepalive_time_ms': 300_000, 'grpc.keepalive_timeout_ms': 20_000 });
  });

  it('sends no pings when the keepalive time is 0 or absent', () => {
    assert.deepEqual(
      createChannelOptions({ ...options, keepaliveTimeMs: 0, keepaliveTimeoutMs: 20_000 }),
      {},
    );
    assert.deepEqual(createChannelOptions(options), {});
  });

  it('keeps the server name override and the message size limit', () => {
    const sut = createChannelOptions({
      ...options,
      tls: { serverNameOverride: 'xds.local' },
      maxReceiveMessageBytes: 1024,
    });

    assert.deepEqual(sut, {
      'grpc.ssl_target_name_override': 'xds.local',
      'grpc.max_receive_message_length': 1024,
    });
  });
});
