import type { CompiledTemplate, TemplateExpression, TemplatePart } from './compiled-template';
import { convertColonPlaceholders } from './convert-colon-placeholders';
import { encodeReserved } from './encode';
import { extractUsedNames } from './extract-used-names';
import { NO_OPERATOR, OPERATORS } from './operators';
import { parseVariable } from './parse-variable';

/**
 * Parses a url (after `:name` conversion) into literal text and `{expression}` groups in one
 * linear scan: a group is `{` + at least one character that is not a brace + `}`;
 * any other brace is copied through unchanged; literal runs are pre-encoded here once.
 */
export function compileTemplate(rawUrl: string): CompiledTemplate {
  const template = convertColonPlaceholders(rawUrl);
  const parts: TemplatePart[] = [];
  const usedNames = new Set<string>();
  let pending = '';
  let index = 0;
  while (index < template.length) {
    const char = template[index];
    const nextBrace = findBrace(template, index + 1);
    if (char === '{' && nextBrace > index + 1 && template[nextBrace] === '}') {
      const body = template.slice(index + 1, nextBrace);
      if (pending) parts.push(pending);
      pending = '';
      parts.push(compileExpression(body));
      for (const name of extractUsedNames(body)) usedNames.add(name);
      index = nextBrace + 1;
    } else if (char === '{' || char === '}') {
      pending += char;
      index++;
    } else {
      const literal = template.slice(index, nextBrace);
      try {
        pending += encodeReserved(literal);
      } catch {
        if (pending) parts.push(pending);
        pending = '';
        parts.push({ kind: 'failing-literal', raw: literal });
      }
      index = nextBrace;
    }
  }
  if (pending) parts.push(pending);
  return { parts, usedNames, constantUrl: constantUrlOf(parts) };
}

/** Index of the next `{` or `}` at or after `from`, or the length of the text. */
function findBrace(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (char === '{' || char === '}') return index;
  }
  return text.length;
}

function compileExpression(body: string): TemplateExpression {
  const operatorRule = OPERATORS.get(body[0]);
  const list = operatorRule ? body.slice(1) : body;
  return {
    kind: 'expression',
    operatorChar: operatorRule ? body[0] : '',
    rule: operatorRule ?? NO_OPERATOR,
    variables: list.split(',').map(parseVariable),
  };
}

function constantUrlOf(parts: readonly TemplatePart[]): string | undefined {
  if (parts.length === 0) return '';
  if (parts.length > 1 || typeof parts[0] !== 'string') return undefined;
  return removeTrailingSlash(parts[0]);
}

/** One trailing `/` goes, unless the whole url is exactly `/`. */
export function removeTrailingSlash(url: string): string {
  return url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
}
