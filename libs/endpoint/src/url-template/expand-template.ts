import type { CompiledTemplate, TemplateExpression, TemplateVariable } from './compiled-template';
import { removeTrailingSlash } from './compile-template';
import { asString } from '../as-string';
import { encodeReserved, encodeUnreserved } from './encode';

type Parameters = Readonly<Record<string, unknown>>;

const isEnumerableOwn = Object.prototype.propertyIsEnumerable;

/**
 * Expands a compiled template with the parameters (the merged options; reserved keys such as
 * `url` never count). Reproduces every deviation of the reference from RFC 6570.
 */
export function expandTemplate(template: CompiledTemplate, parameters: Parameters): string {
  if (template.constantUrl !== undefined) return template.constantUrl;
  let url = '';
  for (const part of template.parts) {
    if (typeof part === 'string') url += part;
    else if (part.kind === 'expression') url += expandExpression(part, parameters);
    else url += encodeReserved(part.raw); // throws the URIError of that literal
  }
  return removeTrailingSlash(url);
}

/** The operator's lead is written even when every variable is missing. */
function expandExpression(expression: TemplateExpression, parameters: Parameters): string {
  const { variables, rule } = expression;
  let output = rule.lead + expandVariable(expression, variables[0], parameters);
  for (let index = 1; index < variables.length; index++) {
    output += rule.separator + expandVariable(expression, variables[index], parameters);
  }
  return output;
}

function lookUp(parameters: Parameters, variable: TemplateVariable): unknown {
  return variable.isParameter && isEnumerableOwn.call(parameters, variable.name)
    ? parameters[variable.name]
    : undefined;
}

function expandVariable(
  expression: TemplateExpression,
  variable: TemplateVariable,
  parameters: Parameters,
): string {
  const value = lookUp(parameters, variable);
  if (value === undefined || value === null || value === '') {
    return expandMissing(expression, variable, value);
  }
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'bigint':
    case 'boolean':
      return expandScalar(expression, variable, String(value));
    default:
      return variable.explode
        ? expandExploded(expression, variable, value as object)
        : expandJoined(expression, variable, value as object);
  }
}

/** undefined/null give nothing; "" gives `k` for `;`, `k=` for `?`/`&`, nothing otherwise. */
function expandMissing(expression: TemplateExpression, variable: TemplateVariable, value: unknown) {
  if (value !== '') return '';
  const operator = expression.operatorChar;
  if (operator === ';') return encodedName(variable);
  return operator === '?' || operator === '&' ? encodedName(variable) + '=' : '';
}

function expandScalar(expression: TemplateExpression, variable: TemplateVariable, text: string) {
  const cut = variable.prefixLength === undefined ? text : text.substring(0, variable.prefixLength);
  const encoded = expression.rule.reserved ? encodeReserved(cut) : encodeUnreserved(cut);
  return expression.rule.named && variable.name ? encodedName(variable) + '=' + encoded : encoded;
}

/** `*`: items (or `key=value` pairs) joined with `,` whatever the operator. */
function expandExploded(expression: TemplateExpression, variable: TemplateVariable, value: object) {
  const items: string[] = [];
  if (Array.isArray(value)) {
    const isNamed = expression.rule.named && variable.name !== '';
    for (const item of value) {
      if (item === undefined || item === null) continue;
      const encoded = encodeItem(expression, variable, item);
      items.push(isNamed ? encodedName(variable) + '=' + encoded : encoded);
    }
  } else {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      if (item === undefined || item === null) continue;
      const encoded = encodeItem(expression, variable, item);
      items.push(key ? encodeUnreserved(key) + '=' + encoded : encoded);
    }
  }
  return items.join(',');
}

/** No explode: `a,b` or `k1,v1,k2,v2`; named operators always write `name=` first. */
function expandJoined(expression: TemplateExpression, variable: TemplateVariable, value: object) {
  const items: string[] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item !== undefined && item !== null) items.push(encodeItem(expression, variable, item));
    }
  } else {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      if (item === undefined || item === null) continue;
      items.push(encodeUnreserved(key));
      items.push(encodeItem(expression, variable, toText(variable, key, item)));
    }
  }
  return expression.rule.named ? encodedName(variable) + '=' + items.join(',') : items.join(',');
}

function toText(variable: TemplateVariable, key: string, item: unknown): unknown {
  const { toString } = item as { toString?: unknown };
  if (typeof toString !== 'function') {
    throw new TypeError(
      `URL parameter "${variable.name}": the value of key "${key}" has no toString() method`,
    );
  }
  return toString.call(item);
}

function encodeItem(expression: TemplateExpression, variable: TemplateVariable, item: unknown) {
  if (!expression.rule.reserved) return encodeUnreserved(item);
  const text = asString(item);
  if (text === undefined) {
    throw new TypeError(
      `URL parameter "${variable.name}" in a {${expression.operatorChar}...} expression: ` +
        `items must be strings, got ${describeValue(item)}`,
    );
  }
  return encodeReserved(text);
}

function encodedName(variable: TemplateVariable): string {
  return variable.encodedName ?? encodeUnreserved(variable.name);
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `the ${typeof value} ${String(value)}`;
}
