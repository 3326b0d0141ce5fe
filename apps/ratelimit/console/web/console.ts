// The console page's entry: asks every second for the traffic and limited values in one answer
// (so the charts are at most about 2 s behind the service) and for the rules when that answer
// shows a rule load the page has not shown yet; and sets up the forms.
import type { LiveAnswer, RulesAnswer } from './api-types';
import { setUpCheckForm } from './check-form';
import { byId, getJson } from './dom';
import { renderLimited } from './limited-view';
import { renderRules } from './rules-view';
import { TrafficBuffer } from './traffic-buffer';
import { setUpTryForm } from './try-form';
import { renderTraffic } from './traffic-view';

const LIVE_INTERVAL_MS = 1000;

const traffic = new TrafficBuffer();
/** The process and its count of rule loads when the rules shown were asked; undefined before. */
let rulesShown: string | undefined;

async function refreshLive(): Promise<void> {
  const live = await getJson<LiveAnswer>(`/console/api/live${traffic.query()}`);
  traffic.add(live.traffic);
  renderTraffic(traffic.series());
  renderLimited(live.limited);
  const updated = new Date(live.traffic.lastSecond * 1000).toISOString().slice(11, 19);
  byId('updated').textContent = `Traffic up to ${updated} UTC`;
  const rulesNow = `${live.pid}/${live.ruleLoads}`;
  if (rulesNow !== rulesShown) {
    renderRules(await getJson<RulesAnswer>('/console/api/rules'));
    rulesShown = rulesNow;
  }
}

/** Runs `refresh` now and then every `intervalMs` after each run ends; errors show in the status line. */
function every(intervalMs: number, refresh: () => Promise<void>): void {
  const run = async () => {
    try {
      await refresh();
    } catch (error) {
      byId('updated').textContent = `Update failed: ${(error as Error).message}`;
    }
    setTimeout(() => void run(), intervalMs);
  };
  void run();
}

setUpTryForm();
setUpCheckForm();
byId<HTMLSelectElement>('traffic-sort').addEventListener('change', () => renderTraffic());
every(LIVE_INTERVAL_MS, refreshLive);
