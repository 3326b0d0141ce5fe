// The console on the debug listener (docs/console.md): `GET /console` (the page and its files
// under /console/) and its JSON API under /console/api/:
//   GET  rules            the rules in force as a tree per domain, where they came from, the loads
//   GET  traffic?seconds  per stats key, hits / near-limit / over-limit per second
//   GET  limited?top      per rule, the values with the most over-limit hits
//   GET  live?since&top   what an open page asks every second: traffic and limited in one answer,
//                         with the count of rule loads so the page asks for the rules only after one
//   POST try[?count=true] a /json request body; answers as /json (hits 0 unless count=true)
//   POST check            YAML text: errors with line and column, limits added/removed/changed
// POST bodies need a content type a cross-site page cannot send (refuse-content-type.ts): 415.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CompileOptions, RuleRegistry } from '@repo/rules';
import type { Clock } from '../clock';
import { readBodyText, routeTable, send, sendJson, TEXT, type Route } from '../http-listener';
import { MAX_BODY_BYTES } from '../debug/debug-routes';
import type { RateLimitDecision, RateLimitRequest } from '../rate-limit-types';
import { checkRules } from './check-rules';
import { consoleFiles } from './console-page';
import type { OperatorConsole } from './operator-console';
import { refuseContentType } from './refuse-content-type';
import { tryRequest } from './try-request';

export interface ConsoleDependencies {
  readonly console: OperatorConsole;
  readonly registry: Pick<RuleRegistry, 'snapshot'>;
  /** Where the rules come from: the rules directory, or the xDS server. */
  readonly origin: string;
  readonly compileOptions: CompileOptions;
  readonly clock: Clock;
  /** The decision service (the same as /json's). */
  decide(request: RateLimitRequest): Promise<RateLimitDecision>;
}

const API = '/console/api/';
const DEFAULT_TOP = 20;
const MAX_TOP = 64;
const MAX_CHECKS_RUNNING = 2;
/**
 * The rules answer holds at most this many descriptors (the first, in load order), and says how
 * many there are: described whole, a 10 MB rules file (120,000 descriptors) made a 50 MB answer
 * and held the serving thread 209-269 ms for its making; no page shows that many.
 */
export const MAX_DESCRIBED_DESCRIPTORS = 2000;

export class ConsoleApi {
  private checksRunning = 0;
  /** Answers a request under /console; the debug listener checked the path. */
  readonly handle: Route;

  constructor(private readonly dependencies: ConsoleDependencies) {
    const page =
      (name: string): Route =>
      (_request, response) =>
        this.page(response, name);
    const get =
      (answer: (url: URL) => unknown): Route =>
      (_request, response, url) =>
        sendJson(response, 200, answer(url));
    this.handle = routeTable(
      {
        '/console': page('index.html'),
        '/console/': page('index.html'),
        [`GET ${API}rules`]: get(() => this.rules()),
        [`GET ${API}traffic`]: get((url) => this.traffic(url)),
        [`GET ${API}limited`]: get((url) => this.limited(url)),
        [`GET ${API}live`]: get((url) => this.live(url)),
        [`POST ${API}try`]: post('try', async (response, body, url) => {
          const answer = await tryRequest(body, url, this.dependencies.decide);
          send(response, answer.statusCode, answer.body, { 'content-type': 'application/json' });
        }),
        [`POST ${API}check`]: post('check', (response, body) => this.check(response, body)),
      },
      (request, response, url) => {
        const path = url.pathname;
        if (!path.startsWith(API)) return this.page(response, path.slice('/console/'.length));
        const route = `${request.method ?? 'GET'} ${path.slice(API.length)}`;
        sendJson(response, 404, { error: `no console API route ${route}` });
      },
    );
  }

  private page(response: ServerResponse, name: string): void {
    const file = consoleFiles().get(name);
    if (file === undefined) {
      const missing =
        name === 'index.html' ? 'the console page was not built (npm run build)' : `no such file: ${name}`;
      return send(response, 404, `${missing}\n`, { 'content-type': TEXT });
    }
    send(response, 200, file.content, { 'content-type': file.contentType, 'cache-control': 'no-cache' });
  }

  private rules(): unknown {
    const { console, registry, origin, clock } = this.dependencies;
    const { lastAttempt, lastSuccess, lastFailure } = console.loads;
    return {
      nowMs: clock.nowMs(),
      // with WORKERS=N each process keeps its own figures: the page names the one that answered
      pid: process.pid,
      origin,
      lastAttempt: lastAttempt ?? null,
      lastSuccess: lastSuccess ?? null,
      lastFailure: lastFailure ?? null,
      domains: registry.snapshot?.describe(MAX_DESCRIBED_DESCRIPTORS) ?? [],
      descriptorCount: registry.snapshot?.descriptorCount ?? 0,
      maxDescriptors: MAX_DESCRIBED_DESCRIPTORS,
    };
  }

  private traffic(url: URL): unknown {
    const { traffic } = this.dependencies.console;
    const max = traffic.options.seconds;
    // `since`: only the seconds after the one a page already has (an open page asks every second)
    const since = url.searchParams.get('since');
    const seconds =
      since === null
        ? boundedInteger(url.searchParams.get('seconds'), max, 1, max)
        : Math.min(max, Math.max(0, traffic.lastSecond - boundedInteger(since, 0, 0, traffic.lastSecond)));
    return {
      lastSecond: traffic.lastSecond,
      seconds,
      untrackedKeys: traffic.untrackedKeys,
      series: traffic.series(seconds),
    };
  }

  /**
   * One request a second instead of two (each costs the service an HTTP exchange on the loop that
   * serves the calls), and the rules tree only when a load happened since the page last asked.
   */
  private live(url: URL): unknown {
    return {
      pid: process.pid,
      ruleLoads: this.dependencies.console.loads.count,
      traffic: this.traffic(url),
      limited: this.limited(url),
    };
  }

  private limited(url: URL): unknown {
    const { limited } = this.dependencies.console;
    const top = boundedInteger(url.searchParams.get('top'), DEFAULT_TOP, 1, MAX_TOP);
    const { slots, minutes } = limited.options;
    return {
      windowMinutes: minutes,
      slotsPerMinute: slots,
      droppedHits: limited.droppedHits,
      rules: limited.top(top, this.dependencies.clock.nowMs()),
    };
  }

  /** Checks run one at a time in the check worker (libs/rules check-worker.ts): one running, one waiting. */
  private async check(response: ServerResponse, yaml: string): Promise<void> {
    if (this.checksRunning >= MAX_CHECKS_RUNNING) {
      return sendJson(response, 503, { error: `${MAX_CHECKS_RUNNING} rules checks are running; try again` });
    }
    this.checksRunning += 1;
    try {
      const { registry, compileOptions } = this.dependencies;
      sendJson(response, 200, await checkRules(yaml, registry.snapshot, compileOptions));
    } finally {
      this.checksRunning -= 1;
    }
  }
}

/**
 * A POST route: its body read (at most MAX_BODY_BYTES) once the content type is one a cross-site
 * page cannot send (refuse-content-type.ts), else 415.
 */
function post(
  name: string,
  answer: (response: ServerResponse, body: string, url: URL) => Promise<void>,
): Route {
  return async (request: IncomingMessage, response, url) => {
    const refused = refuseContentType(name, request.headers['content-type']);
    if (refused !== undefined) return sendJson(response, 415, { error: refused });
    await answer(response, await readBodyText(request, MAX_BODY_BYTES), url);
  };
}

/** A query parameter as an integer within [min, max]; `fallback` when absent or not a number. */
function boundedInteger(raw: string | null, fallback: number, min: number, max: number): number {
  const value = raw === null ? NaN : Number.parseInt(raw, 10);
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}
