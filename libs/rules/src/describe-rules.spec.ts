import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileSnapshot } from './compile-snapshot';
import { describeDomain, type LimitDescription, type RuleNodeDescription } from './describe-rules';
import { parseYamlConfig } from './parse-yaml-config';

const YAML = `domain: api
descriptors:
  - key: files
    value: "docs/*"
    share_threshold: true
    rate_limit: { unit: second, requests_per_unit: 5, unit_multiplier: 10, algorithm: token_bucket, burst: 8 }
  - key: account
    rate_limits:
      - { unit: second, requests_per_unit: 10 }
      - { unit: day, requests_per_unit: 250, name: daily, replaces: [{ name: legacy }], counting: cached }
    descriptors:
      - key: path
        value_to_metric: true
        shadow_mode: true
        rate_limit: { unlimited: true }
`;

const base = {
  unitMultiplier: 1,
  algorithm: 'fixed_window',
  burst: 0,
  counting: 'exact',
  name: null,
  replaces: [],
  unlimited: false,
  shadowMode: false,
  quotaMode: false,
  detailedMetric: false,
  itemLabel: null,
};

describe(describeDomain.name, () => {
  it('describes every node with its limits, items and modes, and the files of each domain', () => {
    const configs = [
      parseYamlConfig('a.yaml', YAML).config!,
      parseYamlConfig('b.yaml', 'domain: other\n').config!,
    ];
    const sut = compileSnapshot(configs, { mergeDomainConfigs: false }).describe();
    assert.deepEqual(sut, [
      {
        domain: 'api',
        sources: ['a.yaml'],
        descriptors: [
          {
            key: 'files',
            value: 'docs/*',
            statsKey: 'api.files_docs/*',
            valueToMetric: false,
            shareThreshold: true,
            limits: [
              {
                ...base,
                requestsPerUnit: 5,
                unit: 'SECOND',
                unitMultiplier: 10,
                windowSeconds: 10,
                algorithm: 'token_bucket',
                burst: 8,
                statsKey: 'api.files_docs/*',
              },
            ],
            children: [],
          },
          {
            key: 'account',
            value: null,
            statsKey: 'api.account',
            valueToMetric: false,
            shareThreshold: false,
            limits: [
              {
                ...base,
                requestsPerUnit: 10,
                unit: 'SECOND',
                windowSeconds: 1,
                itemLabel: 'per_second',
                statsKey: 'api.account.per_second',
              },
              {
                ...base,
                requestsPerUnit: 250,
                unit: 'DAY',
                windowSeconds: 86400,
                name: 'daily',
                replaces: ['legacy'],
                counting: 'cached',
                itemLabel: 'daily',
                statsKey: 'api.account.daily',
              },
            ],
            children: [
              {
                key: 'path',
                value: null,
                statsKey: 'api.account.path',
                valueToMetric: true,
                shareThreshold: false,
                limits: [
                  {
                    ...base,
                    requestsPerUnit: 0,
                    unit: 'SECOND',
                    windowSeconds: 1,
                    unlimited: true,
                    shadowMode: true,
                    statsKey: 'api.account.path',
                  },
                ],
                children: [],
              },
            ],
          },
        ],
      },
      { domain: 'other', sources: ['b.yaml'], descriptors: [] },
    ]);
  });

  it('gives the limits of the domains asked for one at a time, in load order, as described', () => {
    const configs = [
      parseYamlConfig('a.yaml', YAML).config!,
      parseYamlConfig('b.yaml', 'domain: other\n').config!,
    ];
    const snapshot = compileSnapshot(configs, { mergeDomainConfigs: false });
    const limits = snapshot.limits(new Set(['api']));
    const first = limits[Symbol.iterator]().next();
    assert.equal(first.done, false);
    assert.equal(first.value.statsKey, 'api.files_docs/*');
    assert.deepEqual(
      [...snapshot.limits(new Set(['api']))].map((limit) => limit.statsKey),
      ['api.files_docs/*', 'api.account.per_second', 'api.account.daily', 'api.account.path'],
    );
    const described = (node: RuleNodeDescription): LimitDescription[] => [
      ...node.limits,
      ...node.children.flatMap(described),
    ];
    assert.deepEqual([...snapshot.limits()], snapshot.describe()[0]!.descriptors.flatMap(described));
    assert.deepEqual([...snapshot.limits(new Set(['other', 'missing']))], []);
  });
});
