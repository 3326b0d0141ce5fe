// The reference @octokit/endpoint as a test oracle (devDependency, never shipped).
//
// The reference writes `mediaType.previews` into its shared DEFAULTS on every `/graphql` call,
// and even `defaults({})` shares the root's mediaType object. So that this quirk
// cannot leak from one case into the next, every comparison builds its own reference chain on
// top of `referenceRoot.defaults({ mediaType: { format: '' } })`: that level owns a fresh
// mediaType object equal to the root's, the root's own object is never reached, and nothing
// built for one case is used again.
import { endpoint as referenceRoot } from '@octokit/endpoint';
import { endpoint } from '../src/index';
import { DEFAULT_USER_AGENT } from '../src/defaults';

export type AnyEndpoint = {
  (route?: unknown, options?: unknown): Record<string, unknown>;
  DEFAULTS: Record<string, unknown>;
  defaults(options?: unknown): AnyEndpoint;
  merge(route?: unknown, options?: unknown): Record<string, unknown>;
  parse(options: unknown): Record<string, unknown>;
};

export const REFERENCE_USER_AGENT = String(referenceRoot.DEFAULTS.headers['user-agent']);

/** A fresh reference chain root (see above). */
export function freshReference(): AnyEndpoint {
  return referenceRoot.defaults({ mediaType: { format: '' } }) as unknown as AnyEndpoint;
}

export const ours = endpoint as unknown as AnyEndpoint;

export type Outcome =
  { readonly threw: false; readonly value: unknown } | { readonly threw: true; readonly error: string };

/** Runs fn; a thrown error becomes its class name (our messages name the input, docs/endpoint.md). */
export function outcome(fn: () => unknown): Outcome {
  try {
    return { threw: false, value: fn() };
  } catch (error) {
    return { threw: true, error: error instanceof Error ? error.constructor.name : typeof error };
  }
}

/**
 * The documented differences removed: the reference's method is uppercase where ours is
 * lowercase, and each default user-agent names its own package (docs/endpoint.md).
 */
export function normalise(result: Outcome, isParsed: boolean): Outcome {
  if (result.threw || typeof result.value !== 'object' || result.value === null) return result;
  const value = { ...(result.value as Record<string, unknown>) };
  if (isParsed && typeof value.method === 'string') value.method = value.method.toLowerCase();
  const headers = value.headers as Record<string, unknown> | undefined;
  if (
    headers &&
    (headers['user-agent'] === DEFAULT_USER_AGENT || headers['user-agent'] === REFERENCE_USER_AGENT)
  ) {
    value.headers = { ...headers, 'user-agent': '<default user-agent>' };
  }
  return { threw: false, value };
}
