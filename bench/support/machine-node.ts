// The machine's own Node, when it is not the one running the benchmark: the scripts run the
// project on the Node of its devDependencies (docs/development.md, "Node"), so an older system
// Node is still on PATH behind node_modules/.bin. The `node` part measures the service on both.
import { accessSync, constants, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

export interface OtherNode {
  readonly name: string;
  readonly path: string;
}

export function machineNode(): OtherNode | undefined {
  const running = realpathSync(process.execPath);
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir === '' || dir.includes('node_modules')) continue;
    const candidate = join(dir, 'node');
    if (!isExecutable(candidate) || realpathSync(candidate) === running) continue;
    const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
    return { name: `Node ${version.replace(/^v/, '')}`, path: candidate };
  }
  return undefined;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
