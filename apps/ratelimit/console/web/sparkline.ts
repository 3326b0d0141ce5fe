// A small SVG chart of per-second series on one scale (the largest value of any of them).
const SVG = 'http://www.w3.org/2000/svg';
const HEIGHT = 100;

export function sparkline(
  series: readonly { name: string; values: readonly number[] }[],
  label: string,
): SVGSVGElement {
  const length = Math.max(1, ...series.map(({ values }) => values.length));
  const max = Math.max(1, ...series.flatMap(({ values }) => values));
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'chart');
  svg.setAttribute('viewBox', `0 0 ${length} ${HEIGHT}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('width', '300');
  svg.setAttribute('height', '44');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  for (const { name, values } of series) {
    const line = document.createElementNS(SVG, 'polyline');
    line.setAttribute('class', name);
    line.setAttribute('vector-effect', 'non-scaling-stroke');
    line.setAttribute(
      'points',
      values.map((value, i) => `${i},${HEIGHT - (value / max) * (HEIGHT - 2)}`).join(' '),
    );
    svg.append(line);
  }
  return svg;
}
