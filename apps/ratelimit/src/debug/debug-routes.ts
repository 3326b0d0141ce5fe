// The routes of the debug listener on DEBUG_HOST:DEBUG_PORT (docs/service.md, "Debug listener"):
// `/` lists the endpoints (and answers every unknown path, as the reference's catch-all),
// `/rlconfig` dumps the active rules, `/stats` every statistic as `name: value` lines,
// `/debug/pprof/` the Node equivalents of Go's profiles: `profile?seconds=N` (CPU profile) and
// `heap?seconds=N` (sampled allocation stacks, no memory contents), one at a time, `/debug/vars`
// the process figures (memory, active handles, event-loop delay) as JSON, and `/console` the
// operator's console (docs/console.md). Every request first passes the cross-site check
// (refuse-cross-site.ts): DNS rebinding could read any page here, not only the console's.
import { routeTable, send, sendJson, type Route } from '../http-listener';
import type { CpuProfiler } from './cpu-profiler';
import type { ProcessVarsReader } from './process-vars';
import { ProfileSlot, REST_FACTOR } from './profile-slot';
import { refuseCrossSite, requestFacts, type CrossSitePolicy } from './refuse-cross-site';
import { sendLines } from './send-lines';
import { PROFILE_ROUTES, serveProfile } from './serve-profile';

export interface DebugSources {
  /** The active rules' dump (`/rlconfig`), line by line; none when no rules are loaded. */
  rulesDump(): Iterable<string>;
  /** Every statistic (`/stats`). */
  statsDump(): string;
  readonly vars: ProcessVarsReader;
  /** Kept warm between an operator's profiles, so they start without walking the heap. */
  readonly cpuProfiler: CpuProfiler;
  /** The operator's console: every path under /console (docs/console.md). */
  readonly console?: { readonly handle: Route };
}

/** The largest request body the debug listener takes (the console's POSTs: a rules file, a /json body). */
export const MAX_BODY_BYTES = 1024 * 1024;

const INDEX = [
  '/rlconfig: print out the currently loaded configuration for debugging',
  '/stats: print out stats',
  '/console: the operator console (rules in force, traffic, who is limited; JSON under /console/api/)',
  '/debug/pprof/: profiles of the running process, one at a time (profile?seconds=N, heap?seconds=N)',
  '/debug/vars: memory, active handles and event-loop delay of the process (JSON)',
].join('\n');
const { CPU, heap } = PROFILE_ROUTES;
const PPROF_INDEX = [
  `/debug/pprof/profile?seconds=N: CPU profile for N seconds (default ${CPU.defaultSeconds}, at most ${CPU.maxSeconds}), .cpuprofile JSON`,
  `/debug/pprof/heap?seconds=N: sampled heap profile for N seconds (default ${heap.defaultSeconds}, at most ${heap.maxSeconds}): ` +
    'allocation stacks of what is still alive, no memory contents, .heapprofile JSON',
  `one profile at a time, CPU or heap, then a rest of ${REST_FACTOR} times the event-loop pauses it caused ` +
    '(its Server-Timing header): 429 meanwhile',
].join('\n');

export function debugRoutes(sources: DebugSources, policy: CrossSitePolicy): Route {
  const profiles = { slot: new ProfileSlot(), cpu: sources.cpuProfiler };
  const operatorConsole = sources.console;
  const routes = routeTable(
    {
      '/rlconfig': (_request, response) => sendLines(response, sources.rulesDump()),
      '/stats': (_request, response) => send(response, 200, sources.statsDump()),
      '/debug/pprof/profile': (_request, response, url) => serveProfile('CPU', url, response, profiles),
      '/debug/pprof/heap': (_request, response, url) => serveProfile('heap', url, response, profiles),
      '/debug/vars': (_request, response) => sendJson(response, 200, sources.vars.read()),
    },
    (request, response, url) => {
      const path = url.pathname;
      if (operatorConsole !== undefined && (path === '/console' || path.startsWith('/console/')))
        return operatorConsole.handle(request, response, url);
      if (path.startsWith('/debug/pprof'))
        return send(
          response,
          200,
          `${PPROF_INDEX}\n${cpuProfilerState(profiles.cpu)}\nprofile slot: ${profiles.slot.state()}\n`,
        );
      send(response, 200, `${INDEX}\n`);
    },
  );
  return (request, response, url) => {
    const refused = refuseCrossSite(requestFacts(request), policy);
    if (refused !== undefined) return send(response, 403, `${refused}\n`);
    return routes(request, response, url);
  };
}

/** Whether the next CPU profile's start walks the heap (cpu-profiler.ts). */
function cpuProfilerState(profiler: CpuProfiler): string {
  return profiler.isWarm
    ? 'CPU profiler: warm (the next CPU profile starts without walking the heap)'
    : 'CPU profiler: cold (the next CPU profile walks the heap as it starts)';
}
