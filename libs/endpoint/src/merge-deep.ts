import { isPlainObject } from './is-plain-object';

type Options = Record<string, unknown>;

/**
 * Deep merge as the reference does it: a shallow copy of the defaults, then each
 * option key overwrites, except a plain-object value whose key exists in the defaults (`in`,
 * so inherited keys count), which is merged recursively. Plain objects without a default are
 * stored by reference; arrays are replaced. Inputs are never written to.
 * `dropUndefined` skips undefined option values (the reference removes them at the top level).
 * The `in` test throws a TypeError for a default that is no object, as in the reference.
 */
export function mergeDeep(defaults: unknown, options: Options, dropUndefined?: boolean): Options {
  const result: Options = Object.assign({}, defaults);
  for (const key of Object.keys(options)) {
    const value = options[key];
    if (value !== undefined || !dropUndefined)
      result[key] =
        isPlainObject(value) && key in (defaults as object)
          ? mergeDeep((defaults as Options)[key], value)
          : value;
  }
  return result;
}
