import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Absolute path of an executable on PATH (plus the sbin folders Debian uses), or undefined. */
export function findExecutable(name: string): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin', '/sbin', '/bin'];
  for (const folder of folders) {
    const candidate = join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

const canUseApt = () => process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
let aptListsFresh = false;

function aptInstall(packages: readonly string[]): void {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    execFileSync('apt-get', ['install', '-y', '-q', '-o', 'DPkg::Lock::Timeout=300', ...packages], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  try {
    install();
  } catch (error) {
    if (aptListsFresh) throw error;
    // A brand-new machine has no package lists yet: fetch them once, then retry.
    execFileSync('apt-get', ['update', '-q', '-o', 'DPkg::Lock::Timeout=300'], { env, stdio: 'ignore' });
    aptListsFresh = true;
    install();
  }
}

/**
 * Makes sure the Debian packages that provide `binaries` are installed: installs them with
 * apt-get when we are root on Debian, otherwise fails with a message saying what to install.
 * `binaries` maps an executable name to the Debian package that provides it.
 */
export function ensureBinaries(binaries: Readonly<Record<string, string>>): void {
  const missing = Object.entries(binaries).filter(([binary]) => !findExecutable(binary));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map(([, aptPackage]) => aptPackage))];
  if (!canUseApt()) {
    const names = missing.map(([binary]) => binary).join(', ');
    throw new Error(
      `missing ${names}: install the Debian package(s) ${packages.join(' ')} (apt-get install -y ...)`,
    );
  }
  aptInstall(packages);
  const stillMissing = missing.filter(([binary]) => !findExecutable(binary)).map(([binary]) => binary);
  if (stillMissing.length > 0) {
    throw new Error(
      `apt-get installed ${packages.join(' ')} but ${stillMissing.join(', ')} is still missing`,
    );
  }
}

/** Like ensureBinaries, for one executable. Returns its absolute path. */
export function ensureBinary(binary: string, aptPackage: string): string {
  ensureBinaries({ [binary]: aptPackage });
  return findExecutable(binary) as string;
}
