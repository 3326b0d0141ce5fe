import { isPlainObject } from './is-plain-object';

type Options = Record<string, unknown>;

/**
 * Deep merge as the reference does it: a shallow copy of the defaults, then each
 * option key overwrites, except a plain-object value whose key exists in the defaults (`in`,
 * so inherited keys count), which is merged recursively. Plain objects without a default are
 * stored by reference; arrays are replaced. Inputs are never written to.
 * `dropUndefined` skips undefined option values (the reference removes them at the top level).
 */
export function mergeDeep(defaults: unknown, options: Options, dropUndefined = false, path = '') {
  const result: Options = Object.assign({}, defaults);
  for (const key of Object.keys(options)) {
    const value = options[key];
    if (value === undefined && dropUndefined) continue;
    if (isPlainObject(value) && hasDefault(defaults, key, path)) {
      result[key] = mergeDeep((defaults as Options)[key], value, false, path + key + '.');
    } else {
      result[key] = value;
    }
  }
  return result;
}

/** The `in` test; the reference throws a TypeError when the default is not an object. */
function hasDefault(defaults: unknown, key: string, path: string): boolean {
  if ((typeof defaults === 'object' && defaults !== null) || typeof defaults === 'function') {
    return key in defaults;
  }
  throw new TypeError(
    `Cannot merge the object option "${path}${key}": the default "${path.slice(0, -1)}" is ` +
      `${defaults === null ? 'null' : `a ${typeof defaults}`}, not an object`,
  );
}
