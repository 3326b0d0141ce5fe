import type { EndpointOptions } from '@repo/endpoint';
import type { FormState } from './form-state';

export interface Example {
  readonly title: string;
  readonly route: string;
  readonly parameters?: EndpointOptions;
  readonly defaults?: EndpointOptions;
}

/** Starting points on the page, one per feature worth seeing (taken from the library's README). */
export const EXAMPLES: readonly Example[] = [
  {
    title: 'Get a repository',
    route: 'GET /repos/{owner}/{repo}',
    parameters: { owner: 'octokit', repo: 'endpoint.js' },
  },
  {
    title: 'List issues (query string)',
    route: 'GET /repos/{owner}/{repo}/issues',
    parameters: { owner: 'octokit', repo: 'endpoint.js', state: 'open', per_page: 5 },
  },
  {
    title: 'Update a repository (JSON body)',
    route: 'PATCH /repos/{owner}/{repo}',
    parameters: {
      owner: 'octokit',
      repo: 'endpoint.js',
      description: 'Turns REST API endpoints into request options',
    },
  },
  {
    title: 'Upload a release asset (data + query)',
    route: 'POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}',
    parameters: {
      owner: 'octokit',
      repo: 'endpoint.js',
      release_id: 1,
      name: 'notes.txt',
      label: 'Release notes',
      data: 'Hello, world!',
      headers: { 'content-type': 'text/plain' },
    },
  },
  {
    title: 'Enterprise server (defaults)',
    route: 'GET /orgs/{org}/repos',
    parameters: { type: 'private' },
    defaults: {
      baseUrl: 'https://github.acme-inc.com/api/v3',
      headers: { authorization: 'token 0000000000000000000000000000000000000001' },
      org: 'acme',
      per_page: 100,
    },
  },
];

/** An example as the form shows it: JSON fields pretty-printed, absent ones empty. */
export function exampleToFormState(example: Example): FormState {
  const json = (value: EndpointOptions | undefined) => (value ? JSON.stringify(value, null, 2) : '');
  return {
    route: example.route,
    parameters: json(example.parameters),
    defaults: json(example.defaults),
    operation: '',
  };
}
