// fast-check generators for endpoint inputs: routes and templates with every operator,
// explode, prefix, colon placeholders and odd braces; parameter values of every kind;
// headers, mediaType, request and defaults chains. Over 250 lines only because the formatter
// puts each constant of the value pools on its own line; it is one catalogue of generators.
import fc from 'fast-check';

const COMMON_NAMES = ['a', 'b', 'list', 'keys', 'owner'];
const NAMES = [
  'a',
  'b',
  'owner',
  'repo',
  'q',
  'data',
  'list',
  'keys',
  'org',
  'per_page',
  'ä',
  'a.b',
  'c-d',
  '',
  '1',
  '2',
  'toString',
  'x y',
];
const RESERVED_NAMES = ['method', 'url', 'baseUrl', 'request'];
const CHARS = [...'abZ09_-.~ /?#&=+:;,@!$%2F[]{}*\'()é|^"<>`\\previwh', 'ä', '😀', '%2F', '%a', '%41'];

export const text = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 10 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '-preview',
      'a-preview',
      'heads/',
      'https://h',
      'http',
      '/',
      'location:Jyväskylä',
      'a+b c',
      '',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('\uD800', 'x\uDC00', '😀😀') },
);

const scalar = fc.oneof(
  { weight: 5, arbitrary: text },
  { weight: 2, arbitrary: fc.integer({ min: -1000, max: 1_000_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(1.5, 0, -0, NaN, 1e21) },
  { weight: 1, arbitrary: fc.bigInt({ min: -100n, max: 10n ** 20n }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.constantFrom(null, undefined, '') },
  { weight: 1, arbitrary: text.map((value) => new String(value)) },
);

const item = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
);
const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...COMMON_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...NAMES, 'A', 'Z', '0') },
);

export const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(item, { maxLength: 4 }) },
  { weight: 2, arbitrary: fc.dictionary(key, item, { maxKeys: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(key, item, { maxKeys: 3 }).map((d) => Object.assign(Object.create(null), d)),
  },
  { weight: 1, arbitrary: fc.dictionary(key, fc.dictionary(key, item, { maxKeys: 2 }), { maxKeys: 2 }) },
  { weight: 1, arbitrary: fc.constant(new Date(0)) },
);

const operator = fc.constantFrom('', '', '+', '#', '.', '/', ';', '?', '&', '=', '@', '!', '|', ',');
const modifier = fc.constantFrom('', '', '', '*', ':0', ':1', ':3', ':x', ':12y', '*x', ':');
const variable = fc
  .tuple(fc.constantFrom(...NAMES, ...RESERVED_NAMES), modifier)
  .map(([name, mod]) => name + mod);
const expression = fc
  .tuple(operator, fc.array(variable, { minLength: 1, maxLength: 3 }), fc.constantFrom('', '', ' '))
  .map(([op, vars, pad]) => `{${pad}${op}${vars.join(',')}${pad}}`);
const literal = fc.oneof(
  fc.constantFrom(
    '/',
    '/x',
    '/repos',
    '/a b',
    '/%20',
    '/%a',
    '/%',
    '?',
    '?q=is:open',
    '#',
    '/é',
    '/[x]',
    '&',
    '/graphql',
    '/',
    ':8080',
    '/|',
  ),
  fc.string({ unit: fc.constantFrom(...'ab/?#&=:;,+$@!%2F- é'.split('')), maxLength: 6 }),
);
const colon = fc.constantFrom(':owner', ':repo', ':a', ':Repo', ':ab', ':foo.json', ':per_page', ':data');
const oddBrace = fc.constantFrom('{', '}', '{}', '{{', '}}', '{:ab}');
const start = fc.constantFrom(
  '',
  '',
  '/',
  'http://user:pass@h',
  'https://api.example.com/v3',
  'HTTPS://h',
  'httpfoo',
  '{+base}',
);

export const template = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        start,
        fc.array(
          fc.oneof(
            { weight: 3, arbitrary: literal },
            { weight: 3, arbitrary: expression },
            { weight: 1, arbitrary: colon },
            { weight: 1, arbitrary: oddBrace },
          ),
          { maxLength: 6 },
        ),
      )
      .map(([head, parts]) => head + parts.join('')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('/graphql', '/graphql{?x}', 'https://h/graphql', '/api/graphql', '', '/'),
  },
);

export const method = fc.constantFrom(
  'GET',
  'get',
  'POST',
  'put',
  'PATCH',
  'DELETE',
  'HEAD',
  'head',
  'FOO',
  'Options',
);

/** Method option values: names, a String object, or no string at all. */
const methodOption = fc.oneof(
  { weight: 8, arbitrary: method },
  { weight: 1, arbitrary: method.map((name) => new String(name)) },
  { weight: 1, arbitrary: fc.constantFrom(null, 1) },
);

const ACCEPTS = [
  'application/vnd.github.v3+json',
  'application/vnd.github+json',
  'application/vnd.github.v3.raw+json',
  'application/vnd.github.v3.html+json',
  'application/octet-stream',
  'Application/Octet-Stream',
  'application/json',
  'application/vnd.foo-preview,application/vnd.bar-preview',
  'text/html;charset=utf-8',
  ' application/vnd.github.foo+json',
  'application/vnd.github.v3+json; charset=utf-8',
  'x/a-b-preview,foo_bar-preview;y-preview.z,-preview,a.b-preview',
  'application/vnd.github.symmetra-preview+json',
  '',
];
const headerName = fc.constantFrom(
  'Accept',
  'accept',
  'ACCEPT',
  'Content-Type',
  'content-type',
  'X-Foo',
  'x-foo',
  'User-Agent',
  'authorization',
);
const headerValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ACCEPTS) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null, 14, ['a', 'b'], 'my-app/1.2.3') },
);
export const headers = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(headerName, headerValue, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null, 0, 'ab') },
);

const previews = fc.array(
  fc.constantFrom(
    'symmetra',
    'jean-grey-preview',
    'a-preview-preview',
    'b-previewc',
    '',
    'foo',
    'foo-preview',
    new String('x-preview'),
  ),
  { maxLength: 3 },
);
const mediaTypeRecord = fc.record(
  {
    format: fc.constantFrom('', 'raw', 'diff', 'text+json', '$&', '$1$$', 'sha', undefined),
    previews: fc.oneof(
      { weight: 6, arbitrary: previews },
      { weight: 1, arbitrary: fc.constantFrom('ab', '', [1], null) },
    ),
  },
  { requiredKeys: [] },
);
export const mediaType = fc.oneof(
  { weight: 8, arbitrary: mediaTypeRecord },
  { weight: 1, arbitrary: fc.constantFrom(null, 'x', 0) },
);

const request = fc.oneof(
  fc.dictionary(fc.constantFrom('timeout', 'agent', 'retries'), scalar, { maxKeys: 2 }),
  fc.constantFrom(null, 0, 'x', false),
);
const baseUrl = fc.constantFrom(
  'https://h/api/',
  'https://{host}/api',
  undefined,
  null,
  'http://x',
  'https://api.github.com',
);

/** Options: parameters plus optional special keys. */
export const options = fc
  .record(
    {
      params: fc.dictionary(key, value, { maxKeys: 5 }),
      headers,
      mediaType,
      request,
      baseUrl,
      data: value,
      method: methodOption,
      url: fc.oneof(
        { weight: 8, arbitrary: template },
        { weight: 1, arbitrary: template.map((value) => new String(value)) },
      ),
    },
    { requiredKeys: ['params'] },
  )
  .map(({ params, ...special }) => ({ ...params, ...special }) as Record<string, unknown>);

/** A route string, odd spacing included, or undefined. */
export const route = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(method, template).map(([m, t]) => `${m} ${t}`) },
  { weight: 2, arbitrary: template },
  { weight: 1, arbitrary: fc.tuple(method, template).map(([m, t]) => `${m}  ${t}`) },
  { weight: 1, arbitrary: fc.tuple(method, template).map(([m, t]) => `${m} ${t} extra`) },
);

/** Levels of endpoint.defaults(...): options objects or route strings. */
export const defaultsChain = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: options },
    { weight: 1, arbitrary: route },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ),
  { maxLength: 3 },
);
