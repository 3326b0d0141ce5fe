import { fail } from './fail';
import { isPlainObject } from './is-plain-object';

type Options = Record<string, unknown>;

/**
 * Deep merge as the reference does it: a shallow copy of the defaults, then each
 * option key overwrites, except a plain-object value whose key exists in the defaults (`in`,
 * so inherited keys count), which is merged recursively. Plain objects without a default are
 * stored by reference; arrays are replaced. Inputs are never written to.
 * `dropUndefined` skips undefined option values (the reference removes them at the top level).
 * The `in` test needs an object default: the reference throws a TypeError there, so do we.
 */
export function mergeDeep(defaults: unknown, options: Options, dropUndefined?: boolean, path = ''): Options {
  const result: Options = Object.assign({}, defaults);
  for (const key of Object.keys(options)) {
    const value = options[key];
    if (value === undefined && dropUndefined) continue;
    result[key] =
      isPlainObject(value) &&
      (Object(defaults) === defaults
        ? key in (defaults as object)
        : fail(`Cannot merge "${path + key}" into a default that is no object`, defaults))
        ? mergeDeep((defaults as Options)[key], value, false, path + key + '.')
        : value;
  }
  return result;
}
