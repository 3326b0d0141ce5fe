import { check } from './check';

type Options = Record<string, unknown>;

/**
 * Deep merge as the reference does it: a shallow copy of the defaults, then each
 * option key overwrites, except a plain-object value whose key exists in the defaults (`in`,
 * so inherited keys count), which is merged recursively. Plain objects without a default are
 * stored by reference; arrays are replaced. Inputs are never written to.
 * `dropUndefined` skips undefined option values (the reference removes them at the top level).
 * Where the reference's `in` test throws (a default that is no object, merged with an object
 * holding an object) this throws `default of <name> must be an object`.
 */
export function mergeDeep(defaults: unknown, options: Options, dropUndefined?: boolean): Options {
  const result: Options = Object.assign({}, defaults);
  let prototype: { constructor?: unknown } | null;
  let constructor: unknown;
  for (const key of Object.keys(options)) {
    const value = options[key];
    if (value !== undefined || !dropUndefined)
      result[key] =
        // Plain: `[object Object]`, with a null prototype or a prototype whose own `constructor`
        // is a function that is an instance of itself (any realm's `Object`; not user classes,
        // arrays, Dates, `Object.create({})`).
        {}.toString.call(value) == '[object Object]' &&
        (!(prototype = Object.getPrototypeOf(value) as typeof prototype) ||
          (Object.hasOwn(prototype, 'constructor') &&
            typeof (constructor = prototype.constructor) == 'function' &&
            constructor instanceof constructor)) &&
        // `in` needs an object: the reference throws for a primitive or null default here.
        key in check(defaults as object, 'default of ' + key, 'an object', Object(defaults) === defaults)
          ? mergeDeep((defaults as Options)[key], value as Options)
          : value;
  }
  return result;
}
