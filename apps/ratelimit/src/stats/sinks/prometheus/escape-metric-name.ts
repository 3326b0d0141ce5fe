// statsd_exporter mapper.EscapeMetricName: every character outside [a-zA-Z0-9_] becomes `_`
// (a second `-` right after a `-` is dropped), and a leading digit gets a `_` in front.
export function escapeMetricName(name: string): string {
  let escaped = /^[0-9]/.test(name) ? '_' : '';
  let previous = '';
  for (const char of name) {
    if (/[a-zA-Z0-9_]/.test(char)) escaped += char;
    else if (!(char === '-' && previous === '-')) escaped += '_';
    previous = char;
  }
  return escaped;
}
