import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findTemplatePlaceholders } from './find-template-placeholders';

describe(findTemplatePlaceholders.name, () => {
  it('lists {name} and :name placeholders in order', () => {
    assert.deepEqual(findTemplatePlaceholders('/repos/{owner}/:repo/issues'), [
      { name: 'owner', operator: '' },
      { name: 'repo', operator: '' },
    ]);
  });

  it('keeps the operator and drops the :N and * modifiers', () => {
    assert.deepEqual(findTemplatePlaceholders('{+path}{/a*,b:3}{?q,per_page}{#frag}'), [
      { name: 'path', operator: '+' },
      { name: 'a', operator: '/' },
      { name: 'b', operator: '/' },
      { name: 'q', operator: '?' },
      { name: 'per_page', operator: '?' },
      { name: 'frag', operator: '#' },
    ]);
  });

  it('follows the library: one-letter, capitalised and numeric colon words are text, unbalanced braces too', () => {
    assert.deepEqual(findTemplatePlaceholders('http://h:8080/:a/:Repo/{x/{}'), []);
  });
});
