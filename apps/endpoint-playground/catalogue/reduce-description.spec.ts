import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@repo/test-support';
import { type OpenApiDocument, reduceDescription } from './reduce-description';

const owner = {
  name: 'owner',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'The owner.',
};
const document: OpenApiDocument & { components: object } = {
  info: { version: '9.9.9' },
  components: {
    parameters: {
      owner,
      'per-page': { name: 'per_page', in: 'query', schema: { type: 'integer', default: 30 } },
    },
    schemas: {
      labels: { type: 'array', items: { type: 'string' }, description: 'See [labels](https://x/y).' },
    },
  },
  paths: {
    '/repos/{owner}/issues': {
      get: {
        summary: 'List issues',
        operationId: 'issues/list',
        externalDocs: { url: 'https://docs.github.com/rest/issues#list' },
        parameters: [
          { $ref: '#/components/parameters/owner' },
          {
            name: 'state',
            in: 'query',
            schema: { type: 'string', enum: ['open', 'closed'], default: 'open' },
          },
          { $ref: '#/components/parameters/per-page' },
          { name: 'x-trace', in: 'header', schema: { type: 'string' } },
        ],
      },
      post: {
        summary: 'Create an issue',
        operationId: 'issues/create',
        parameters: [{ $ref: '#/components/parameters/owner' }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['title'],
                properties: {
                  title: { oneOf: [{ type: 'string' }, { type: 'integer' }], description: 'The title.' },
                  labels: { $ref: '#/components/schemas/labels' },
                  open: { type: 'boolean' },
                },
              },
            },
          },
        },
      },
    },
    '/markdown/raw': {
      post: {
        operationId: 'markdown/render-raw',
        requestBody: { content: { 'text/plain': { schema: { type: 'string' } } } },
      },
    },
    '/repos/{owner}/assets': {
      post: {
        summary: 'Upload an asset',
        operationId: 'repos/upload-asset',
        servers: [{ url: 'https://uploads.example.com' }],
        parameters: [
          { $ref: '#/components/parameters/owner' },
          { name: 'name', in: 'query', required: true, schema: { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/octet-stream': { schema: { type: 'string' } } },
        },
      },
    },
  },
};

describe(reduceDescription.name, () => {
  const sut = reduceDescription(document);
  const operation = (id: string) => sut.operations.find((entry) => entry.operationId === id)!;
  const parametersOf = (id: string) => operation(id).parameters.map((index) => sut.parameters[index]);

  it('lists each operation once, sorted by route, with summary, id and documentation link', () => {
    assert.equal(sut.version, '9.9.9');
    assert.deepEqual(
      sut.operations.map(({ route, summary }) => [route, summary]),
      [
        ['GET /repos/{owner}/issues', 'List issues'],
        ['POST /markdown/raw', 'markdown/render-raw'],
        ['POST /repos/{owner}/issues', 'Create an issue'],
        ['POST https://uploads.example.com/repos/{owner}/assets{?name}', 'Upload an asset'],
      ],
    );
    assert.equal(operation('issues/list').docs, 'https://docs.github.com/rest/issues#list');
    assert.equal(operation('issues/create').docs, '');
  });

  it('keeps path and query parameters with type, enum, default and description; drops headers', () => {
    assert.deepEqual(parametersOf('issues/list'), [
      { name: 'owner', in: 'path', required: true, type: 'string', description: 'The owner.' },
      {
        name: 'state',
        in: 'query',
        required: false,
        type: 'string',
        description: '',
        enum: ['open', 'closed'],
        default: 'open',
      },
      { name: 'per_page', in: 'query', required: false, type: 'integer', description: '', default: 30 },
    ]);
  });

  it('turns a JSON object body into body parameters, refs and oneOf resolved', () => {
    assert.deepEqual(parametersOf('issues/create'), [
      { name: 'owner', in: 'path', required: true, type: 'string', description: 'The owner.' },
      { name: 'title', in: 'body', required: true, type: 'string | integer', description: 'The title.' },
      { name: 'labels', in: 'body', required: false, type: 'string[]', description: 'See labels.' },
      { name: 'open', in: 'body', required: false, type: 'boolean', description: '' },
    ]);
  });

  it('turns any other body into `data`, and declares the query of a POST in its url template', () => {
    assert.deepEqual(parametersOf('markdown/render-raw'), [
      {
        name: 'data',
        in: 'body',
        required: false,
        type: 'string',
        description: 'The request body as is (text/plain).',
      },
    ]);
    assert.deepEqual(
      parametersOf('repos/upload-asset').map(({ name, in: location, required }) => [
        name,
        location,
        required,
      ]),
      [
        ['owner', 'path', true],
        ['name', 'query', true],
        ['data', 'body', true],
      ],
    );
  });

  it('stores a parameter shared by operations once', () => {
    const owners = sut.parameters.filter((parameter) => parameter.name === 'owner');
    assert.equal(owners.length, 1);
    assert.equal(new Set(sut.operations.map((entry) => entry.parameters[0])).size, 2); // owner and data
  });
});

describe(`${reduceDescription.name} of GitHub's description (@octokit/openapi)`, () => {
  const root = repoRoot();
  const description = JSON.parse(
    readFileSync(join(root, 'node_modules/@octokit/openapi/generated/api.github.com.json'), 'utf8'),
  ) as OpenApiDocument;
  const sut = reduceDescription(description);

  it('has every operation, "Create an issue" among them', () => {
    assert.ok(sut.operations.length > 1000, `${sut.operations.length} operations`);
    const create = sut.operations.find((entry) => entry.summary === 'Create an issue');
    assert.equal(create?.route, 'POST /repos/{owner}/{repo}/issues');
    const names = create?.parameters.map((index) => sut.parameters[index].name);
    assert.deepEqual(names?.slice(0, 3), ['owner', 'repo', 'title']);
  });

  it("names each operation with a route of @octokit/types' route map (the library's typed routes)", () => {
    const declarations = readFileSync(
      join(root, 'node_modules/@octokit/types/dist-types/generated/Endpoints.d.ts'),
      'utf8',
    );
    const typedRoutes = new Set(
      [...declarations.matchAll(/^ {4}"([A-Z]+ [^"]+)": /gm)].map((match) => match[1]),
    );
    const untyped = sut.operations
      .map((entry) => entry.route.replace('https://uploads.github.com', '{origin}'))
      .filter((route) => !typedRoutes.has(route));
    assert.deepEqual(untyped, []);
  });
});
