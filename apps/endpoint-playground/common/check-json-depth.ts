import { InvalidJsonError } from './invalid-json-error';

/**
 * The most levels of objects and arrays a JSON input may nest. Request options nest a few levels
 * (`mediaType.previews`, a body's data); the library and the answer's serialization recurse once
 * per level, so 50,000 levels overflowed the stack (a 500). JSON.parse itself does not recurse.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Throws InvalidJsonError (a 400) when `value` nests objects and arrays more than MAX_JSON_DEPTH
 * deep. Walks with its own stack, so the check cannot overflow the one it protects.
 */
export function checkJsonDepth(value: unknown, label: string): void {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop() as number;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_JSON_DEPTH) {
      throw new InvalidJsonError(
        `${label} nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep; ${MAX_JSON_DEPTH} is the most the playground takes`,
      );
    }
    for (const child of Object.values(current)) {
      values.push(child);
      depths.push(depth + 1);
    }
  }
}
