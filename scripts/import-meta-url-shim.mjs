/* global __filename */
// Injected into the CommonJS bundles of scripts/build-ratelimit-bundle.mjs: Nest 12 and a few of
// its peers are ES modules that call createRequire(import.meta.url); inside a bundle that URL is
// the bundle file's own (its CommonJS __filename).
import { pathToFileURL } from 'node:url';

export const importMetaUrl = pathToFileURL(__filename).href;
