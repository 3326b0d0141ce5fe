// Wire compatibility of the xDS protos with Envoy's / go-control-plane's: encode through the
// serializers the client and the test server use, compare with bytes written by hand from the
// upstream field numbers (tag byte = field number << 3 | wire type).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { xdsProtos } from './xds-protos';

const hex = (bytes: Buffer): string => bytes.toString('hex');

describe(xdsProtos.name, () => {
  const sut = xdsProtos();
  const stream = sut.adsService.StreamAggregatedResources;

  it('exposes the ADS stream on the upstream path', () => {
    assert.equal(
      stream.path,
      '/envoy.service.discovery.v3.AggregatedDiscoveryService/StreamAggregatedResources',
    );
    assert.equal(stream.requestStream, true);
    assert.equal(stream.responseStream, true);
  });

  it('encodes every RateLimitConfig field with the rls_conf.proto numbers', () => {
    const bytes = sut.rateLimitConfig.serialize({
      name: 'n',
      domain: 'd',
      descriptors: [
        {
          key: 'k',
          value: 'v',
          rateLimit: {
            unit: 'WEEK',
            requestsPerUnit: 3,
            unlimited: true,
            name: 'x',
            replaces: [{ name: 'y' }],
          },
          descriptors: [{ key: 'c' }],
          shadowMode: true,
          detailedMetric: true,
          quotaMode: true,
        },
      ],
    });

    // name=1, domain=2, descriptors=3 {key=1, value=2, rate_limit=3 {unit=1 WEEK(7),
    // requests_per_unit=2, unlimited=3, name=4, replaces=5 {name=1}}, descriptors=4,
    // shadow_mode=5, detailed_metric=6, quota_mode=7}
    assert.equal(
      hex(bytes),
      '0a016e' +
        '120164' +
        '1a21' +
        '0a016b' +
        '120176' +
        '1a0e' +
        '0807100318012201782a030a0179' +
        '22030a0163' +
        '280130013801',
    );
  });

  it('encodes a NACK with the discovery.proto numbers', () => {
    const bytes = stream.requestSerialize({
      versionInfo: 'v',
      node: { id: 'i' },
      resourceNames: ['r'],
      typeUrl: 't',
      responseNonce: 'n',
      errorDetail: { message: 'e' },
    });

    // version_info=1, node=2 {id=1}, resource_names=3, type_url=4, response_nonce=5,
    // error_detail=6 google.rpc.Status {message=2}
    assert.equal(hex(bytes), '0a0176' + '12030a0169' + '1a0172' + '220174' + '2a016e' + '3203120165');
  });

  it('decodes a DiscoveryResponse with the discovery.proto numbers', () => {
    // version_info=1, resources=2 Any {type_url=1, value=2}, canary=3, type_url=4, nonce=5,
    // control_plane=6 {identifier=1}
    const bytes = Buffer.from(
      '0a0176' + '12060a0174120178' + '1801' + '220174' + '2a016e' + '32030a0163',
      'hex',
    );

    assert.deepEqual(stream.responseDeserialize(bytes), {
      versionInfo: 'v',
      resources: [{ type_url: 't', value: Buffer.from('x') }],
      canary: true,
      typeUrl: 't',
      nonce: 'n',
      controlPlane: { identifier: 'c' },
    });
  });

  it('encodes node metadata as a google.protobuf.Struct of string values', () => {
    const bytes = stream.requestSerialize({
      node: { id: 'i', metadata: { fields: { k: { stringValue: 'v' } } } },
    });

    // node=2 {id=1, metadata=3 Struct {fields=1 map entry {key=1, value=2 Value {string_value=3}}}}
    assert.equal(hex(bytes), '120f' + '0a0169' + '1a0a' + '0a08' + '0a016b' + '12031a0176');
  });
});
