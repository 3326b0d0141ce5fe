// A rule file (or xDS resource) that cannot be loaded. The message keeps the reference's shape
// `<sourceName>: <detail>` so users and dashboards see the same text as with Envoy's service;
// where the YAML parser knows the position, ` (line L, column C)` follows the reference text.

export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

export class RuleConfigError extends Error {
  override readonly name = 'RuleConfigError';

  constructor(
    /** File key (`config.basic.yaml`), file path (config checker) or xDS resource name. */
    readonly sourceName: string,
    /** The reference's detail text, e.g. `invalid rate limit unit 'foo'`. */
    readonly detail: string,
    readonly position?: SourcePosition,
    options?: { cause?: unknown },
  ) {
    super(formatMessage(sourceName, detail, position), options);
  }
}

function formatMessage(sourceName: string, detail: string, position?: SourcePosition): string {
  const where = position ? ` (line ${position.line}, column ${position.column})` : '';
  return `${sourceName}: ${detail}${where}`;
}

/**
 * Errors of the files in `sourceNames` order, each file's by line and column (errors without a
 * position first), as a reader goes through a file; the input's order breaks ties.
 */
export function inFileOrder(
  errors: readonly RuleConfigError[],
  sourceNames: readonly string[],
): RuleConfigError[] {
  const fileIndex = (error: RuleConfigError) => {
    const index = sourceNames.indexOf(error.sourceName);
    return index === -1 ? sourceNames.length : index;
  };
  const line = (error: RuleConfigError) => error.position?.line ?? 0;
  const column = (error: RuleConfigError) => error.position?.column ?? 0;
  return [...errors].sort(
    (a, b) => fileIndex(a) - fileIndex(b) || line(a) - line(b) || column(a) - column(b),
  );
}
