// The parsed form of a url template; built once per url string and cached (template-cache.ts).

/** One part of the url: a `{...}` expression expanded, or literal text encoded. */
export type ExpandPart = (parameters: Readonly<Record<string, unknown>>) => string;

export interface CompiledTemplate {
  readonly parts: readonly ExpandPart[];
  /** Option keys never sent as query or body: those the template uses, and the reserved keys. */
  readonly omitted: ReadonlySet<string>;
}
