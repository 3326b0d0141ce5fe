// The one error parseSettings throws: every problem found, one line each, `NAME=value: reason`.

export class SettingsError extends Error {
  override readonly name = 'SettingsError';

  constructor(readonly issues: readonly string[]) {
    super(['invalid settings:', ...issues].join('\n'));
  }
}

/** One issue line naming every variable involved: `A=1, B=2: reason`. */
export function formatIssue(
  variables: readonly (readonly [name: string, value: string])[],
  reason: string,
): string {
  return `${variables.map(([name, value]) => `${name}=${value}`).join(', ')}: ${reason}`;
}

/** What main.ts prints before exiting 1: the message, never a stack trace for a configuration mistake. */
export function formatSettingsError(error: unknown): string {
  if (error instanceof SettingsError) return error.message;
  return `invalid settings: ${error instanceof Error ? error.message : String(error)}`;
}
