import assert from 'node:assert/strict';
import { parseSettings, SettingsError } from '../../src/settings/settings';

/** The SettingsError that `parseSettings(env)` throws; fails the test when it does not throw. */
export function settingsErrorOf(env: Record<string, string>): SettingsError {
  try {
    parseSettings(env);
  } catch (error) {
    assert.ok(error instanceof SettingsError);
    return error;
  }
  assert.fail('parseSettings did not throw');
}

/** Every problem `parseSettings(env)` reports, in its order. */
export function issuesOf(env: Record<string, string>): readonly string[] {
  return settingsErrorOf(env).issues;
}
