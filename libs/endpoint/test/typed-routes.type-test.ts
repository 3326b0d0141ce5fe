// What a TypeScript user of @repo/endpoint sees. Every wrong line carries `@ts-expect-error`
// followed by a fragment of the error it must produce; every other line must compile.
// Checked twice: by `npm run typecheck` against the sources, and by typed-declarations.spec.ts
// against the built package's declarations in consumer projects (node16, nodenext, bundler),
// where each marked line is also compiled without its directive to check the error's text.
// Never run: it only has to compile.
import { endpoint, type KnownRoute, type RequestOptions, type RouteParameters } from '@repo/endpoint';

// A known route: its parameters are checked.
const repo = endpoint('GET /repos/{owner}/{repo}', { owner: 'octokit', repo: 'endpoint.js' });
const lowercase: 'get' = repo.method;
const url: string = repo.url;
// @ts-expect-error is not assignable to type '"GET"'
const uppercase: 'GET' = repo.method;

// @ts-expect-error 'ownr' does not exist
endpoint('GET /repos/{owner}/{repo}', { ownr: 'octokit', repo: 'endpoint.js' });
// @ts-expect-error Type 'number' is not assignable to type 'string'
endpoint('GET /repos/{owner}/{repo}', { owner: 1, repo: 'endpoint.js' });
// @ts-expect-error Property 'owner' is missing
endpoint('GET /repos/{owner}/{repo}', { repo: 'endpoint.js' });
// @ts-expect-error Expected 2 arguments, but got 1
endpoint('GET /repos/{owner}/{repo}');
// @ts-expect-error '"opne"' is not assignable
endpoint('GET /repos/{owner}/{repo}/issues', { owner: 'o', repo: 'r', state: 'opne' });
// @ts-expect-error Property 'title' is missing
endpoint('POST /repos/{owner}/{repo}/issues', { owner: 'o', repo: 'r', body: 'no title' });
// @ts-expect-error 'method' does not exist
endpoint('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r', method: 'DELETE' });

const issue = endpoint('POST /repos/{owner}/{repo}/issues', {
  owner: 'octokit',
  repo: 'endpoint.js',
  title: 'Typed',
  labels: ['bug'],
  headers: { authorization: 'token 0000' },
  mediaType: { format: 'raw' },
  request: { timeout: 1000 },
});
const post: 'post' = issue.method;
const body: unknown = issue.body;

// A route with no required parameter may be called without parameters.
const meta: RequestOptions<'GET'> = endpoint('GET /meta');

// Any other route is free-form, as with @octokit/endpoint.
endpoint('GET /not/github/{anything}', { anything: 1, per_page: 5, whatever: { nested: true } });
endpoint('GET /repos/:owner/:repo', { owner: 'colon style is not in the map' });
const dynamicRoute: string = 'GET /repos/{owner}/{repo}';
endpoint(dynamicRoute, { ownr: 'a string-typed route is free-form' });
endpoint({ method: 'GET', url: '/repos/{owner}/{repo}', owner: 'o', repo: 'r' });
endpoint();
const freeForm: string = endpoint('PATCH /not/github').method;

// defaults() supplies parameters for every call of the chain.
const octokitRepos = endpoint.defaults({ owner: 'octokit', per_page: 100 });
octokitRepos('GET /repos/{owner}/{repo}', { repo: 'endpoint.js' });
// @ts-expect-error Property 'repo' is missing
octokitRepos('GET /repos/{owner}/{repo}', {});
// @ts-expect-error Expected 2 arguments, but got 1
octokitRepos('GET /repos/{owner}/{repo}');
const endpointRepo = octokitRepos.defaults({ repo: 'endpoint.js' });
endpointRepo('GET /repos/{owner}/{repo}');
endpointRepo('GET /repos/{owner}/{repo}/issues', { state: 'closed' });
// @ts-expect-error 'sate' does not exist
endpointRepo('GET /repos/{owner}/{repo}/issues', { sate: 'closed' });
const orgFromDefaults: string = endpointRepo.DEFAULTS.owner;
const perPage: number = endpointRepo.DEFAULTS.per_page;

// defaults() with nothing, and merge() with nothing, add nothing.
endpoint.defaults()('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r' });
// @ts-expect-error Property 'owner' is missing
endpoint.defaults()('GET /repos/{owner}/{repo}', { repo: 'r' });
const rootBaseUrl: string = endpoint.merge().baseUrl;

// A default that may be undefined supplies nothing (merge drops undefined values).
declare const maybeOwner: string | undefined;
// @ts-expect-error Property 'owner' is missing
endpoint.defaults({ owner: maybeOwner })('GET /repos/{owner}/{repo}', { repo: 'r' });

// merge() and parse() keep the route's types through the chain.
const merged = endpointRepo.merge('PATCH /repos/{owner}/{repo}', { description: 'Typed' });
const mergedMethod: 'PATCH' = merged.method;
const mergedUrl: '/repos/{owner}/{repo}' = merged.url;
const mergedOwner: string = merged.owner;
const parsed = endpointRepo.parse(merged);
const parsedMethod: 'patch' = parsed.method;
// @ts-expect-error is not assignable to type '"PATCH"'
const notUppercase: 'PATCH' = parsed.method;
// @ts-expect-error 'homepag' does not exist
endpointRepo.merge('PATCH /repos/{owner}/{repo}', { homepag: 'https://example.com' });
const handMade = endpoint.parse({
  method: 'DELETE',
  url: '/x',
  baseUrl: 'https://api.github.com',
  headers: {},
  mediaType: {},
});
const handMadeMethod: 'delete' = handMade.method;

// A route string in defaults() is free-form; the call may then leave the route out.
const createIssue = endpoint.defaults('POST /repos/{owner}/{repo}/issues');
const created: string = createIssue({ owner: 'o', repo: 'r', title: 't' }).method;
createIssue();

// The map's types are there for a user's own helpers.
const route: KnownRoute = 'GET /repos/{owner}/{repo}/pulls';
const pulls: RouteParameters<'GET /repos/{owner}/{repo}/pulls'> = { owner: 'o', repo: 'r', state: 'open' };

export const results = [lowercase, url, uppercase, post, body, meta, freeForm, orgFromDefaults, perPage];
export const chain = [mergedMethod, mergedUrl, mergedOwner, parsedMethod, notUppercase, handMadeMethod];
export const more = [created, route, pulls, rootBaseUrl];
