import type { CatalogueParameter, CatalogueValue } from './catalogue';

/** How a parameter is edited in the generated form. */
export type FieldKind = 'text' | 'number' | 'boolean' | 'choice' | 'list' | 'json';

const SCALAR_LISTS = new Set(['string[]', 'integer[]', 'number[]']);

export function fieldKind(parameter: CatalogueParameter): FieldKind {
  const { type } = parameter;
  if (parameter.enum && !type.endsWith('[]')) return 'choice';
  if (type === 'boolean') return 'boolean';
  if (type === 'integer' || type === 'number') return 'number';
  if (SCALAR_LISTS.has(type)) return 'list';
  // A string, or a choice between a string and another scalar (`string | integer`): typed as text.
  if (type.includes('string') && !type.includes('[') && !type.includes('object')) return 'text';
  return 'json';
}

/** A field's value for the Parameters JSON; `problem` when the text does not fit the type. */
export interface FieldValue {
  readonly value: unknown;
  readonly problem?: string;
}

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** The text of a field -> its JSON value, or undefined for an empty field (the key is left out). */
export function valueFromText(parameter: CatalogueParameter, text: string): FieldValue | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  switch (fieldKind(parameter)) {
    case 'text':
      return { value: text };
    case 'number':
      return NUMBER.test(trimmed) ? { value: Number(trimmed) } : { value: text, problem: 'not a number' };
    case 'boolean':
      return { value: trimmed === 'true' };
    case 'choice':
      return { value: parameter.enum?.find((choice) => String(choice) === text) ?? text };
    case 'list': {
      const items = trimmed.split(',').map((item) => item.trim());
      const numeric = parameter.type !== 'string[]';
      const bad = numeric && items.some((item) => !NUMBER.test(item));
      if (bad) return { value: items, problem: 'not a list of numbers' };
      return { value: numeric ? items.map(Number) : items };
    }
    case 'json':
      try {
        return { value: JSON.parse(trimmed) };
      } catch {
        return { value: text, problem: 'not valid JSON' };
      }
  }
}

const isScalar = (value: unknown): value is CatalogueValue =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** A JSON value -> the text its field shows (the inverse of valueFromText for values it makes). */
export function textFromValue(parameter: CatalogueParameter, value: unknown): string {
  if (value === undefined) return '';
  const kind = fieldKind(parameter);
  if (kind === 'list' && Array.isArray(value) && value.every(isScalar)) return value.join(', ');
  if (kind === 'json' || !isScalar(value)) return JSON.stringify(value);
  return String(value);
}

/** The Parameters or Defaults text as an object; `{}` when empty, undefined when not an object. */
export function objectFromText(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A copy of `object` with `name` set (in place when present, else last) or removed. */
export function withParameter(
  object: Readonly<Record<string, unknown>>,
  name: string,
  field: FieldValue | undefined,
): Record<string, unknown> {
  const copy = { ...object };
  if (field === undefined) delete copy[name];
  else copy[name] = field.value;
  return copy;
}

/**
 * Required parameters that neither Parameters nor Defaults give. A missing path parameter
 * makes its placeholder expand to nothing, so `null` and `""` count as missing for those.
 */
export function missingRequired(
  parameters: readonly CatalogueParameter[],
  given: Readonly<Record<string, unknown>>,
  defaults: Readonly<Record<string, unknown>>,
): string[] {
  const isMissing = (parameter: CatalogueParameter, value: unknown) =>
    value === undefined || (parameter.in === 'path' && (value === null || value === ''));
  return parameters
    .filter((parameter) => parameter.required)
    .filter(
      (parameter) =>
        isMissing(parameter, given[parameter.name]) && isMissing(parameter, defaults[parameter.name]),
    )
    .map((parameter) => parameter.name);
}
