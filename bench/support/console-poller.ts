// An open console page, as a process of its own: `node console-poller.js <debug port>` asks what
// the page asks (apps/ratelimit/console/web/console.ts): every second, one second after the
// previous answer, the live answer (the traffic since its last second, the whole history the
// first time, and the limited values), and the rules when that answer shows a rule load not seen
// yet. A page runs in a browser, not in the process that drives the gRPC load: polling from the
// load generator's own event loop would slow the calls it sends and be counted as the service's
// cost. Tells its parent when it has its first answers; exits when its parent goes away.

const LIVE_INTERVAL_MS = 1000;

interface LiveAnswer {
  readonly pid: number;
  readonly ruleLoads: number;
  readonly traffic: { readonly lastSecond: number };
}

const base = `http://127.0.0.1:${process.argv[2]}/console/api`;
let lastSecond: number | undefined;
let rulesShown: string | undefined;
/** The parent starts its load after the first answers (the page as it stands once opened). */
let hasAnswered = false;

const get = <T>(path: string) =>
  fetch(`${base}/${path}`).then(
    (response) => response.json() as Promise<T>,
    () => undefined,
  );

async function refresh(): Promise<void> {
  const since = lastSecond === undefined ? '' : `?since=${lastSecond - 1}`;
  const live = await get<LiveAnswer>(`live${since}`);
  if (live === undefined) return;
  lastSecond = live.traffic.lastSecond;
  const rulesNow = `${live.pid}/${live.ruleLoads}`;
  if (rulesNow !== rulesShown && (await get('rules')) !== undefined) rulesShown = rulesNow;
  if (!hasAnswered) process.send?.('first answers');
  hasAnswered = true;
}

const run = () => void refresh().finally(() => setTimeout(run, LIVE_INTERVAL_MS));
run();
process.on('disconnect', () => process.exit(0));
