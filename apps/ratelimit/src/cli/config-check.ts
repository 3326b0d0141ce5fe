// `ratelimit-config-check -config_dir DIR [-merge_domain_configs] [-backend_type TYPE]` (reference
// src/config_check_cmd/main.go): loads every file of DIR (not recursive) exactly as the service
// would, but reports every error it can find (ours: the reference stops at the first) with file,
// line and column, one per line. Ours: with the store kind (-backend_type, else BACKEND_TYPE) it
// also refuses what that store cannot count (token_bucket, `counting: cached` on memcache), as the
// service would. Exit 0 when all rules load, 1 otherwise, 2 on bad flags; `-h`/`-help` prints the
// usage and exits 0, as Go's flag package does.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  compileRules,
  type CompileOptions,
  inFileOrder,
  parseYamlConfig,
  type RawDomainConfig,
  type RuleConfigError,
} from '@repo/rules';
import { STORE_CAPABILITIES, type StorageBackend } from '@repo/storage';
import { unsupportedAlgorithms } from '../limiter/algorithms/counter-algorithms';

export interface ConfigCheckFlags {
  readonly configDir: string;
  readonly mergeDomainConfigs: boolean;
  /** The store the rules are for; undefined: only what no store can count is refused. */
  readonly backendType?: StorageBackend;
}

export const CONFIG_CHECK_USAGE =
  'usage: ratelimit-config-check -config_dir DIR [-merge_domain_configs] [-backend_type TYPE]\n' +
  '  -config_dir string          path to directory containing rate limit configs\n' +
  '  -merge_domain_configs       whether to merge configurations referencing the same domain\n' +
  '  -backend_type string        the store the service counts in: redis, memcache, memory (default $BACKEND_TYPE)';

const BACKEND_TYPES: Readonly<Record<string, StorageBackend>> = {
  redis: 'redis',
  memcache: 'memcache',
  memcached: 'memcache',
  memory: 'memory',
};

/** What parseConfigCheckFlags returns for `-h`, `-help` (or `--help`). */
export const HELP_REQUESTED = 'help requested';

/**
 * Go `flag` syntax: `-name value`, `-name=value`, `--name`; booleans take `=true|false` only.
 * A string is a flag error, or HELP_REQUESTED.
 */
export function parseConfigCheckFlags(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = {},
): ConfigCheckFlags | string {
  let configDir = '';
  let mergeDomainConfigs = false;
  let backendText = env.BACKEND_TYPE || undefined;
  for (let i = 0; i < argv.length; i++) {
    const match = /^--?([^=]+)(?:=(.*))?$/.exec(argv[i]);
    if (match === null) return `unexpected argument: ${argv[i]}`;
    const [, name, inline] = match;
    if (name === 'h' || name === 'help') return HELP_REQUESTED;
    if (name === 'config_dir') {
      const value = inline ?? argv[++i];
      if (value === undefined) return 'flag needs an argument: -config_dir';
      configDir = value;
    } else if (name === 'backend_type') {
      backendText = inline ?? argv[++i];
      if (backendText === undefined) return 'flag needs an argument: -backend_type';
    } else if (name === 'merge_domain_configs') {
      if (inline !== undefined && !/^(1|0|t|f|true|false|TRUE|FALSE|True|False)$/.test(inline))
        return `invalid boolean value "${inline}" for -merge_domain_configs`;
      mergeDomainConfigs = inline === undefined || /^(1|t|true|TRUE|True)$/.test(inline);
    } else {
      return `flag provided but not defined: -${name}`;
    }
  }
  if (backendText === undefined) return { configDir, mergeDomainConfigs };
  const backendType = BACKEND_TYPES[backendText];
  if (backendType === undefined)
    return `invalid value "${backendText}" for -backend_type: not redis, memcache, memcached or memory`;
  return { configDir, mergeDomainConfigs, backendType };
}

/** How the service on that store compiles rules (what it refuses), as the flags say. */
function compileOptionsOf(flags: ConfigCheckFlags): CompileOptions & { collectAll: true } {
  const capabilities = flags.backendType === undefined ? undefined : STORE_CAPABILITIES[flags.backendType];
  return {
    mergeDomainConfigs: flags.mergeDomainConfigs,
    collectAll: true,
    unsupportedAlgorithms: unsupportedAlgorithms(capabilities),
  };
}

/** Runs the check, writing lines through `print`; resolves to the exit code. */
export async function runConfigCheck(
  argv: readonly string[],
  print: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const flags = parseConfigCheckFlags(argv, env);
  if (flags === HELP_REQUESTED) {
    print(CONFIG_CHECK_USAGE);
    return 0;
  }
  if (typeof flags === 'string') {
    print(flags);
    print(CONFIG_CHECK_USAGE);
    return 2;
  }
  print('checking rate limit configs...');
  print(`loading config directory: ${flags.configDir}`);
  let names: string[];
  try {
    names = (await readdir(flags.configDir)).sort();
  } catch (error) {
    print(`error opening directory ${flags.configDir}: ${(error as Error).message}`);
    return 1;
  }
  const problems: string[] = [];
  const ruleErrors: RuleConfigError[] = [];
  const configs: RawDomainConfig[] = [];
  const paths = names.map((name) => join(flags.configDir, name));
  for (const path of paths) {
    print(`opening config file: ${path}`);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      problems.push(`error reading file ${path}: ${(error as Error).message}`);
      continue;
    }
    const parsed = parseYamlConfig(path, text);
    ruleErrors.push(...parsed.errors);
    // A file with errors is still compiled as far as it could be read, so one run lists them all.
    const config = parsed.config ?? parsed.partial;
    if (config) configs.push(config);
  }
  const compiled = compileRules(configs, compileOptionsOf(flags));
  ruleErrors.push(...compiled.errors);
  for (const error of inFileOrder(ruleErrors, paths))
    problems.push(`error loading rate limit configs: ${error.message}`);
  if (problems.length > 0) {
    problems.forEach(print);
    return 1;
  }
  print('all rate limit configs ok');
  return 0;
}

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  process.exitCode = await runConfigCheck(argv, (line) => process.stdout.write(`${line}\n`));
}

if (require.main === module) void main();
