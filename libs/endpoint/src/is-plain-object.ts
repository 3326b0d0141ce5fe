/**
 * "Plain" as the deep merge understands it: `[object Object]`, and a null
 * prototype or a prototype whose own `constructor` is a function that is an instance of itself
 * (true for any realm's `Object`, false for user classes, arrays, Dates, `Object.create({})`).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  let prototype: { constructor?: unknown } | null;
  let constructor: unknown;
  return (
    typeof value == 'object' &&
    {}.toString.call(value) == '[object Object]' &&
    (!(prototype = Object.getPrototypeOf(value) as typeof prototype) ||
      (Object.hasOwn(prototype, 'constructor') &&
        typeof (constructor = prototype.constructor) == 'function' &&
        constructor instanceof constructor))
  );
}
