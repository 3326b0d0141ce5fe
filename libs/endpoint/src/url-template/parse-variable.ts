import type { TemplateVariable } from './compiled-template';
import { NON_PARAMETER_KEYS } from '../non-parameter-keys';
import { encodeUnreserved } from './encode';

/**
 * One variable of an expression: `name`, `name:N` or `name*`. Like the reference's
 * unanchored pattern, anything after the modifier is ignored (`a:3x` is `a` cut to 3) and a
 * `:` without digits is no modifier at all (`a:x` is plain `a`).
 */
export function parseVariable(text: string): TemplateVariable {
  let nameEnd = 0;
  while (nameEnd < text.length && text[nameEnd] !== ':' && text[nameEnd] !== '*') nameEnd++;
  const name = text.slice(0, nameEnd);
  let digitsEnd = nameEnd + 1;
  while (digitsEnd < text.length && text[digitsEnd] >= '0' && text[digitsEnd] <= '9') digitsEnd++;
  const hasPrefix = text[nameEnd] === ':' && digitsEnd > nameEnd + 1;
  return {
    name,
    isParameter: !NON_PARAMETER_KEYS.has(name),
    prefixLength: hasPrefix ? parseInt(text.slice(nameEnd + 1, digitsEnd), 10) : undefined,
    explode: text[nameEnd] === '*',
    encodedName: tryEncodeName(name),
  };
}

function tryEncodeName(name: string): string | undefined {
  try {
    return encodeUnreserved(name);
  } catch {
    return undefined;
  }
}
