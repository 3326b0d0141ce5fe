import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isScalar, isSeq, parseAllDocuments, type Node } from 'yaml';
import { PlainScalarTyping, quickYamlContents } from './quick-yaml';
import { parseExactly, parseQuickly, parseYamlConfig, type ParsedRuleFile } from './parse-yaml-config';
import { compileSnapshot } from './compile-snapshot';
import { examplesDir, fixturesDir } from '../test/fixture-files';

const OPTIONS = { version: '1.1', prettyErrors: false, uniqueKeys: false } as const;
const typing = new PlainScalarTyping(OPTIONS);

/**
 * A node as plain data: what the key check and the typed read look at (value, source, order). A
 * key without a value has no value node in the yaml package and an empty scalar in the quick
 * reading; the reader treats both as null, and so does this.
 */
function shape(node: Node | null | undefined): unknown {
  if (node === null || node === undefined) return null;
  if (isScalar(node) && node.value === null && node.source === '') return null;
  if (isMap(node))
    return { map: node.items.map((pair) => [shape(pair.key as Node), shape(pair.value as Node)]) };
  if (isSeq(node)) return { seq: node.items.map((item) => shape(item as Node)) };
  if (isScalar(node)) {
    const value = node.value instanceof Date ? `date ${node.value.toISOString()}` : node.value;
    return { value: typeof value === 'symbol' ? String(value) : value, source: node.source };
  }
  return { other: String(node) };
}

function exactShape(text: string): unknown {
  const document = parseAllDocuments(text, OPTIONS);
  const first = Array.isArray(document) ? document[0] : undefined;
  assert.deepEqual(first?.errors ?? [], [], `the text has YAML errors:\n${text}`);
  return shape(first?.contents as Node | null | undefined);
}

/** The parse without its positions (the quick reading's come from the exact one). */
function withoutPositions(parsed: ParsedRuleFile): unknown {
  const strip = (config: object | undefined) =>
    config && { ...config, positions: undefined, guessed: undefined };
  return { config: strip(parsed.config), errors: parsed.errors.map((e) => e.message) };
}

function yamlFiles(dir: string): [string, string][] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => [name, readFileSync(join(dir, name), 'utf8')]);
}

// Plain scalars of every YAML 1.1 type, and the other scalar styles, as keys and values.
const SCALARS = [
  'abc',
  'yes',
  'No',
  'ON',
  'off',
  'y',
  'n',
  'true',
  'False',
  '~',
  'null',
  'NULL',
  '',
  '10',
  '-1',
  '+12',
  '0',
  '-0',
  '012',
  '0o17',
  '0x1F',
  '0b101',
  '1_000',
  '190:20:30',
  '4294967296',
  '99999999999999999999',
  '1.5',
  '-.5',
  '1e3',
  '1.0e+3',
  '.inf',
  '-.Inf',
  '.NaN',
  '6.8523015e+5',
  '2001-12-14',
  '2001-12-14t21:59:43.10-05:00',
  'foo*',
  '*',
  '"quoted: yes"',
  "'single ''q'''",
  '"esc \\t \\u00e9 \\x41"',
  'a b  c',
  'é ü 漢字',
  'value with # not comment',
  'a:b',
  '-dash',
  '"10"',
  "'true'",
  '"~"',
  '""',
  "''",
];

describe('quick YAML reading', () => {
  it('reads every scalar as the yaml package does (value and source), as values and as keys', () => {
    const declined: string[] = [];
    for (const scalar of SCALARS) {
      for (const text of [
        `key: ${scalar}\n`,
        `- ${scalar}\n`,
        `{a: ${scalar}}\n`,
        `${scalar === '' ? '""' : scalar}: v\n`,
      ]) {
        const quick = quickYamlContents(text, typing);
        if (quick === undefined)
          declined.push(text); // left to the yaml package
        else assert.deepEqual(shape(quick), exactShape(text), text);
      }
    }
    // `*` alone is an alias without a name; in a flow map ` #` starts a comment that hides the `}`
    assert.deepEqual(declined, [
      'key: *\n',
      '- *\n',
      '{a: *}\n',
      '*: v\n',
      '{a: value with # not comment}\n',
    ]);
  });

  it('reads block and folded scalars, multi-line plain and quoted scalars, comments and flow style alike', () => {
    const texts = [
      'a: |\n  line one\n  line two\nb: >\n  folded\n  text\n\n  para\n',
      'a: |-\n  kept\nb: |+\n  kept\n\nc: x\n',
      'a: plain\n  continued\n  here\nb: "double\n  quoted"\nc: \'single\n\n  q\'\n',
      '# comment\ndomain: d # trailing\ndescriptors: # list\n  - key: k # c\n    value: v\n',
      'domain: d\ndescriptors: [{key: a, value: b, rate_limit: {unit: second, requests_per_unit: 5}}, {key: c}]\n',
      'domain: d\ndescriptors:\n- key: a\n  descriptors:\n  - key: b\n    rate_limit:\n      unit: minute\n      requests_per_unit: 1\n',
      'key: 1\n"key": 2\nkey: 3\n',
      'empty:\nalso_empty: \nlist:\n  -\n  - ""\n',
      'a: [1, 2, [3, {b: c}]]\n',
      '',
      '# only a comment\n',
      '? explicit\n: value\n? no value\n',
      '{a, b: c}\n',
      // where the two parsers could part: comments, trailing commas, odd spaces, line ends, markers
      "a: b#c\nd: 'x' # c\n",
      '- - a\n  - b\n',
      'a: [b, c,]\nd: {e: f,}\n',
      'a: |\n b\n  c\nd: >-\n\n  e\n',
      'a:    \n  b\nc: d\n e\n',
      'x: 0o12\ny: \u00a0b\n',
      'a: b\r\nc: d\r\n',
      '\ufeffa: b\n',
      'a: b\n...\nc: d\n',
      '---\na: b\n---\nc: d\n',
      '--- a\n',
      'a: "\\/ \\N\\_\\L\\P"\n',
    ];
    for (const text of texts) {
      const quick = quickYamlContents(text, typing);
      assert.notEqual(quick, undefined, `left to the yaml package:\n${text}`);
      assert.deepEqual(shape(quick), exactShape(text), text);
    }
  });

  it('leaves anchors, aliases, merge bombs, tags, directives, collection and long keys to the yaml package', () => {
    const texts = [
      'a: &x 1\nb: *x\n',
      'base: &b {unit: second}\nother:\n  <<: *b\n',
      'a: !!str 10\n',
      '%YAML 1.1\n---\na: 1\n',
      '[a, b]: c\n',
      '{a: 1}: c\n',
      `metadata:\n  ${'k'.repeat(1100)}: v\n`, // an implicit key past 1,024 characters, refused by yaml
      '- : : x\n', // an empty key, here with a nesting the yaml package refuses
      '[a,: b]\n',
      'a: b\n  c: d\n', // a syntax error
      'a: "unterminated\n',
    ];
    for (const text of texts) assert.equal(quickYamlContents(text, typing), undefined, text);
  });

  it('leaves nesting past 100 levels to the yaml package, which reads it the same way', () => {
    const nested = (levels: number) =>
      'domain: d\ndescriptors:\n' +
      Array.from(
        { length: levels },
        (_, i) => `${'  '.repeat(i * 2 + 1)}- key: k${i}\n${'  '.repeat(i * 2 + 2)}descriptors:\n`,
      ).join('') +
      `${'  '.repeat(levels * 2 + 1)}- key: leaf\n`;
    assert.notEqual(quickYamlContents(nested(40), typing), undefined);
    const deep = nested(150);
    assert.equal(quickYamlContents(deep, typing), undefined);
    const parsed = parseYamlConfig('deep.yaml', deep);
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(withoutPositions(parsed), withoutPositions(parseExactly('deep.yaml', deep)));
  });

  it('gives every fixture and example the exact reading, errors included', () => {
    for (const dir of [fixturesDir(), examplesDir()]) {
      for (const [name, text] of yamlFiles(dir)) {
        assert.deepEqual(
          withoutPositions(parseYamlConfig(name, text)),
          withoutPositions(parseExactly(name, text)),
          name,
        );
      }
    }
  });

  it('reads the files without errors quickly, and leaves every file with an error to the exact reading', () => {
    const quick = yamlFiles(fixturesDir()).filter(([name, text]) => parseQuickly(name, text) !== undefined);
    assert.ok(quick.some(([name]) => name === 'basic_config.yaml'));
    for (const [name, text] of quick) assert.deepEqual(parseExactly(name, text).errors, [], name);
  });

  it("gives the compiler the exact reading's line and column for its errors", () => {
    const text =
      'domain: d\ndescriptors:\n  - key: a\n    rate_limit:\n      unit: fortnight\n      requests_per_unit: 1\n';
    const quick = parseQuickly('bad_unit.yaml', text);
    assert.ok(quick?.config, 'a file the compiler refuses reads without errors');
    const errors = (config: ParsedRuleFile['config']) => {
      try {
        compileSnapshot([config!], { mergeDomainConfigs: false });
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    };
    const message = errors(quick.config);
    assert.match(message ?? '', /\(line 5, column 7\)$/);
    assert.equal(message, errors(parseExactly('bad_unit.yaml', text).config));
  });

  it('never reads differently from the yaml package, nor reads what it refuses (generated documents)', () => {
    const text = fc.oneof(
      fc.constantFrom(...SCALARS),
      fc.string({
        unit: fc.constantFrom(
          'a',
          'Z',
          '1',
          ' ',
          ':',
          '#',
          '-',
          ',',
          '"',
          "'",
          '\\',
          '[',
          '{',
          '*',
          '?',
          'é',
        ),
      }),
    );
    const scalar = fc
      .tuple(text, fc.constantFrom('plain', 'double', 'single'))
      .map(([value, style]) =>
        style === 'double'
          ? JSON.stringify(value)
          : style === 'single'
            ? `'${value.replaceAll("'", "''")}'`
            : value,
      );
    type Tree = string | { map: [string, Tree][] } | { seq: Tree[] };
    const { tree } = fc.letrec<{ tree: Tree }>((of) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        scalar,
        fc.record({ map: fc.array(fc.tuple(scalar, of('tree')), { maxLength: 3 }) }),
        fc.record({ seq: fc.array(of('tree'), { maxLength: 3 }) }),
      ),
    }));
    const flow = (node: Tree): string =>
      typeof node === 'string'
        ? node
        : 'map' in node
          ? `{${node.map.map(([key, value]) => `${key}: ${flow(value)}`).join(', ')}}`
          : `[${node.seq.map(flow).join(', ')}]`;
    const block = (node: Tree, indent: string, asFlow: boolean): string => {
      if (typeof node === 'string' || asFlow) return ` ${flow(node)}\n`;
      const lines =
        'map' in node
          ? node.map.map(([key, value]) => `${indent}${key}:${block(value, `${indent}  `, false)}`)
          : node.seq.map((item) => `${indent}-${block(item, `${indent}  `, false)}`);
      return lines.length === 0 ? ` ${flow(node)}\n` : `\n${lines.join('')}`;
    };
    fc.assert(
      fc.property(tree, fc.boolean(), (root, asFlow) => {
        const yaml = block(root, '', asFlow).replace(/^\n/, '');
        const documents = parseAllDocuments(yaml, OPTIONS);
        const first = Array.isArray(documents) ? documents[0] : undefined;
        const quick = quickYamlContents(yaml, typing);
        if ((first?.errors.length ?? 0) > 0) assert.equal(quick, undefined, yaml);
        else if (quick !== undefined) assert.deepEqual(shape(quick), shape(first?.contents as Node), yaml);
      }),
      { numRuns: 2000 },
    );
  });
});
