// parseSettings(env): the environment -> one frozen Settings object (its type inferred from the
// schema, settings-schema.ts), or one SettingsError listing every problem. Pure: process.env is read
// only by main.ts, whose parseSettingsOrExit prints the error and exits 1 before any port opens.
import { checkSettings } from './check-settings';
import { buildTree, readVariables } from './read-variables';
import type { Env } from './setting';
import { formatIssue, formatSettingsError, SettingsError } from './settings-error';
import { SCHEMA, VARIABLES, type Settings } from './settings-schema';

export type { Env } from './setting';
export type { Mogrifier } from './read-mogrifiers';
export type { LogrusLevel } from './go-values';
export type { Settings } from './settings-schema';
export { SettingsError, formatSettingsError } from './settings-error';
// The groups other code takes on their own.
export type ServerSettings = Settings['server'];
export type LogSettings = Settings['log'];
export type StatsSink = Settings['stats']['sink'];
export type TracingSettings = Settings['tracing'];
export type GrpcServerTlsSettings = Settings['tls'];

/** Nest injection token of the parsed Settings (provided by CoreModule.forRoot). */
export const SETTINGS = Symbol('SETTINGS');

export function parseSettings(env: Env): Settings {
  const issues: string[] = [];
  const read = readVariables(VARIABLES.values(), env, issues);
  const settings = buildTree(SCHEMA, read, env, issues) as Settings;
  issues.push(...checkSettings(read.values as never, read.sources, settings.backend.type));
  if (issues.length > 0) throw new SettingsError(issues);
  return deepFreeze(settings);
}

/** One warning line per compat variable set (main.ts logs them): a setting that changes nothing. */
export function ignoredSettings(env: Env): string[] {
  const { sources } = readVariables(VARIABLES.values(), env, []);
  const ignored = [...VARIABLES.values()].filter(
    (it) => it.ignoredBecause && sources[it.name].raw !== undefined,
  );
  const reason = 'accepted for compatibility and ignored: ';
  return ignored.map(({ name, ignoredBecause }) =>
    formatIssue([[sources[name].name, sources[name].raw ?? '']], reason + ignoredBecause),
  );
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

/** For main.ts: parse once, before any Nest code; on a bad setting print it all and exit 1. */
export function parseSettingsOrExit(env: Env, io: ExitIo = processIo): Settings {
  try {
    return parseSettings(env);
  } catch (error) {
    io.writeError(`${formatSettingsError(error)}\n`);
    return io.exit(1);
  }
}
