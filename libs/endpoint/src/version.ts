// Kept equal to libs/endpoint/package.json by version.spec.ts.
export const PACKAGE_NAME = '@repo/endpoint';
export const VERSION = '0.1.0';

/**
 * The package name as a user-agent product token. RFC 9110 section 10.1.5: `product = token ["/"
 * product-version]`, and `/` is not a token character, so `@repo/endpoint/0.1.0` would read as the
 * product `@repo` version `endpoint`, then garbage. The reference names `@octokit/endpoint`
 * `octokit-endpoint.js`; this package follows the same rule (scope and name joined by `-`, `.js`).
 */
export const USER_AGENT_PRODUCT = 'repo-endpoint.js';
