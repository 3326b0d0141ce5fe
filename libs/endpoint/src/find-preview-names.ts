import { isWordChar } from './url-template/extract-used-names';

const DASH = 45;
const PREVIEW_SUFFIX = '-preview';

/**
 * Preview names already in an accept value: within each maximal run of word
 * characters and `-`, the text before the run's last `-preview` (if not empty). Same result as
 * the reference's /(?<![\w-])[\w-]+(?=-preview)/g, in one linear pass (ReDoS-safe).
 */
export function findPreviewNames(accept: string): string[] {
  const names: string[] = [];
  let index = 0;
  while (index < accept.length) {
    if (!isNameChar(accept.charCodeAt(index))) {
      index++;
      continue;
    }
    let end = index + 1;
    while (end < accept.length && isNameChar(accept.charCodeAt(end))) end++;
    const run = accept.slice(index, end);
    const suffixAt = run.lastIndexOf(PREVIEW_SUFFIX);
    if (suffixAt > 0) names.push(run.slice(0, suffixAt));
    index = end;
  }
  return names;
}

function isNameChar(code: number): boolean {
  return code === DASH || isWordChar(code);
}
