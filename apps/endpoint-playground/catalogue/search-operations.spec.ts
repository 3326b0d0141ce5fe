import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CatalogueOperation } from './catalogue';
import { createOperationSearch } from './search-operations';

const operation = (route: string, summary: string, operationId: string): CatalogueOperation => ({
  route,
  summary,
  operationId,
  docs: '',
  parameters: [],
});
const OPERATIONS = [
  operation('GET /repos/{owner}/{repo}/issues', 'List repository issues', 'issues/list-for-repo'),
  operation('POST /repos/{owner}/{repo}/issues', 'Create an issue', 'issues/create'),
  operation(
    'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
    'Create an issue comment',
    'issues/create-comment',
  ),
  operation('GET /repos/{owner}/{repo}', 'Get a repository', 'repos/get'),
];

describe(createOperationSearch.name, () => {
  const sut = createOperationSearch(OPERATIONS);
  const summaries = (query: string, limit = 10) => sut(query, limit).operations.map((entry) => entry.summary);

  it('matches words of the summary in any order and any case', () => {
    assert.deepEqual(summaries('issue CREATE'), ['Create an issue', 'Create an issue comment']);
  });

  it('puts the exact summary first, then summaries that start with the query; ties keep the catalogue order', () => {
    assert.deepEqual(summaries('create an issue'), ['Create an issue', 'Create an issue comment']);
    assert.deepEqual(summaries('create an issue c'), ['Create an issue comment', 'Create an issue']);
    assert.deepEqual(summaries('issue'), [
      'List repository issues',
      'Create an issue',
      'Create an issue comment',
    ]);
  });

  it('matches the path (slashes and braces separate words) and the operation id', () => {
    assert.deepEqual(summaries('/repos/{owner}/{repo}/issues post'), [
      'Create an issue',
      'Create an issue comment',
    ]);
    assert.deepEqual(summaries('issues/create-comment'), ['Create an issue comment']);
    assert.deepEqual(summaries('repos/get'), ['Get a repository', 'List repository issues']);
  });

  it('counts every match but returns at most `limit`; an empty query finds nothing', () => {
    assert.deepEqual(sut('repo', 2).count, 4);
    assert.equal(sut('repo', 2).operations.length, 2);
    assert.deepEqual(sut('  ', 10), { count: 0, operations: [] });
    assert.deepEqual(summaries('no such thing'), []);
  });
});
