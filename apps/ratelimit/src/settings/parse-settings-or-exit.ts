// The start-up contract for main.ts: parse once, before any Nest code; on a bad setting print the
// whole error to stderr and exit 1, so no port is ever opened with a bad configuration.
import { formatSettingsError, parseSettings, type Env, type Settings } from './settings';

export interface ExitIo {
  writeError(text: string): void;
  exit(code: number): never;
}

const processIo: ExitIo = {
  writeError: (text) => process.stderr.write(text),
  exit: (code) => process.exit(code),
};

export function parseSettingsOrExit(env: Env, io: ExitIo = processIo): Settings {
  try {
    return parseSettings(env);
  } catch (error) {
    io.writeError(`${formatSettingsError(error)}\n`);
    return io.exit(1);
  }
}
