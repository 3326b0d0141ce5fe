// POST /api/endpoint with input nested far deeper than request options ever are: a 400 with the
// reason, where 50,000 levels of `parameters` used to overflow the stack (a 500), and the
// playground keeps answering.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startPlayground, type RunningPlayground } from './support/start-playground';

const LEVELS = 50_000;

describe('POST /api/endpoint with deeply nested input', () => {
  let playground: RunningPlayground;
  before(async () => (playground = await startPlayground()));
  after(async () => await playground?.app.close());

  const post = async (body: string) => {
    const answer = await fetch(`${playground.baseUrl}/api/endpoint`, { method: 'POST', body });
    return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
  };

  it(`${LEVELS} levels of parameters: 400 with the reason; 64 levels are taken`, async () => {
    const deep = '{"a":'.repeat(LEVELS) + '1' + '}'.repeat(LEVELS);
    const answer = await post(`{"route":"GET /users/{username}","parameters":${deep}}`);
    assert.deepEqual(answer, {
      status: 400,
      json: {
        statusCode: 400,
        error: 'Bad Request',
        message:
          'The request body nests objects and arrays more than 64 levels deep; 64 is the most the playground takes',
      },
    });
    const arrays = await post(
      `{"route":"GET /","parameters":{"data":${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}}}`,
    );
    assert.equal(arrays.status, 400);
    const within = '{"a":'.repeat(62) + '1' + '}'.repeat(62);
    const ok = await post(`{"route":"POST /markdown","parameters":{"data":${within}}}`);
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
  });

  it('answers as before afterwards', async () => {
    const answer = await post('{"route":"GET /users/{username}","parameters":{"username":"octocat"}}');
    assert.deepEqual([answer.status, answer.json.url], [200, 'https://api.github.com/users/octocat']);
  });
});
