const objectToString = Object.prototype.toString;
const hasOwn = Object.prototype.hasOwnProperty;

/**
 * "Plain" as the deep merge understands it: `[object Object]`, and a null
 * prototype or a prototype whose own `constructor` is a function that is an instance of itself
 * (true for any realm's `Object`, false for user classes, arrays, Dates, `Object.create({})`).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (objectToString.call(value) !== '[object Object]') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === null || prototype === Object.prototype) return true;
  if (!hasOwn.call(prototype, 'constructor')) return false;
  const constructor: unknown = (prototype as { constructor: unknown }).constructor;
  return typeof constructor === 'function' && constructor instanceof constructor;
}
