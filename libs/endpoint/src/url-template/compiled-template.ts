// The parsed form of a url template; built once per url string and cached (template-cache.ts).

/** Expands one `{...}` expression, or throws the URIError of a literal that encodeURI rejects. */
export type ExpandPart = (parameters: Readonly<Record<string, unknown>>) => string;

/** Strings are already encoded literal text (or braces that are not part of an expression). */
export type TemplatePart = string | ExpandPart;

export interface CompiledTemplate {
  readonly parts: readonly TemplatePart[];
  /** Option keys never sent as query or body: those the template uses, and the reserved keys. */
  readonly omitted: ReadonlySet<string>;
}
