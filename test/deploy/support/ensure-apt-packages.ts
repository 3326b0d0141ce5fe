import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Local stand-in until @repo/test-support offers it: @repo/test-support's ensureBinaries checks
// executables on PATH, but Go libraries (sprig, yaml.v2) are source folders under /usr/share/gocode.

/**
 * Makes sure each path exists, installing the Debian package named for it with apt-get (as root
 * on Debian; `apt-get update` once when the lists are missing). Otherwise fails saying what to install.
 */
export function ensureAptPackagesForPaths(pathToPackage: Readonly<Record<string, string>>): void {
  const packages = [
    ...new Set(
      Object.entries(pathToPackage)
        .filter(([path]) => !existsSync(path))
        .map(([, aptPackage]) => aptPackage),
    ),
  ];
  if (packages.length === 0) return;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `missing Debian package(s) ${packages.join(' ')}: apt-get install -y ${packages.join(' ')}`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: string[]) =>
    execFileSync('apt-get', ['-q', '-o', 'DPkg::Lock::Timeout=300', ...args], { env, stdio: 'ignore' });
  try {
    apt(['install', '-y', ...packages]);
  } catch {
    apt(['update']); // a fresh machine has no package lists yet
    apt(['install', '-y', ...packages]);
  }
  const stillMissing = Object.keys(pathToPackage).filter((path) => !existsSync(path));
  if (stillMissing.length > 0) {
    throw new Error(
      `apt-get installed ${packages.join(' ')} but ${stillMissing.join(', ')} is still missing`,
    );
  }
}
