import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { helmBinary, helmUnavailableReason } from './support/helm';
import { chartDir, repoRoot } from './support/repo-root';

// Every `helm install` command the manual shows must work as written: each one is run by bash with
// the real Helm binary first on PATH, from a folder holding the user's files the commands name
// (my-values.yaml, rules/edge.yaml), with `--dry-run=client` added since no cluster exists here.
// `npm run helm -- install ...` (the Helm the repository ships) runs from a folder inside the
// repository, where npm finds its package.json as it does for a user in the repository root.

const MANUAL_PAGES = ['README.md', 'docs/deployment.md'];

/** `helm install` commands in the page's bash blocks, continuation lines joined. */
function helmInstallCommands(page: string): string[] {
  const text = readFileSync(join(repoRoot(), page), 'utf8');
  const commands: string[] = [];
  for (const block of text.matchAll(/```bash\n([\s\S]*?)```/g)) {
    const joined = block[1].replace(/\\\n\s*/g, ' ');
    for (const line of joined.split('\n'))
      if (/^(npm run helm -- |helm )install /.test(line)) commands.push(line.trim());
  }
  return commands;
}

function userFolder(): string {
  const dir = join(repoRoot(), '.tmp', `helm-docs-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'my-values.yaml'),
    "image:\n  repository: registry.example.com/ratelimit\n  tag: '1.0.0'\n",
  );
  mkdirSync(join(dir, 'rules'));
  writeFileSync(
    join(dir, 'rules/edge.yaml'),
    'domain: edge\ndescriptors:\n  - key: remote_address\n    rate_limit:\n      unit: second\n      requests_per_unit: 10\n',
  );
  return dir;
}

describe('helm install commands of the manual', { skip: helmUnavailableReason() }, () => {
  after(() => rmSync(join(repoRoot(), '.tmp', `helm-docs-${process.pid}`), { recursive: true, force: true }));
  for (const page of MANUAL_PAGES) {
    it(`${page} shows helm install commands that Helm accepts as written`, () => {
      const commands = helmInstallCommands(page);
      assert.ok(commands.length > 0, `no helm install command in ${page}`);
      const cwd = userFolder();
      for (const command of commands) {
        // the commands name the chart by its path from the repository root
        const script = `${command.replace('docker/helm/ratelimit', chartDir())} --dry-run=client`;
        const result = spawnSync('bash', ['-c', script], {
          cwd,
          encoding: 'utf8',
          env: { ...process.env, PATH: `${dirname(helmBinary())}:${process.env.PATH ?? ''}` },
        });
        assert.equal(result.status, 0, `${command}\n${result.stderr}`);
        assert.match(result.stdout, /^STATUS: pending-install$/m, command);
        assert.match(result.stdout, /image: "?registry\.example\.com\/ratelimit:1\.0\.0"?/, command);
      }
    });
  }
});
