// The console page's entry: loads the rules (every 5 s) and the traffic and limited values
// (every second, so the charts are at most about 2 s behind the service), and sets up the forms.
import type { LimitedAnswer, RulesAnswer, TrafficAnswer } from './api-types';
import { setUpCheckForm } from './check-form';
import { byId, getJson } from './dom';
import { renderLimited } from './limited-view';
import { renderRules } from './rules-view';
import { TrafficBuffer } from './traffic-buffer';
import { setUpTryForm } from './try-form';
import { renderTraffic } from './traffic-view';

const LIVE_INTERVAL_MS = 1000;
const RULES_INTERVAL_MS = 5000;

const traffic = new TrafficBuffer();

async function refreshLive(): Promise<void> {
  const [recent, limited] = await Promise.all([
    getJson<TrafficAnswer>(`/console/api/traffic${traffic.query()}`),
    getJson<LimitedAnswer>('/console/api/limited'),
  ]);
  traffic.add(recent);
  renderTraffic(traffic.series());
  renderLimited(limited);
  const updated = new Date(recent.lastSecond * 1000).toISOString().slice(11, 19);
  byId('updated').textContent = `Traffic up to ${updated} UTC`;
}

async function refreshRules(): Promise<void> {
  renderRules(await getJson<RulesAnswer>('/console/api/rules'));
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
every(RULES_INTERVAL_MS, refreshRules);
every(LIVE_INTERVAL_MS, refreshLive);
