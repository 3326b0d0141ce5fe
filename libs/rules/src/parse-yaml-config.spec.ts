import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseYamlConfig } from './parse-yaml-config';
import { loadFixture, readFixture } from '../test/fixture-files';

function firstError(name: string): string | undefined {
  return parseYamlConfig(name, readFixture(name)).errors[0]?.message;
}

describe(parseYamlConfig.name, () => {
  describe('config errors found while reading a file (one fixture each)', () => {
    const table: [fixture: string, message: string][] = [
      [
        'bad_yaml.yaml',
        "bad_yaml.yaml: error loading config file: Missing closing 'quote (line 2, column 1)",
      ],
      [
        'string_requests_per_unit.yaml',
        'string_requests_per_unit.yaml: error loading config file: yaml: unmarshal errors: line 6: cannot unmarshal !!str `abc` into uint32 (line 6, column 26)',
      ],
      [
        'negative_requests_per_unit.yaml',
        'negative_requests_per_unit.yaml: error loading config file: yaml: unmarshal errors: line 6: cannot unmarshal !!int `-1` into uint32 (line 6, column 26)',
      ],
      [
        'too_large_requests_per_unit.yaml',
        'too_large_requests_per_unit.yaml: error loading config file: yaml: unmarshal errors: line 6: cannot unmarshal !!int `4294967296` into uint32 (line 6, column 26)',
      ],
      [
        'non_string_key.yaml',
        'non_string_key.yaml: config error, key is not of type string: 0.25 (line 1, column 1)',
      ],
      [
        'misspelled_key.yaml',
        "misspelled_key.yaml: config error, unknown key 'ratelimit' (line 5, column 5)",
      ],
      [
        'misspelled_key2.yaml',
        "misspelled_key2.yaml: config error, unknown key 'requestsperunit' (line 7, column 7)",
      ],
      [
        'non_map_list.yaml',
        'non_map_list.yaml: config error, yaml file contains list of type other than map: a (line 2, column 15)',
      ],
      [
        'float_requests_per_unit.yaml',
        'float_requests_per_unit.yaml: error checking config (line 6, column 26)',
      ],
      [
        'bad_metadata.yaml',
        'bad_metadata.yaml: error parsing metadata: struct keys must be strings, found <nil> (line 8, column 7)',
      ],
    ];
    for (const [fixture, message] of table) {
      it(fixture, () => assert.equal(firstError(fixture), message));
    }
  });

  describe('aliases and merge keys, bounded as by yaml.v2 (one fixture each)', () => {
    const table: [fixture: string, message: string][] = [
      [
        // 5 levels of 10 aliases: 100,000 descriptors from 508 bytes
        'alias_bomb.yaml',
        'alias_bomb.yaml: error loading config file: yaml: document contains excessive aliasing (line 6, column 48)',
      ],
      [
        // each level merges the one below twice (`<<: [*m, *m]`): 2^24 maps
        'merge_key_bomb.yaml',
        'merge_key_bomb.yaml: error loading config file: yaml: document contains excessive aliasing (line 12, column 15)',
      ],
      [
        // lists of aliases of lists, under an unknown key: refused before the keys are checked
        'nested_aliases.yaml',
        'nested_aliases.yaml: error loading config file: yaml: document contains excessive aliasing (line 7, column 20)',
      ],
      [
        'alias_cycle.yaml',
        "alias_cycle.yaml: error loading config file: yaml: anchor 'list' value contains itself (line 4, column 18)",
      ],
    ];
    for (const [fixture, message] of table) {
      it(fixture, () => {
        const { config, errors } = parseYamlConfig(fixture, readFixture(fixture));
        assert.equal(config, undefined);
        assert.deepEqual(
          errors.map((error) => error.message),
          [message],
        );
      });
    }

    it('accepts an alias used once per descriptor (2,000 descriptors sharing one rate_limit)', () => {
      const { config, errors } = parseYamlConfig('many_aliases.yaml', readFixture('many_aliases.yaml'));
      assert.deepEqual(errors, []);
      assert.equal(config?.descriptors?.length, 2000);
      assert.deepEqual(config?.descriptors?.[1999], {
        key: 'user',
        value: 'u1999',
        rateLimit: { unit: 'minute', requestsPerUnit: 10 },
      });
    });
  });

  it('reports every bad list element, keeping the reference text first', () => {
    const { config, errors } = parseYamlConfig('non_map_list.yaml', readFixture('non_map_list.yaml'));
    assert.equal(config, undefined);
    assert.deepEqual(
      errors.map((error) => error.detail),
      ['a', 'b', 'c'].map((v) => `config error, yaml file contains list of type other than map: ${v}`),
    );
    assert.deepEqual(errors[2].position, { line: 2, column: 21 });
    assert.equal(errors[0].sourceName, 'non_map_list.yaml');
  });

  it("reports key errors, then typed errors, in one pass, in the reference's order of phases", () => {
    const text =
      'domain: d\ndescriptors:\n  - key: a\n    rate_limit: {unit: day, requests_per_unit: -1}\n  - key: b\n    bogus: 1\n';
    const { config, partial, errors } = parseYamlConfig('f.yaml', text);
    assert.deepEqual(
      errors.map((error) => error.detail),
      [
        "config error, unknown key 'bogus'",
        'error loading config file: yaml: unmarshal errors: line 4: cannot unmarshal !!int `-1` into uint32',
      ],
    );
    assert.equal(config, undefined);
    assert.deepEqual(
      partial?.descriptors?.map((descriptor) => descriptor.key),
      ['a', 'b'],
    );
  });

  it('reports a value once although the key check and the typed read both refuse it', () => {
    const text = 'domain: d\ndescriptors:\n  - key: a\n    rate_limit: {unit: day, requests_per_unit: 1.5}\n';
    const { errors } = parseYamlConfig('f.yaml', text);
    assert.deepEqual(
      errors.map((error) => error.message),
      ['f.yaml: error checking config (line 4, column 48)'],
    );
  });

  it('reads past a syntax error and marks what the parser had to guess', () => {
    const text = 'domain: d\ndescriptors:\n  - key: a\n    bogus: 1\n  - key: [unclosed\n';
    const { partial, errors } = parseYamlConfig('f.yaml', text);
    assert.deepEqual(
      errors.map((error) => error.detail),
      [
        'error loading config file: Flow sequence in block collection must be sufficiently indented and end with a ]',
        "config error, unknown key 'bogus'",
      ],
    );
    const [kept, guessed] = partial?.descriptors ?? [];
    assert.equal(partial?.guessed?.has(kept), false);
    assert.equal(partial?.guessed?.has(guessed), true);
  });

  it('prints non-string keys and list elements the way Go prints them', () => {
    const detail = (text: string) => parseYamlConfig('f', text).errors[0]?.detail;
    assert.equal(detail('true: x\n'), 'config error, key is not of type string: true');
    assert.equal(detail('1000000.0: x\n'), 'config error, key is not of type string: 1e+06');
    assert.equal(
      detail('descriptors: [[1, 2]]\n'),
      'config error, yaml file contains list of type other than map: [1 2]',
    );
    assert.equal(
      detail('descriptors: [~]\n'),
      'config error, yaml file contains list of type other than map: <nil>',
    );
    assert.equal(detail('value: 1.5\n'), 'error checking config');
  });

  it('expands YAML anchors and merge keys like yaml.v2', () => {
    const text = [
      'domain: d',
      'descriptors:',
      '  - &first',
      '    key: a',
      '    rate_limit: &minute',
      '      unit: minute',
      '      requests_per_unit: 3',
      '  - <<: *first',
      '    key: b',
      '  - key: c',
      '    rate_limit:',
      '      <<: *minute',
      '      requests_per_unit: 4',
      '',
    ].join('\n');
    const { config, errors } = parseYamlConfig('f.yaml', text);
    assert.deepEqual(errors, []);
    assert.deepEqual(
      config?.descriptors?.map((d) => [d.key, d.rateLimit?.unit, d.rateLimit?.requestsPerUnit]),
      [
        ['a', 'minute', 3],
        ['b', 'minute', 3],
        ['c', 'minute', 4],
      ],
    );
  });

  it('rejects a document that is not a map', () => {
    assert.equal(
      parseYamlConfig('notes.txt', 'just some text\n').errors[0]?.message,
      'notes.txt: error loading config file: yaml: unmarshal errors: line 1: cannot unmarshal !!str `just so...` into map[interface {}]interface {} (line 1, column 1)',
    );
  });

  it('reads the typed fields into the raw shape', () => {
    const config = loadFixture('metadata.yaml');
    assert.equal(config.domain, 'test-domain');
    assert.equal(config.sourceName, 'metadata.yaml');
    assert.deepEqual(config.descriptors?.[1], {
      key: 'key2',
      detailedMetric: true,
      rateLimit: { unit: 'minute', requestsPerUnit: 20 },
      metadata: { service_with_quota: { name: 'service_2', weight: 1.5, tags: ['a', 'b'] } },
    });
  });

  describe('accepted silently, as by the reference', () => {
    const config = loadFixture('accepted_quirks.yaml');
    const byKey = (key: string) => config.descriptors?.find((descriptor) => descriptor.key === key);

    it('uses only the first YAML document', () => assert.equal(config.domain, 'test-domain'));
    it('ignores a legal key at the wrong level', () =>
      assert.equal(byKey('wrong_level')?.rateLimit?.unit, 'MINUTE'));
    it('treats a null rate_limit as absent', () =>
      assert.equal(byKey('null_rate_limit')?.rateLimit, undefined));
    it('keeps integer and bool values as their text', () => {
      assert.equal(byKey('int_value')?.value, '123');
      assert.equal(byKey('bool_value')?.value, 'true');
    });
    it('treats an empty file as a config without a domain', () => {
      assert.deepEqual(parseYamlConfig('empty.yaml', ''), {
        config: { sourceName: 'empty.yaml' },
        errors: [],
      });
    });
  });
});
