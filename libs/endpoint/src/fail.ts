// Checks of inputs the reference would crash on with an incidental message (`x.split is not a
// function`): ours throw `TypeError: <what>, got <kind>`, naming the input and what it must be.

export function fail(what: string, value: unknown): never {
  throw TypeError(
    `${what}, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
  );
}

/** The text of a string or of a String object (the reference calls string methods on either). */
export function requireString(value: unknown, what: string): string {
  return typeof value == 'string'
    ? value
    : value instanceof String
      ? String(value)
      : fail(what + ' must be a string', value);
}

/** `Object.prototype.propertyIsEnumerable`: an own, enumerable key (what `Object.keys` lists). */
export const isEnumerableOwn = Object.prototype.propertyIsEnumerable;
