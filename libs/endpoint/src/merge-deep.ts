import { check } from './check';
import { isPlainObject } from './is-plain-object';

type Options = Record<string, unknown>;

/**
 * Deep merge as the reference does it: a shallow copy of the defaults, then each
 * option key overwrites, except a plain-object value whose key exists in the defaults (`in`,
 * so inherited keys count), which is merged recursively. Plain objects without a default are
 * stored by reference; arrays are replaced. Inputs are never written to.
 * `dropUndefined` skips undefined option values (the reference removes them at the top level).
 * Where the reference's `in` test throws (a default that is no object, merged with an object
 * holding an object) this throws `default <name> must be an object`.
 */
export function mergeDeep(defaults: unknown, options: Options, dropUndefined?: boolean): Options {
  const result: Options = Object.assign({}, defaults);
  for (const key of Object.keys(options)) {
    const value = options[key];
    if (value !== undefined || !dropUndefined)
      result[key] =
        isPlainObject(value) &&
        // `in` needs an object: the reference throws for a primitive or null default here.
        key in check(defaults as object, 'default of ' + key, 'an object', Object(defaults) === defaults)
          ? mergeDeep((defaults as Options)[key], value)
          : value;
  }
  return result;
}
