// The release of the service and its command-line tools (semantic versioning; CHANGELOG.md).
// Kept equal to package.json's version, CHANGELOG.md's latest release, the Helm chart's
// appVersion and the image's default label by test/repo/version.spec.ts.
export const RATELIMIT_VERSION = '1.0.0';

/** Whether the arguments ask for the version, as Go's flag package reads -version and --version. */
export function isVersionRequest(argv: readonly string[]): boolean {
  return argv.some((argument) => /^--?version$/.test(argument));
}

/** `<command> <version>`, what --version prints. */
export function versionLine(command: string): string {
  return `${command} ${RATELIMIT_VERSION}`;
}
