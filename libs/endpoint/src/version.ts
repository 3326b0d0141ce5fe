// Kept equal to libs/endpoint/package.json by version.spec.ts.
export const PACKAGE_NAME = '@repo/endpoint';
export const VERSION = '0.1.0';
