// parseSettings(env): every environment variable of the service -> one frozen, typed Settings
// object, or one SettingsError listing every problem. Pure: env is a parameter; process.env is
// read only by main.ts, which calls parseSettingsOrExit: it prints the error and exits 1 before
// any port is opened. Each variable is declared once, in the schema (settings-schema.ts), whose
// shape the Settings type is inferred from; here it is read (read-variables.ts), built into that
// shape, and checked across variables (check-settings.ts).
import { checkSettings } from './check-settings';
import { buildTree, readAliased, readVariables, aliasesOf } from './read-variables';
import type { Env } from './setting';
import { formatIssue, formatSettingsError, SettingsError } from './settings-error';
import { SCHEMA, VARIABLES, type Settings } from './settings-schema';

export type { Env } from './setting';
export type { Mogrifier } from './read-mogrifiers';
export type { LogrusLevel } from './go-values';
export type { Settings } from './settings-schema';
export { SettingsError, formatSettingsError } from './settings-error';
export type ServerSettings = Settings['server'];
export type LogSettings = Settings['log'];
export type XdsSettings = Settings['config']['xds'];
export type RedisSettings = Settings['backend']['redis'];
export type StoreTlsSettings = RedisSettings['tls'];
export type StatsSink = Settings['stats']['sink'];
export type TracingSettings = Settings['tracing'];
export type GrpcServerTlsSettings = Settings['tls'];

/** Nest injection token of the parsed Settings (provided by SettingsModule.forRoot). */
export const SETTINGS = Symbol('SETTINGS');

export function parseSettings(env: Env): Settings {
  const issues: string[] = [];
  const read = readVariables(VARIABLES.values(), env, issues);
  const settings = buildTree(SCHEMA, read, env, issues) as Settings;
  issues.push(...checkSettings(read.values as never, read.sources, settings.backend.type));
  if (issues.length > 0) throw new SettingsError(issues);
  return deepFreeze(settings);
}

/**
 * One warning line per variable set that is accepted for compatibility only (the schema's
 * `compat` entries): main.ts logs them at start-up, so nobody tunes a setting that changes nothing.
 */
export function ignoredSettings(env: Env): string[] {
  return [...VARIABLES.values()].flatMap((setting) => {
    if (setting.ignoredBecause === undefined) return [];
    const source = readAliased(env, [setting.name, ...aliasesOf(setting)], []);
    if (source.raw === undefined) return [];
    return [
      formatIssue(
        [[source.name, source.raw]],
        `accepted for compatibility and ignored: ${setting.ignoredBecause}`,
      ),
    ];
  });
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
