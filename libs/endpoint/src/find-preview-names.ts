/**
 * Preview names already in an accept value: in each maximal run of word characters and `-`,
 * the text before the run's last `-preview` (if not empty). The lookbehind lets a match start
 * only where a run starts, so each run is scanned once (linear, ReDoS-safe).
 */
export function findPreviewNames(accept: string): string[] {
  return accept.match(/(?<![-\w])[-\w]+(?=-preview)/g) || [];
}
