import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePlaygroundInput } from './parse-playground-input';
import { PlaygroundInputError } from './playground-input-error';

describe(parsePlaygroundInput.name, () => {
  it('takes route, parameters and defaults, each optional', () => {
    const body = { route: 'GET /x', parameters: { a: 1 }, defaults: { baseUrl: 'https://h' } };
    assert.deepEqual(parsePlaygroundInput(body), body);
    assert.deepEqual(parsePlaygroundInput({}), {
      route: undefined,
      parameters: undefined,
      defaults: undefined,
    });
  });

  const rejected: [string, unknown, string][] = [
    [
      'an array body',
      [],
      'The request body must be a JSON object {"route", "parameters", "defaults"}, got an array',
    ],
    [
      'a null body',
      null,
      'The request body must be a JSON object {"route", "parameters", "defaults"}, got null',
    ],
    [
      'a string body',
      'GET /x',
      'The request body must be a JSON object {"route", "parameters", "defaults"}, got a string',
    ],
    [
      'unknown fields',
      { route: '/x', params: {}, x: 1 },
      'Unknown field "params", "x": expected "route", "parameters" or "defaults"',
    ],
    [
      'a non-string route',
      { route: 1 },
      '"route" must be a string such as "GET /repos/{owner}/{repo}", got a number',
    ],
    [
      'a null route',
      { route: null },
      '"route" must be a string such as "GET /repos/{owner}/{repo}", got null',
    ],
    ['array parameters', { parameters: [1] }, '"parameters" must be a JSON object, got an array'],
    ['string parameters', { parameters: 'a=1' }, '"parameters" must be a JSON object, got a string'],
    ['null defaults', { defaults: null }, '"defaults" must be a JSON object, got null'],
  ];
  for (const [what, body, message] of rejected) {
    it(`rejects ${what}`, () => {
      assert.throws(() => parsePlaygroundInput(body), new PlaygroundInputError(message));
    });
  }
});
