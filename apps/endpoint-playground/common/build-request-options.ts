import type { RequestOptions } from '@repo/endpoint';
import type { PlaygroundInput } from './parse-playground-input';
import { playgroundEndpoint } from './playground-endpoint';
import { PlaygroundInputError } from './playground-input-error';

/**
 * `endpoint.defaults(defaults)(route, parameters)` on top of the fixed playground user-agent:
 * the one computation behind both the page and POST /api/endpoint, so they cannot drift apart.
 * Without a route the parameters are the whole options (`endpoint(options)`), because the
 * library ignores its second argument when the first is not a string.
 * The library's TypeError and URIError mean "bad input" (it throws them for input it rejects)
 * and become PlaygroundInputError; anything else is a bug and propagates.
 */
export function buildRequestOptions(input: PlaygroundInput): RequestOptions {
  try {
    const withDefaults = playgroundEndpoint.defaults(input.defaults ?? {});
    const parameters = input.parameters ?? {};
    return input.route === undefined ? withDefaults(parameters) : withDefaults(input.route, parameters);
  } catch (error) {
    if (error instanceof TypeError || error instanceof URIError) {
      throw new PlaygroundInputError(`endpoint() threw ${error.name}: ${error.message}`, { cause: error });
    }
    throw error;
  }
}
