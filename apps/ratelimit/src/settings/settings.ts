// parseSettings(env): every environment variable of the service -> one frozen, typed Settings
// object, or one SettingsError listing every problem. Pure: env is a parameter; process.env is
// read only by main.ts, which calls parseSettingsOrExit: it prints the error and exits 1 before
// any port is opened. The steps, each in its own file: read and parse every variable of the
// inventory (read-variables.ts, settings-inventory.ts), check the rules spanning several
// (check-settings.ts), build the nested object (build-settings.ts, typed in settings-types.ts).
import { buildSettings, selectBackend } from './build-settings';
import { checkSettings } from './check-settings';
import { readMogrifiers, readVariables, type Env } from './read-variables';
import { formatSettingsError, SettingsError } from './settings-error';
import type { Settings } from './settings-types';

export type { Env } from './read-variables';
export { SettingsError, formatSettingsError } from './settings-error';
export type * from './settings-types';

/** Nest injection token of the parsed Settings (provided by SettingsModule.forRoot). */
export const SETTINGS = Symbol('SETTINGS');

export function parseSettings(env: Env): Settings {
  const { values, sources, issues: variableIssues } = readVariables(env);
  const issues = [...variableIssues];
  const isTaggedStatsUsed = values.USE_TAGGEDSTATS && !values.DISABLE_STATS;
  const mogrifiers = isTaggedStatsUsed
    ? readMogrifiers(env, values.TAGGEDSTATS_MOGRIFIERS, sources.TAGGEDSTATS_MOGRIFIERS, issues)
    : [];
  issues.push(...checkSettings(values, sources, selectBackend(values, sources).type));
  if (issues.length > 0) throw new SettingsError(issues);
  return deepFreeze(buildSettings(values, sources, mogrifiers));
}

/** Freezes an object graph so nobody can change settings after start-up. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Where parseSettingsOrExit reports and how it ends the process (a test passes its own). */
export interface ExitIo {
  writeError(text: string): void;
  exit(code: number): never;
}

const processIo: ExitIo = {
  writeError: (text) => process.stderr.write(text),
  exit: (code) => process.exit(code),
};

/**
 * The start-up contract for main.ts: parse once, before any Nest code; on a bad setting print the
 * whole error to stderr and exit 1, so no port is ever opened with a bad configuration.
 */
export function parseSettingsOrExit(env: Env, io: ExitIo = processIo): Settings {
  try {
    return parseSettings(env);
  } catch (error) {
    io.writeError(`${formatSettingsError(error)}\n`);
    return io.exit(1);
  }
}
