// The parsed form of a url template; built once per url string and cached (template-cache.ts).
import type { OperatorRule } from './operators';

export interface TemplateVariable {
  /** The name as written (everything before the first `:` or `*`). */
  readonly name: string;
  /** False for method, baseUrl, url, headers, request, mediaType: those never have a value. */
  readonly isParameter: boolean;
  /** `:N` prefix length, or undefined. */
  readonly prefixLength: number | undefined;
  /** `*` modifier. */
  readonly explode: boolean;
  /** encodeUnreserved(name), or undefined when that throws (lone surrogate): it is then
   *  encoded again, and throws, only when the expansion really needs it, as the reference does. */
  readonly encodedName: string | undefined;
}

export interface TemplateExpression {
  readonly kind: 'expression';
  readonly operatorChar: string;
  readonly rule: OperatorRule;
  readonly variables: readonly TemplateVariable[];
}

/** A literal run that encodeURI rejects (lone surrogate): it throws when expanded. */
export interface FailingLiteral {
  readonly kind: 'failing-literal';
  readonly raw: string;
}

/** Strings are already encoded literal text (or braces that are not part of an expression). */
export type TemplatePart = string | TemplateExpression | FailingLiteral;

export interface CompiledTemplate {
  readonly parts: readonly TemplatePart[];
  /** Parameter names the template consumes, never sent as query or body. */
  readonly usedNames: ReadonlySet<string>;
  /** The final expanded url when the template has no expression (no per-call work). */
  readonly constantUrl: string | undefined;
}
