// parseSettings(env): every environment variable of the service -> one frozen, typed Settings
// object, or one SettingsError listing every problem. Pure: env is a parameter; process.env is
// read only by main.ts, which prints the error and exits 1 before any port is opened.
import { buildSettings } from './build-settings';
import { selectBackend } from './build-backend-settings';
import { checkSettings } from './check-settings';
import { deepFreeze } from './deep-freeze';
import { readMogrifiers } from './read-mogrifiers';
import { readVariables, type Env } from './read-variables';
import { SettingsError } from './settings-error';
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
