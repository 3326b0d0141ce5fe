// Which build of the service the e2e tests (and the soak run) start: the compiled tree (SWC output, dist mirrors the
// sources; the default) or the production bundle (`RATELIMIT_E2E_TARGET=bundle`, the e2e-bundle
// stage of scripts/test.mjs). In-process tests take startRatelimit from it, process tests spawn
// its entry; the two builds never load into one process.
import { join } from 'node:path';
import type * as CreateApp from '../src/create-app';

export type E2eTarget = 'compiled' | 'bundle';

/** <dist>/apps/ratelimit, seen from <dist>/apps/ratelimit/load/. */
const APP_DIST = join(__dirname, '..');

export const E2E_TARGET: E2eTarget = parseTarget(process.env.RATELIMIT_E2E_TARGET);

/** The service's entry file: `node <this>` starts it. */
export const SERVICE_MAIN =
  E2E_TARGET === 'bundle' ? join(APP_DIST, 'main.js') : join(APP_DIST, 'src', 'main.js');

/** A CLI of bin/ in that build (the bundle's are what bin/ runs). */
export function cliEntry(name: 'ratelimit-client' | 'config-check'): string {
  return E2E_TARGET === 'bundle'
    ? join(APP_DIST, 'bundle', `${name}.js`)
    : join(APP_DIST, 'src', 'cli', `${name}.js`);
}

export async function loadStartRatelimit(): Promise<typeof CreateApp.startRatelimit> {
  if (E2E_TARGET === 'compiled') return (await import('../src/create-app.js')).startRatelimit;
  const bundled = (await import(join(APP_DIST, 'bundle', 'test', 'create-app.js'))) as typeof CreateApp;
  return bundled.startRatelimit;
}

function parseTarget(value: string | undefined): E2eTarget {
  if (value === undefined || value === '' || value === 'compiled') return 'compiled';
  if (value === 'bundle') return 'bundle';
  throw new Error(`RATELIMIT_E2E_TARGET=${value}: expected compiled or bundle`);
}
