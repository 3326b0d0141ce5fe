import { checkJsonDepth } from './check-json-depth';
import { findJsonSyntaxError } from './find-json-syntax-error';
import { InvalidJsonError } from './invalid-json-error';

/**
 * JSON.parse with an error message that names the input (`label`) and points at the line,
 * column and 0-based position of the first error, the same in every JavaScript engine; input
 * nested deeper than MAX_JSON_DEPTH is refused the same way (check-json-depth.ts).
 */
export function parseJsonText(text: string, label: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const found = findJsonSyntaxError(text);
    const where = found
      ? `${found.reason} at line ${found.line}, column ${found.column} (position ${found.position})`
      : error.message;
    throw new InvalidJsonError(`${label} is not valid JSON: ${where}`, { cause: error });
  }
  checkJsonDepth(value, label);
  return value;
}
