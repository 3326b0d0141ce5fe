import { findJsonSyntaxError } from './find-json-syntax-error';
import { InvalidJsonError } from './invalid-json-error';

/**
 * JSON.parse with an error message that names the input (`label`) and points at the line,
 * column and 0-based position of the first error, the same in every JavaScript engine.
 */
export function parseJsonText(text: string, label: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const found = findJsonSyntaxError(text);
    const where = found
      ? `${found.reason} at line ${found.line}, column ${found.column} (position ${found.position})`
      : error.message;
    throw new InvalidJsonError(`${label} is not valid JSON: ${where}`, { cause: error });
  }
}
