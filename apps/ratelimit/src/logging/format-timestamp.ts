// Timestamps as Go formats them: time.RFC3339 (text logs) and time.RFC3339Nano (JSON logs), in UTC.

/** `2026-11-22T05:04:49Z` (seconds precision). */
export function formatRfc3339(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d+Z$/, 'Z');
}

/** `2026-11-22T05:04:49.12Z`: like Go's RFC3339Nano, trailing zeros of the fraction dropped. */
export function formatRfc3339Nano(epochMs: number): string {
  return new Date(epochMs)
    .toISOString()
    .replace(/\.(\d*?)0*Z$/, (_, digits: string) => (digits ? `.${digits}Z` : 'Z'));
}
