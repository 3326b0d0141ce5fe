import type { EndpointOptions } from '@repo/endpoint';
import { PlaygroundInputError } from './playground-input-error';

/** What the page sends (conceptually) and what POST /api/endpoint takes. */
export interface PlaygroundInput {
  readonly route?: string;
  readonly parameters?: EndpointOptions;
  readonly defaults?: EndpointOptions;
}

const FIELDS = ['route', 'parameters', 'defaults'];

/** `an array`, `null`, `a number`: what a value is, for error messages. */
function describeJsonValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function optionsField(body: Record<string, unknown>, name: string): EndpointOptions | undefined {
  const value = body[name];
  if (value === undefined || isObject(value)) return value;
  throw new PlaygroundInputError(`"${name}" must be a JSON object, got ${describeJsonValue(value)}`);
}

/**
 * Checks the shape `{route?: string, parameters?: object, defaults?: object}` of parsed JSON.
 * Unknown fields are rejected so that a typo (`params`) is not silently ignored.
 */
export function parsePlaygroundInput(body: unknown): PlaygroundInput {
  if (!isObject(body)) {
    throw new PlaygroundInputError(
      `The request body must be a JSON object {"route", "parameters", "defaults"}, got ${describeJsonValue(body)}`,
    );
  }
  const unknown = Object.keys(body).filter((key) => !FIELDS.includes(key));
  if (unknown.length > 0) {
    const names = unknown.map((key) => JSON.stringify(key)).join(', ');
    throw new PlaygroundInputError(`Unknown field ${names}: expected "route", "parameters" or "defaults"`);
  }
  const { route } = body;
  if (route !== undefined && typeof route !== 'string') {
    throw new PlaygroundInputError(
      `"route" must be a string such as "GET /repos/{owner}/{repo}", got ${describeJsonValue(route)}`,
    );
  }
  return { route, parameters: optionsField(body, 'parameters'), defaults: optionsField(body, 'defaults') };
}
