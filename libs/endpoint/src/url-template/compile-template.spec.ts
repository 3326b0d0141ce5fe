import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compileTemplate } from './compile-template';
import { NON_PARAMETER_KEYS } from '../non-parameter-keys';
import { getCompiledTemplate, templateCacheSize } from './template-cache';

const sut = compileTemplate;

const expand = (template: string, parameters: Record<string, unknown> = {}) =>
  sut(template).parts.map((part) => part(parameters));

describe(compileTemplate.name, () => {
  it('splits literal text, expressions and braces that are not expressions', () => {
    assert.deepEqual(expand('/a b/{x}/c}', { x: 1 }), ['/a%20b/', '1', '/c', '}']);
    assert.deepEqual(expand('/a{b'), ['/a', '{', 'b']);
    assert.deepEqual(expand(''), []);
  });

  it('parses operator, prefix and explode of each variable', () => {
    assert.deepEqual(expand('{?a:3,b*,c:x,d:12y}', { a: 'abcdef', b: [1, 2], c: 'cc', d: 'd'.repeat(20) }), [
      '?a=abc&b=1,b=2&c=cc&d=dddddddddddd',
    ]);
  });

  it('gives reserved option keys no value', () => {
    assert.deepEqual(expand('{url,org}', { url: '/x', org: 'o' }), [',o']);
  });

  it('converts :name placeholders first', () => {
    const compiled = sut('/repos/:owner/:repo/:a');
    assert.deepEqual(
      compiled.parts.map((part) => part({ owner: 'o', repo: 'r', a: 'x' })),
      ['/repos/', 'o', '/', 'r', '/:a'],
    );
    assert.ok(compiled.omitted.has('owner') && compiled.omitted.has('repo') && !compiled.omitted.has('a'));
  });

  it('defers a URIError of a literal to the expansion, at every expansion', () => {
    const compiled = sut('/{a}\uD800');
    assert.equal(compiled.parts.length, 3);
    for (let round = 0; round < 2; round++) assert.throws(() => compiled.parts[2]({}), URIError);
    assert.throws(() => expand('/x}\uD800'), URIError);
  });

  it('omits the reserved keys and the used names with the reference rules', () => {
    assert.deepEqual(
      [...sut('{?a,b}{/branch}{+path}{list*}{var:3}{a*,b}{=x}{ä}').omitted],
      [
        'method',
        'baseUrl',
        'url',
        'headers',
        'request',
        'mediaType',
        'a',
        'b',
        'branch',
        'path',
        'list',
        'var:3',
        'a*',
        'x',
        '',
      ],
    );
  });
});

describe('the names an expression uses (never query or body)', () => {
  for (const [body, names] of [
    ['?a,b', ['a', 'b']],
    ['a:3', ['a:3']],
    ['a:3,b', ['a:3', 'b']],
    ['a*,b*', ['a*', 'b']],
    [' a ', ['a']],
    ['@a', ['a']],
    ['ä', ['']],
    ['a,,b', ['a', '', 'b']],
    ['?', ['']],
  ] as const) {
    it(`{${body}} uses ${JSON.stringify(names)}`, () => {
      assert.deepEqual([...sut(`{${body}}`).omitted].slice(NON_PARAMETER_KEYS.length), names);
    });
  }
});

describe(getCompiledTemplate.name, () => {
  it('returns the same compiled object for the same url', () => {
    assert.equal(getCompiledTemplate('/cache/{a}'), getCompiledTemplate('/cache/{a}'));
  });

  it('stays bounded and does not keep very long urls', () => {
    for (let index = 0; index < 1100; index++) getCompiledTemplate(`/bounded/${index}/{x}`);
    assert.ok(templateCacheSize() <= 1000);
    const long = '/' + 'a'.repeat(5000);
    assert.notEqual(getCompiledTemplate(long), getCompiledTemplate(long));
  });
});
