import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { ensureBinary } from '@repo/test-support';
import { parseAllDocuments } from 'yaml';
import { ensureAptPackagesForPaths } from './ensure-apt-packages';
import { chartDir, repoRoot } from './repo-root';

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
  /** Chart folder; default docker/helm/ratelimit. Relative values files are read from it. */
  readonly chart?: string;
  readonly valuesFiles?: readonly string[];
  readonly sets?: readonly string[];
  readonly release?: string;
  readonly namespace?: string;
  readonly notes?: boolean;
}

const GOCODE = '/usr/share/gocode';

/** Installs Go + sprig + yaml.v2 when missing, builds tools/minihelm once (rebuilt when a .go file is newer). */
export function buildMinihelm(): string {
  const go = ensureBinary('go', 'golang-go');
  ensureAptPackagesForPaths({
    [join(GOCODE, 'src/github.com/Masterminds/sprig')]: 'golang-github-masterminds-sprig-dev',
    [join(GOCODE, 'src/gopkg.in/yaml.v2')]: 'golang-gopkg-yaml.v2-dev',
  });
  const root = repoRoot();
  const sources = join(root, 'tools/minihelm');
  const work = join(root, '.tmp/minihelm');
  const binary = join(work, 'minihelm');
  const newestSource = Math.max(...readdirSync(sources).map((name) => statSync(join(sources, name)).mtimeMs));
  if (isNewerThan(binary, newestSource)) return binary;
  mkdirSync(work, { recursive: true });
  const partial = `${binary}.${process.pid}`;
  execFileSync(go, ['build', '-o', partial, './tools/minihelm'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      GO111MODULE: 'off',
      GOPATH: `${join(work, 'gopath')}:${GOCODE}`,
      GOCACHE: join(work, 'gocache'),
      GOFLAGS: '',
    },
  });
  renameSync(partial, binary); // atomic: a parallel test never runs a half-written binary
  return binary;
}

function isNewerThan(path: string, mtimeMs: number): boolean {
  try {
    return statSync(path).mtimeMs > mtimeMs;
  } catch {
    return false;
  }
}

function renderArgs(options: RenderOptions): string[] {
  const chart = options.chart ?? chartDir();
  const args = [chart, '--release', options.release ?? 'rl', '--namespace', options.namespace ?? 'edge'];
  for (const file of options.valuesFiles ?? []) args.push('-f', isAbsolute(file) ? file : join(chart, file));
  for (const assignment of options.sets ?? []) args.push('--set', assignment);
  if (options.notes) args.push('--notes');
  return args;
}

/** Runs minihelm; returns its exit status and output without judging them. */
export function runMinihelm(options: RenderOptions = {}): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(buildMinihelm(), renderArgs(options), { encoding: 'utf8' });
  return { status: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

/** Renders the chart and parses every non-empty YAML document; throws with minihelm's error text on failure. */
export function renderChart(options: RenderOptions = {}): Manifest[] {
  const { status, stdout, stderr } = runMinihelm(options);
  if (status !== 0) throw new Error(`minihelm failed (${status}): ${stderr}`);
  return parseAllDocuments(stdout)
    .map((document) => {
      if (document.errors.length > 0)
        throw new Error(`rendered YAML is invalid: ${document.errors[0].message}`);
      return document.toJS() as Manifest | null;
    })
    .filter((manifest): manifest is Manifest => manifest !== null);
}
