import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compileTemplate } from './compile-template';
import { extractUsedNames } from './extract-used-names';
import { getCompiledTemplate, templateCacheSize } from './template-cache';

const sut = compileTemplate;

describe(compileTemplate.name, () => {
  it('pre-encodes literal text and keeps braces that are not expressions', () => {
    const compiled = sut('/a b/{x}/c}');
    assert.equal(compiled.parts.length, 3);
    assert.equal(compiled.parts[0], '/a%20b/');
    assert.equal(compiled.parts[2], '/c}');
    assert.equal(compiled.constantUrl, undefined);
  });

  it('parses operator, prefix and explode of each variable', () => {
    const [expression] = sut('{?a:3,b*,c:x,d:12y}').parts;
    assert.ok(typeof expression === 'object' && expression.kind === 'expression');
    assert.equal(expression.operatorChar, '?');
    assert.deepEqual(
      expression.variables.map(({ name, prefixLength, explode }) => [name, prefixLength, explode]),
      [
        ['a', 3, false],
        ['b', undefined, true],
        ['c', undefined, false],
        ['d', 12, false],
      ],
    );
  });

  it('marks reserved option keys as non-parameters', () => {
    const [expression] = sut('{url,org}').parts;
    assert.ok(typeof expression === 'object' && expression.kind === 'expression');
    assert.deepEqual(
      expression.variables.map((v) => v.isParameter),
      [false, true],
    );
  });

  it('computes the final url of a template without expressions once', () => {
    assert.equal(sut('/x/').constantUrl, '/x');
    assert.equal(sut('').constantUrl, '');
    assert.equal(sut('/a{b').constantUrl, '/a{b');
  });

  it('converts :name placeholders first', () => {
    assert.deepEqual([...sut('/repos/:owner/:repo/:a').usedNames], ['owner', 'repo']);
  });

  it('defers a URIError of a literal to the expansion', () => {
    const compiled = sut('/{a}\uD800');
    assert.equal(compiled.parts.length, 3);
    assert.deepEqual(compiled.parts[2], { kind: 'failing-literal', raw: '\uD800' });
    assert.equal(sut('\uD800').parts.length, 1);
    assert.deepEqual(sut('/x}\uD800').parts, ['/x}', { kind: 'failing-literal', raw: '\uD800' }]);
  });

  it('collects used names with the reference rules', () => {
    assert.deepEqual(
      [...sut('{?a,b}{/branch}{+path}{list*}{var:3}{a*,b}{=x}{ä}').usedNames],
      ['a', 'b', 'branch', 'path', 'list', 'var:3', 'a*', 'x', ''],
    );
  });
});

describe(extractUsedNames.name, () => {
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
      assert.deepEqual(extractUsedNames(body), names);
    });
  }
});

describe(getCompiledTemplate.name, () => {
  it('returns the same compiled object for the same url', () => {
    assert.equal(getCompiledTemplate('/cache/{a}'), getCompiledTemplate('/cache/{a}'));
  });

  it('stays bounded and does not keep very long urls', () => {
    for (let index = 0; index < 1100; index++) getCompiledTemplate(`/bounded/${index}/{x}`);
    assert.equal(templateCacheSize(), 1000);
    const long = '/' + 'a'.repeat(5000);
    assert.notEqual(getCompiledTemplate(long), getCompiledTemplate(long));
  });
});
