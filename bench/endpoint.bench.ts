// `npm run bench` (or `node scripts/bench.mjs endpoint`): calls per CPU-second of @repo/endpoint
// and of the reference @octokit/endpoint on the same mix of typical calls, in one process, in
// alternating rounds (so both see the same machine load); prints both rates and the ratio, then
// what each costs a web page: its browser bundle (esbuild, minified) raw and gzipped.
import { join } from 'node:path';
import { endpoint } from '@repo/endpoint';
import { endpoint as referenceEndpoint } from '@octokit/endpoint';
import { browserBundleSize, repoRoot } from '@repo/test-support';

type Call = (fn: EndpointLike) => unknown;
type EndpointLike = (route: string, options?: Record<string, unknown>) => unknown;
interface Implementation {
  readonly name: string;
  readonly root: EndpointLike;
  readonly chained: EndpointLike;
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const MIX_REPEATS_PER_ROUND = Number(process.env.BENCH_REPEATS ?? 4000);

const GHE = 'https://github-enterprise.acme-inc.com/api/v3';
const chainDefaults = {
  baseUrl: GHE,
  headers: { 'user-agent': 'myApp/1.2.3', authorization: 'token 0000000000000000000000000000000000000001' },
  org: 'my-project',
  per_page: 100,
};

/** The examples of docs/endpoint.md, a defaults chain, templates with query, body, format and graphql previews. */
const mix: Call[] = [
  (e) => e('GET /orgs/{org}/repos', { org: 'octokit', type: 'private' }),
  (e) =>
    e('POST /repos/{owner}/{repo}/issues', {
      owner: 'octocat',
      repo: 'hello-world',
      headers: { accept: 'text/html;charset=utf-8' },
      title: 'Found a bug',
      body: "I'm having a problem with this.",
      assignees: ['octocat'],
      milestone: 1,
      labels: ['bug'],
    }),
  (e) =>
    e('POST {+upload_url}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}', {
      upload_url: 'https://uploads.github.com',
      owner: 'octocat',
      repo: 'hello-world',
      release_id: 123,
      name: 'example.zip',
      label: 'short description',
      headers: { 'content-type': 'text/plain', 'content-length': 14 },
      data: 'Hello, world!',
    }),
  (e) =>
    e('GET /repos/:owner/:repo/contents/:path', {
      owner: 'o',
      repo: 'r',
      path: 'path/to/file.txt',
      ref: 'main',
    }),
  (e) =>
    e('GET /repos/{owner}/{repo}/contents/{path}', {
      owner: 'o',
      repo: 'r',
      path: 'a.md',
      mediaType: { format: 'raw' },
    }),
  (e) => e('GET /search/issues', { q: 'repo:octokit/endpoint.js is:open+label:bug', per_page: 10 }),
  (e) => e('POST /graphql', { query: '{ viewer { login } }', mediaType: { previews: ['symmetra'] } }),
  (e) => e('PATCH /repos/{owner}/{repo}', { owner: 'o', repo: 'r', description: 'new' }),
  (e) =>
    e('DELETE /repos/{owner}/{repo}/issues/{issue_number}/lock', { owner: 'o', repo: 'r', issue_number: 7 }),
  (e) => e('GET /'),
];

function runMix(implementation: Implementation, repeats: number): number {
  let sink = 0;
  for (let repeat = 0; repeat < repeats; repeat++) {
    for (const call of mix) sink += call(implementation.root) ? 1 : 0;
    sink += implementation.chained('GET /orgs/{org}/repos', { type: 'private' }) ? 1 : 0;
  }
  return sink;
}

/** Calls per CPU-second of this process: steadier than wall time on a machine shared with other work. */
function callsPerSecond(implementation: Implementation): number {
  const start = process.cpuUsage();
  const calls = runMix(implementation, MIX_REPEATS_PER_ROUND);
  const { user, system } = process.cpuUsage(start);
  return calls / ((user + system) / 1e6);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function printSizes(): Promise<void> {
  const root = repoRoot();
  const sizes = [
    ['@repo/endpoint', await browserBundleSize(join(root, 'libs/endpoint/src/index.ts'), root)],
    ['@octokit/endpoint', await browserBundleSize('@octokit/endpoint', root)],
  ] as const;
  const format = (bytes: number) => bytes.toLocaleString('en-US');
  console.log('browser bundle (esbuild, minified; gzipped):');
  for (const [name, size] of sizes) {
    console.log(`  ${name}: ${format(size.minifiedBytes)} B; ${format(size.gzippedBytes)} B gzipped`);
  }
  const ratio = sizes[0][1].gzippedBytes / sizes[1][1].gzippedBytes;
  console.log(`  gzipped size ratio: ${ratio.toFixed(2)} (goal <= 1.00)`);
}

async function main(): Promise<void> {
  const implementations: Implementation[] = [
    { name: '@repo/endpoint', root: endpoint, chained: endpoint.defaults(chainDefaults) },
    {
      name: '@octokit/endpoint',
      root: referenceEndpoint as unknown as EndpointLike,
      chained: referenceEndpoint.defaults(chainDefaults) as unknown as EndpointLike,
    },
  ];
  for (const implementation of implementations) runMix(implementation, 500); // warm-up
  const rates = implementations.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    implementations.forEach((implementation, index) => rates[index].push(callsPerSecond(implementation)));
  }
  const [ours, reference] = rates.map(median);
  const format = (rate: number) => Math.round(rate).toLocaleString('en-US');
  console.log(
    `endpoint bench: ${mix.length + 1} typical calls per mix, ${ROUNDS} alternating rounds, median`,
  );
  console.log(`  ${implementations[0].name}: ${format(ours)} calls per CPU-second`);
  console.log(`  ${implementations[1].name}: ${format(reference)} calls per CPU-second`);
  console.log(`  ratio: ${(ours / reference).toFixed(2)}x (goal >= 3.00)`);
  await printSizes();
}

void main();
