// The playground's settings: the one file of this app that reads process.env (everything else
// is built from the Settings object).

export interface PlaygroundSettings {
  /** PLAYGROUND_PORT: TCP port of the page and the API; 0 lets the OS pick one. */
  readonly port: number;
  /** PLAYGROUND_HOST: interface to listen on; 0.0.0.0 so that containers are reachable. */
  readonly host: string;
}

export const DEFAULT_PLAYGROUND_PORT = 3000;
export const DEFAULT_PLAYGROUND_HOST = '0.0.0.0';

/** Every invalid variable at once, one `NAME=value: reason` line each. */
export class PlaygroundSettingsError extends Error {
  override readonly name = 'PlaygroundSettingsError';

  constructor(readonly problems: readonly string[]) {
    super(`invalid endpoint playground settings:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
}

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Pure: environment -> frozen settings, or a PlaygroundSettingsError. An empty variable counts
 * as unset (container manifests often template empty values).
 */
export function parsePlaygroundSettings(env: Environment): PlaygroundSettings {
  const problems: string[] = [];
  const portText = env.PLAYGROUND_PORT?.trim() || undefined;
  let port = DEFAULT_PLAYGROUND_PORT;
  if (portText !== undefined) {
    port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
    if (!(port <= 65535)) {
      problems.push(`PLAYGROUND_PORT=${env.PLAYGROUND_PORT}: must be a whole number from 0 to 65535`);
    }
  }
  const host = env.PLAYGROUND_HOST?.trim() || DEFAULT_PLAYGROUND_HOST;
  if (/\s/.test(host)) {
    problems.push(`PLAYGROUND_HOST=${env.PLAYGROUND_HOST}: must be a host name or IP address without spaces`);
  }
  if (problems.length > 0) throw new PlaygroundSettingsError(problems);
  return Object.freeze({ port, host });
}

/** The settings of this process (main.ts calls it before creating the app). */
export function readPlaygroundSettings(): PlaygroundSettings {
  return parsePlaygroundSettings(process.env);
}
