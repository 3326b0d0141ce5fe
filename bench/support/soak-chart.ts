// The soak plot as an SVG (no dependency; soak-png.ts turns it into the PNG of the docs): four
// panels over time — memory, handles, event-loop delay, calls per second — with the warm-up
// shaded, so a leak shows as a line that keeps climbing after the shaded part.
import type { SampleMetric } from './soak-growth';
import type { SoakSample } from './soak-sampler';

export interface ChartSeries {
  readonly metric: SampleMetric;
  readonly label: string;
  readonly color: string;
}

export interface ChartPanel {
  readonly title: string;
  readonly series: readonly ChartSeries[];
}

export const SOAK_PANELS: readonly ChartPanel[] = [
  {
    title: 'memory (MiB)',
    series: [
      { metric: 'rssMiB', label: 'RSS', color: '#1f77b4' },
      { metric: 'heapUsedMiB', label: 'heap used', color: '#ff7f0e' },
    ],
  },
  {
    title: 'file descriptors, handles',
    series: [
      { metric: 'fds', label: 'open fds', color: '#2ca02c' },
      { metric: 'handles', label: 'active handles', color: '#d62728' },
    ],
  },
  {
    title: 'event-loop delay p99 (ms)',
    series: [{ metric: 'loopDelayP99Ms', label: 'p99', color: '#9467bd' }],
  },
  {
    title: 'gRPC calls per second',
    series: [{ metric: 'callsPerSecond', label: 'calls/s', color: '#8c564b' }],
  },
];

export const CHART_WIDTH = 960;
export const CHART_HEIGHT = 600;
const HEADER = 48;
const PANEL = { width: CHART_WIDTH / 2, height: (CHART_HEIGHT - HEADER) / 2 };
const PLOT = { left: 56, right: 16, top: 28, bottom: 36 };

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** 0, a round step (1, 2 or 5 × 10^k) and its multiples up to at least `max`. */
export function niceTicks(max: number, count = 5): number[] {
  const safeMax = max > 0 ? max : 1;
  const rough = safeMax / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough) ?? 10 * power;
  const ticks = [];
  for (let tick = 0; tick < safeMax + step; tick += step) ticks.push(Number(tick.toPrecision(12)));
  return ticks;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function renderSoakSvg(
  samples: readonly SoakSample[],
  title: string,
  subtitle: string,
  warmupSeconds: number,
): string {
  const totalSeconds = Math.max(samples.at(-1)?.seconds ?? 0, 1);
  const panels = SOAK_PANELS.map((panel, i) => {
    const box = {
      x: (i % 2) * PANEL.width + PLOT.left,
      y: HEADER + Math.floor(i / 2) * PANEL.height + PLOT.top,
      width: PANEL.width - PLOT.left - PLOT.right,
      height: PANEL.height - PLOT.top - PLOT.bottom,
    };
    return renderPanel(panel, box, samples, totalSeconds, warmupSeconds);
  });
  return [
    // crispEdges: lines without anti-aliasing keep the PNG to a few hundred colours, 45 KB instead of 115 KB.
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" shape-rendering="crispEdges" font-family="DejaVu Sans, Arial, sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="16" y="20" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
    `<text x="16" y="38" font-size="12" fill="#444">${escapeXml(subtitle)}</text>`,
    ...panels,
    '</svg>',
  ].join('\n');
}

interface Scale {
  x(seconds: number): number;
  y(value: number): number;
}

function renderPanel(
  panel: ChartPanel,
  box: Box,
  samples: readonly SoakSample[],
  totalSeconds: number,
  warmupSeconds: number,
): string {
  const max = Math.max(...panel.series.flatMap((series) => samples.map((sample) => sample[series.metric])));
  const yTicks = niceTicks(max);
  const yMax = yTicks.at(-1) ?? 1;
  const scale: Scale = {
    x: (seconds) => box.x + (seconds / totalSeconds) * box.width,
    y: (value) => box.y + box.height - (value / yMax) * box.height,
  };
  const warmupWidth = scale.x(warmupSeconds) - box.x;
  return [
    `<rect x="${box.x}" y="${box.y}" width="${warmupWidth}" height="${box.height}" fill="#eee"/>`,
    `<text x="${box.x}" y="${box.y - 10}" font-size="12" font-weight="bold">${escapeXml(panel.title)}</text>`,
    ...renderAxes(box, scale, yTicks, totalSeconds),
    ...renderLines(panel, box, scale, samples),
  ].join('\n');
}

function renderAxes(box: Box, scale: Scale, yTicks: readonly number[], totalSeconds: number): string[] {
  const bottom = box.y + box.height;
  return [
    ...yTicks.map(
      (tick) =>
        `<line x1="${box.x}" x2="${box.x + box.width}" y1="${scale.y(tick)}" y2="${scale.y(tick)}" stroke="#ddd"/>` +
        `<text x="${box.x - 6}" y="${scale.y(tick) + 4}" text-anchor="end">${tick}</text>`,
    ),
    ...minuteTicks(totalSeconds).map(
      (minute) =>
        `<text x="${scale.x(minute * 60)}" y="${bottom + 14}" text-anchor="middle">${minute}</text>`,
    ),
    `<text x="${box.x + box.width}" y="${bottom + 28}" text-anchor="end" fill="#444">minutes</text>`,
    `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="none" stroke="#888"/>`,
  ];
}

/** One line per series, and its legend entry right-aligned above the plot. */
function renderLines(panel: ChartPanel, box: Box, scale: Scale, samples: readonly SoakSample[]): string[] {
  const parts: string[] = [];
  let legendX = box.x + box.width - panel.series.reduce((width, series) => width + legendWidth(series), 0);
  for (const series of panel.series) {
    const points = samples.map(
      (sample) => `${scale.x(sample.seconds).toFixed(1)},${scale.y(sample[series.metric]).toFixed(1)}`,
    );
    parts.push(
      `<polyline fill="none" stroke="${series.color}" stroke-width="1.5" points="${points.join(' ')}"/>`,
      `<rect x="${legendX}" y="${box.y - 19}" width="10" height="10" fill="${series.color}"/>` +
        `<text x="${legendX + 14}" y="${box.y - 10}">${escapeXml(series.label)}</text>`,
    );
    legendX += legendWidth(series);
  }
  return parts;
}

/** Colour box, label (about 6.5 px a character at 11 px) and a gap. */
const legendWidth = (series: ChartSeries) => 14 + Math.ceil(series.label.length * 6.5) + 12;

/** About ten labelled minutes along the time axis. */
function minuteTicks(totalSeconds: number): number[] {
  const minutes = totalSeconds / 60;
  const step = niceTicks(minutes, 10)[1] ?? 1;
  const ticks = [];
  for (let minute = 0; minute <= minutes + 1e-9; minute += step) ticks.push(Number(minute.toPrecision(12)));
  return ticks;
}
