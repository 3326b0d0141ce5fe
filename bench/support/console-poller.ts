// An open console page, as a process of its own: `node console-poller.js <debug port>` asks what
// the page asks (apps/ratelimit/console/web/console.ts): the whole traffic history first, then
// every second the traffic since its last second and the limited values, and the rules every 5 s,
// each round one second after the previous one ended. A page runs in a browser, not in the
// process that drives the gRPC load: polling from the load generator's own event loop would slow
// the calls it sends and be counted as the service's cost. Exits when its parent goes away.

const LIVE_INTERVAL_MS = 1000;
const RULES_INTERVAL_MS = 5000;

const base = `http://127.0.0.1:${process.argv[2]}/console/api`;
let lastSecond: number | undefined;

const get = (path: string) =>
  fetch(`${base}/${path}`).then(
    (response) => response.json() as Promise<{ lastSecond?: number }>,
    () => undefined,
  );

function every(intervalMs: number, refresh: () => Promise<unknown>): void {
  const run = () => void refresh().finally(() => setTimeout(run, intervalMs));
  run();
}

every(LIVE_INTERVAL_MS, async () => {
  const since = lastSecond === undefined ? '' : `?since=${lastSecond - 1}`;
  const [traffic] = await Promise.all([get(`traffic${since}`), get('limited')]);
  lastSecond = traffic?.lastSecond ?? lastSecond;
});
every(RULES_INTERVAL_MS, () => get('rules'));
process.on('disconnect', () => process.exit(0));
