import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { niceTicks, renderSoakSvg, SOAK_PANELS } from './soak-chart';
import type { SoakSample } from './soak-sampler';

describe(niceTicks.name, () => {
  it('steps of 1, 2 or 5 times a power of ten, from 0 to at least the maximum', () => {
    assert.deepEqual(niceTicks(512), [0, 200, 400, 600]);
    assert.deepEqual(niceTicks(30), [0, 10, 20, 30]);
    assert.deepEqual(niceTicks(0.9), [0, 0.2, 0.4, 0.6, 0.8, 1]);
    assert.deepEqual(niceTicks(0), [0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
});

describe(renderSoakSvg.name, () => {
  const sample = (seconds: number, rssMiB: number) =>
    ({
      seconds,
      rssMiB,
      heapUsedMiB: rssMiB / 2,
      handles: 14,
      fds: 28,
      loopDelayP99Ms: 30,
      callsPerSecond: 2000,
    }) as SoakSample;

  it('draws one line per series, the warm-up, and escapes the titles', () => {
    const sut = renderSoakSvg(
      [sample(60, 300), sample(120, 310), sample(180, 305)],
      'RSS <flat> & fine',
      'sub',
      60,
    );
    const series = SOAK_PANELS.flatMap((panel) => panel.series);
    assert.equal(sut.match(/<polyline /g)?.length, series.length);
    assert.ok(sut.includes('RSS &lt;flat&gt; &amp; fine'));
    // The warm-up (60 of 180 s) is the shaded first third of each plot.
    assert.match(sut, /<rect x="56" y="76" width="136" height="212" fill="#eee"\/>/);
    assert.ok(
      sut.startsWith(
        '<svg xmlns="http://www.w3.org/2000/svg" width="960" height="600" shape-rendering="crispEdges"',
      ),
    );
  });
});
