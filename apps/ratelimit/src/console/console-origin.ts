// Where the rules come from, as the console shows it: the rules directory, or the xDS server.
import { ruleFilesDirectory } from '@repo/rules';
import type { Settings } from '../settings/settings';

export function consoleOrigin(settings: Settings): string {
  const { config } = settings;
  if (config.type !== 'FILE') return `xDS server ${config.xds.serverUrl} (node ${config.xds.nodeId})`;
  const directory = ruleFilesDirectory(config.runtime);
  return directory === undefined
    ? 'no rules directory (RUNTIME_SUBDIRECTORY / RUNTIME_APPDIRECTORY empty)'
    : `files in ${directory}`;
}
