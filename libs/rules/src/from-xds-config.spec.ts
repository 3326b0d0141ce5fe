import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fromXdsConfig } from './from-xds-config';

describe(fromXdsConfig.name, () => {
  it('uses the resource name as the source name and keeps domain and nesting', () => {
    const sut = fromXdsConfig({
      name: 'rl-config-1',
      domain: 'test-domain',
      descriptors: [
        {
          key: 'k1',
          value: 'v1',
          rateLimit: { unit: 'MINUTE', requestsPerUnit: 3, name: 'outer' },
          descriptors: [
            {
              key: 'k2',
              rateLimit: {
                unit: 'WEEK',
                requestsPerUnit: 10,
                replaces: [{ name: 'outer' }],
              },
              shadowMode: true,
              detailedMetric: true,
              quotaMode: true,
            },
          ],
        },
      ],
    });

    assert.deepEqual(sut, {
      sourceName: 'rl-config-1',
      domain: 'test-domain',
      descriptors: [
        {
          key: 'k1',
          value: 'v1',
          rateLimit: {
            unit: 'MINUTE',
            requestsPerUnit: 3,
            unlimited: false,
            name: 'outer',
            replaces: [],
          },
          descriptors: [
            {
              key: 'k2',
              value: undefined,
              rateLimit: {
                unit: 'WEEK',
                requestsPerUnit: 10,
                unlimited: false,
                name: undefined,
                replaces: [{ name: 'outer' }],
              },
              descriptors: [],
              shadowMode: true,
              detailedMetric: true,
              quotaMode: true,
            },
          ],
          shadowMode: false,
          detailedMetric: false,
          quotaMode: false,
        },
      ],
    });
  });

  it('turns unset proto3 fields into their zero values like Go does', () => {
    const sut = fromXdsConfig({ descriptors: [{ rateLimit: { replaces: [{}] } }] });

    assert.equal(sut.sourceName, '');
    assert.equal(sut.domain, '');
    assert.deepEqual(sut.descriptors?.[0], {
      key: '',
      value: undefined,
      rateLimit: {
        unit: 'UNKNOWN',
        requestsPerUnit: 0,
        unlimited: false,
        name: undefined,
        replaces: [{ name: '' }],
      },
      descriptors: [],
      shadowMode: false,
      detailedMetric: false,
      quotaMode: false,
    });
  });

  it('keeps an absent rate_limit absent (a whitelist descriptor)', () => {
    const sut = fromXdsConfig({ name: 'n', domain: 'd', descriptors: [{ key: 'k', value: '' }] });

    assert.equal(sut.descriptors?.[0]?.rateLimit, undefined);
    assert.equal(sut.descriptors?.[0]?.value, undefined);
  });

  it('passes an enum number the proto does not know as text, so the compiler names it', () => {
    const sut = fromXdsConfig({ descriptors: [{ key: 'k', rateLimit: { unit: 9, unlimited: true } }] });

    assert.equal(sut.descriptors?.[0]?.rateLimit?.unit, '9');
    assert.equal(sut.descriptors?.[0]?.rateLimit?.unlimited, true);
  });
});
