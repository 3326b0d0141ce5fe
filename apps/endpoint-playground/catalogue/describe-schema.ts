import type { CatalogueValue } from './catalogue';

/** The parts of an OpenAPI 3.0 schema object the catalogue reads. */
export interface OpenApiSchema {
  readonly $ref?: string;
  readonly type?: string;
  readonly items?: OpenApiSchema;
  readonly properties?: Readonly<Record<string, OpenApiSchema>>;
  readonly required?: readonly string[];
  readonly oneOf?: readonly OpenApiSchema[];
  readonly anyOf?: readonly OpenApiSchema[];
  readonly allOf?: readonly OpenApiSchema[];
  readonly enum?: readonly unknown[];
  readonly default?: unknown;
  readonly description?: string;
}

/** Follows `$ref` pointers (`#/components/...`) within one document. */
export type ResolveRef = <T extends object>(value: T | { $ref: string } | undefined) => T | undefined;

/** Type text a user reads in the form: `string`, `integer[]`, `string | integer`, `object`. */
export function describeType(schema: OpenApiSchema | undefined, resolve: ResolveRef): string {
  const resolved = resolve(schema);
  if (!resolved) return 'any';
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives) {
    return [...new Set(alternatives.map((alternative) => describeType(alternative, resolve)))].join(' | ');
  }
  if (resolved.allOf) return describeType(resolved.allOf[0], resolve);
  if (resolved.type === 'array') {
    const items = describeType(resolved.items, resolve);
    return items.includes(' ') ? `(${items})[]` : `${items}[]`;
  }
  return resolved.type ?? (resolved.properties ? 'object' : 'any');
}

const isCatalogueValue = (value: unknown): value is CatalogueValue =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** The enum choices of a schema (of its items for an array), when it has any. */
export function enumOf(schema: OpenApiSchema | undefined, resolve: ResolveRef): CatalogueValue[] | undefined {
  const resolved = resolve(schema);
  const values = resolved?.enum ?? (resolved?.type === 'array' ? resolve(resolved.items)?.enum : undefined);
  const choices = values?.filter(isCatalogueValue).filter((value) => value !== null);
  return choices && choices.length > 0 ? choices : undefined;
}

/** The default of a schema, when it is a JSON scalar. */
export function defaultOf(
  schema: OpenApiSchema | undefined,
  resolve: ResolveRef,
): CatalogueValue | undefined {
  const value = resolve(schema)?.default;
  return isCatalogueValue(value) ? value : undefined;
}

/**
 * Markdown to the plain text the form shows: links keep their text, runs of white space become
 * one space. Code spans and emphasis marks are kept; they read well as they are.
 */
export function plainText(markdown: string | undefined): string {
  if (!markdown) return '';
  return markdown
    .replace(/\[([^\]]*)\]\([^)\s]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The properties of an object schema with their required flags. `oneOf`/`anyOf` bodies offer
 * every alternative's properties, required only when every alternative requires them;
 * `allOf` combines them.
 */
export function objectProperties(
  schema: OpenApiSchema | undefined,
  resolve: ResolveRef,
): Array<{ name: string; schema: OpenApiSchema; required: boolean }> {
  const resolved = resolve(schema);
  if (!resolved) return [];
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  const parts = alternatives ?? resolved.allOf;
  if (!parts) {
    const required = new Set(resolved.required ?? []);
    return Object.entries(resolved.properties ?? {}).map(([name, property]) => ({
      name,
      schema: property,
      required: required.has(name),
    }));
  }
  const lists = parts.map((part) => objectProperties(part, resolve));
  const byName = new Map<string, { name: string; schema: OpenApiSchema; required: boolean }>();
  for (const property of lists.flat()) {
    const seen = byName.get(property.name);
    const inEvery = lists.every((list) => list.some((p) => p.name === property.name && p.required));
    const required = alternatives ? inEvery : property.required || (seen?.required ?? false);
    byName.set(property.name, { ...(seen ?? property), required });
  }
  return [...byName.values()];
}
