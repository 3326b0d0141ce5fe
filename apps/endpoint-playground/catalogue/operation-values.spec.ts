import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CatalogueParameter } from './catalogue';
import {
  fieldKind,
  missingRequired,
  objectFromText,
  textFromValue,
  valueFromText,
  withParameter,
} from './operation-values';

const parameter = (type: string, extra: Partial<CatalogueParameter> = {}): CatalogueParameter => ({
  name: 'p',
  in: 'body',
  required: false,
  type,
  description: '',
  ...extra,
});

describe(fieldKind.name, () => {
  it('edits each type with a fitting control', () => {
    const kinds = [
      'string',
      'string | integer',
      'integer',
      'number',
      'boolean',
      'string[]',
      'integer[]',
      'object',
      'object[]',
      '(string | object)[]',
      'any',
    ];
    assert.deepEqual(
      kinds.map((type) => fieldKind(parameter(type))),
      ['text', 'text', 'number', 'number', 'boolean', 'list', 'list', 'json', 'json', 'json', 'json'],
    );
    assert.equal(fieldKind(parameter('string', { enum: ['a', 'b'] })), 'choice');
    assert.equal(fieldKind(parameter('string[]', { enum: ['a', 'b'] })), 'list');
  });
});

describe(valueFromText.name, () => {
  it('gives typed JSON values, and nothing for an empty field', () => {
    assert.equal(valueFromText(parameter('string'), '  '), undefined);
    assert.deepEqual(valueFromText(parameter('string'), ' a b '), { value: ' a b ' });
    assert.deepEqual(valueFromText(parameter('integer'), '42'), { value: 42 });
    assert.deepEqual(valueFromText(parameter('number'), '-1.5e3'), { value: -1500 });
    assert.deepEqual(valueFromText(parameter('boolean'), 'false'), { value: false });
    assert.deepEqual(valueFromText(parameter('integer', { enum: [1, 2] }), '2'), { value: 2 });
    assert.deepEqual(valueFromText(parameter('string[]'), 'bug, help wanted'), {
      value: ['bug', 'help wanted'],
    });
    assert.deepEqual(valueFromText(parameter('integer[]'), '1,2'), { value: [1, 2] });
    assert.deepEqual(valueFromText(parameter('object'), '{"a": [1]}'), { value: { a: [1] } });
  });

  it('keeps text that does not fit the type, with the problem', () => {
    assert.deepEqual(valueFromText(parameter('integer'), '4x'), { value: '4x', problem: 'not a number' });
    assert.deepEqual(valueFromText(parameter('integer[]'), '1, x'), {
      value: ['1', 'x'],
      problem: 'not a list of numbers',
    });
    assert.deepEqual(valueFromText(parameter('object'), '{'), { value: '{', problem: 'not valid JSON' });
  });
});

describe(textFromValue.name, () => {
  it('shows a value as its field edits it, and round-trips the values valueFromText makes', () => {
    assert.equal(textFromValue(parameter('string'), undefined), '');
    assert.equal(textFromValue(parameter('string | integer'), 7), '7');
    assert.equal(textFromValue(parameter('boolean'), true), 'true');
    assert.equal(textFromValue(parameter('string[]'), ['a', 'b']), 'a, b');
    assert.equal(textFromValue(parameter('string[]'), [{ a: 1 }]), '[{"a":1}]');
    assert.equal(textFromValue(parameter('object'), { a: 1 }), '{"a":1}');
    assert.equal(textFromValue(parameter('string'), { a: 1 }), '{"a":1}');
    for (const [type, text] of [
      ['integer[]', '1, 2'],
      ['object', '{"a":1}'],
      ['integer', '3'],
    ]) {
      const field = parameter(type);
      assert.equal(textFromValue(field, valueFromText(field, text)?.value), text);
    }
  });
});

describe(objectFromText.name, () => {
  it('reads an object, an empty text as {}, and anything else as undefined', () => {
    assert.deepEqual(objectFromText('{"a": 1}'), { a: 1 });
    assert.deepEqual(objectFromText(' '), {});
    for (const text of ['[]', 'null', '1', '{']) assert.equal(objectFromText(text), undefined, text);
  });
});

describe(withParameter.name, () => {
  it('sets a key in place or last, removes it for no value, and leaves the input alone', () => {
    const input = Object.freeze({ a: 1, b: 2 });
    assert.deepEqual(Object.entries(withParameter(input, 'a', { value: 3 })), [
      ['a', 3],
      ['b', 2],
    ]);
    assert.deepEqual(Object.entries(withParameter(input, 'c', { value: 4 })), [
      ['a', 1],
      ['b', 2],
      ['c', 4],
    ]);
    assert.deepEqual(withParameter(input, 'a', undefined), { b: 2 });
  });
});

describe(missingRequired.name, () => {
  const owner = parameter('string', { name: 'owner', in: 'path', required: true });
  const title = parameter('string', { name: 'title', required: true });
  const body = parameter('string', { name: 'body' });

  it('names required parameters that neither Parameters nor Defaults give', () => {
    assert.deepEqual(missingRequired([owner, title, body], {}, {}), ['owner', 'title']);
    assert.deepEqual(missingRequired([owner, title, body], { title: '' }, { owner: 'o' }), []);
  });

  it('counts null and "" as missing for a path parameter only (its placeholder would be empty)', () => {
    assert.deepEqual(missingRequired([owner, title], { owner: '', title: null }, {}), ['owner']);
    assert.deepEqual(missingRequired([owner], { owner: null }, { owner: 'o' }), []);
  });
});
