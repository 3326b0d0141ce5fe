// "Traffic": one row per stats key with its 15-minute chart and rates, sortable.
import type { TrafficSeries } from './api-types';
import { byId, el } from './dom';
import { sparkline } from './sparkline';

const LAST_MINUTE = 60;

interface Row {
  readonly series: TrafficSeries;
  readonly requestsPerSecond: number;
  readonly overPerSecond: number;
}

let latest: readonly TrafficSeries[] = [];

/** Renders `series` (or, when the sort order changes, the last series again). */
export function renderTraffic(series: readonly TrafficSeries[] = latest): void {
  latest = series;
  const rows = series.map(toRow).sort(comparator(byId<HTMLSelectElement>('traffic-sort').value));
  const body = byId<HTMLTableElement>('traffic').tBodies[0];
  body.replaceChildren(...rows.map(renderRow));
  byId('traffic-empty').hidden = rows.length > 0;
}

function toRow(series: TrafficSeries): Row {
  return {
    series,
    requestsPerSecond: sum(series.requests.slice(-LAST_MINUTE)) / LAST_MINUTE,
    overPerSecond: sum(series.overLimit.slice(-LAST_MINUTE)) / LAST_MINUTE,
  };
}

function comparator(sortBy: string): (a: Row, b: Row) => number {
  const byKey = (a: Row, b: Row) => (a.series.statsKey < b.series.statsKey ? -1 : 1);
  if (sortBy === 'key') return byKey;
  if (sortBy === 'requests') return (a, b) => b.requestsPerSecond - a.requestsPerSecond || byKey(a, b);
  return (a, b) =>
    b.overPerSecond - a.overPerSecond || sum(b.series.overLimit) - sum(a.series.overLimit) || byKey(a, b);
}

function renderRow({ series, requestsPerSecond, overPerSecond }: Row): HTMLTableRowElement {
  const { statsKey, requests, nearLimit, overLimit } = series;
  const chart = sparkline(
    [
      { name: 'requests', values: requests },
      { name: 'near', values: nearLimit },
      { name: 'over', values: overLimit },
    ],
    `${statsKey}: hits per second, last 15 minutes`,
  );
  return el(
    'tr',
    { 'aria-label': statsKey },
    el('td', { class: 'stats-key' }, statsKey),
    el('td', {}, chart),
    el('td', { class: 'number' }, requestsPerSecond.toFixed(2)),
    el('td', { class: 'number' }, overPerSecond.toFixed(2)),
    el('td', { class: 'number' }, sum(requests)),
    el('td', { class: 'number' }, sum(nearLimit)),
    el('td', { class: 'number' }, sum(overLimit)),
  );
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}
